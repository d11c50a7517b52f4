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
