import { pathId } from './common';

/**
 * The consent form's e-signature (spec 001 sections 3 and 5; src/server/routes/esign/README.md):
 * the staff calls (POST/GET esign-request, DELETE esign-request/{id}, POST esign-request/{id}/resend)
 * and the signer's public calls (GET esign/{slug}, POST esign/{slug}/sign).
 */

/** A signature image's data URL: at most this many characters (its PNG then at most ~150 KB). */
export const SIGNATURE_DATA_URL_MAX = 200_000;

const email = { type: 'string', maxLength: 320 } as const;

export const esignRequestBody = {
  type: 'object',
  properties: {
    patient_id: pathId,
    document_type: { type: 'string', enum: ['consent_form'], default: 'consent_form' },
    request_type: { type: 'string', enum: ['email'], default: 'email' },
    use_guardian: { type: 'boolean', default: false },
    guardian_email: { anyOf: [email, { type: 'null' }] },
    email_override: { anyOf: [email, { type: 'null' }] },
  },
  required: ['patient_id'],
  additionalProperties: false,
} as const;

/** GET esign-request: `filter={"patient_id":3}` (the list convention) or `patient_id=3`. */
export const esignListQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string', maxLength: 200 },
    patient_id: pathId,
  },
  additionalProperties: false,
} as const;

/** An e-sign request as the console sees it (never its slug). */
export const esignRequestResponse = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    patient_id: { type: 'integer' },
    document_type: { type: 'string' },
    request_type: { type: 'string' },
    status: { type: 'string' },
    use_guardian: { type: 'boolean' },
    guardian_email: { type: ['string', 'null'] },
    email_override: { type: ['string', 'null'] },
    signer_email: { type: 'string' },
    requested_on: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'patient_id', 'document_type', 'request_type', 'status', 'use_guardian', 'signer_email', 'requested_on', 'expires_at'],
  additionalProperties: false,
} as const;

/** The slug of a signing link: 32 random bytes, base64url (43 characters). */
export const slugParams = {
  type: 'object',
  properties: { slug: { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' } },
  required: ['slug'],
} as const;

export const signingPageResponse = {
  type: 'object',
  properties: {
    patient_first_name: { type: 'string' },
    document_title: { type: 'string' },
    consent_text: { type: 'string' },
    consent_version: { type: 'string' },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['patient_first_name', 'document_title', 'consent_text', 'consent_version', 'expires_at'],
  additionalProperties: false,
} as const;

export const signBody = {
  type: 'object',
  properties: {
    signer_name: { type: 'string', minLength: 1, maxLength: 200 },
    signature_png: { type: 'string', minLength: 30, maxLength: SIGNATURE_DATA_URL_MAX },
  },
  required: ['signer_name', 'signature_png'],
  additionalProperties: false,
} as const;

export const signResponse = {
  type: 'object',
  properties: { signed: { type: 'boolean' } },
  required: ['signed'],
  additionalProperties: false,
} as const;
