import { CONSENT_MAX_BYTES } from '../../../domain/patientDocuments';

/** The consent form's texts (spec 001 section 8). */
export const CONSENT_UPLOADED = 'Consent form uploaded successfully';
export const uploadFailed = (message: string) => `Error uploading consent form: ${message}`;
export const viewFailed = (message: string) => `Error viewing consent form: ${message}`;
export const NO_SIGNED_LINK = 'No signed link found';

/** What the browser can tell of a chosen file before it is sent (the server checks the content again). */
export function consentFileProblem(file: { size: number; type: string; name: string }): string | undefined {
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return 'Choose a PDF file.';
  if (file.size > CONSENT_MAX_BYTES) return 'The file is larger than 10 MB.';
  if (file.size === 0) return 'The file is empty.';
  return undefined;
}

/** The e-signature's texts (spec 001 section 8). */
export const esignSendFailed = (message: string) => `Error sending eSign request. ${message}`;
export const NO_ESIGN_TO_RESCIND = 'No eSign request to rescind.';
export const esignRescindFailed = (message: string) => `Error rescinding eSign: ${message}`;
export const ESIGN_RESCINDED = 'E-sign request rescinded';
export const esignSent = (to: string) => `E-sign request sent to ${to}`;
export const esignPendingSince = (date: string) => `E-signature pending since ${date}`;

/** A pending e-sign request as GET esign-request answers it. */
export interface EsignRequest {
  id: number;
  patient_id: number;
  status: string;
  use_guardian: boolean;
  signer_email: string;
  requested_on: string;
  expires_at: string;
}

/** What the Send for E-Signature dialog sends. */
export interface EsignDraft {
  signer: 'patient' | 'guardian';
  guardianEmail: string;
  emailOverride: string;
}

/** The dialog's draft as the POST esign-request body. */
export function esignBody(patientId: number, draft: EsignDraft) {
  const guardian = draft.signer === 'guardian';
  const override = draft.emailOverride.trim();
  return {
    patient_id: patientId,
    document_type: 'consent_form',
    request_type: 'email',
    use_guardian: guardian,
    guardian_email: guardian ? draft.guardianEmail.trim() : null,
    email_override: !guardian && override !== '' ? override : null,
  };
}

/** A request's date as the console shows dates: 05/31/2026. */
export const shownDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
