/**
 * Request and answer schemas of the sign-in and account-security calls (spec 000 section 7
 * "Session and identity", spec 002 section 7 "Account security" and "Testing and public pages").
 * Written `as const` so that the json-schema-to-ts type provider derives the handler types; the
 * error and message answers are common.ts's.
 */
import { MFA_METHODS } from '../../src/domain/enums';

export const tokenResponse = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    token_expiry: { type: 'integer', description: 'lifetime of access_token in seconds' },
    token_type: { type: 'string', enum: ['bearer', 'mfa_challenge'] },
    preferred_mfa_method: { type: ['string', 'null'], enum: [...MFA_METHODS, null] },
    available_mfa_methods: { type: 'array', items: { type: 'string', enum: MFA_METHODS } },
  },
  required: ['access_token', 'token_expiry', 'token_type'],
  additionalProperties: false,
} as const;

/** Browser ceremony data passes through to @simplewebauthn/server, which checks it in full. */
export const looseObject = { type: 'object', additionalProperties: true } as const;

const password = { type: 'string', maxLength: 1024 } as const;
const oneTimeToken = { type: 'string', minLength: 1, maxLength: 512 } as const;

export const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 320 },
    password,
    /** `webapp`: the console (staff only); `mobile_app`: the patients' app (patients only). */
    client_id: { type: 'string', enum: ['webapp', 'mobile_app'] },
  },
  required: ['username', 'password', 'client_id'],
} as const;

export const codeBody = {
  type: 'object',
  properties: { code: { type: 'string', minLength: 1, maxLength: 16 } },
  required: ['code'],
} as const;

export const passwordBody = { type: 'object', properties: { password }, required: ['password'] } as const;

export const emailBody = {
  type: 'object',
  properties: { email: { type: 'string', minLength: 1, maxLength: 320 } },
  required: ['email'],
} as const;

export const tokenBody = { type: 'object', properties: { token: oneTimeToken }, required: ['token'] } as const;

/** POST /auth/otp: what the code is (reset and one-time-login codes are `email_user`). */
export const tokenTypeResponse = { type: 'object', properties: { token_type: { type: 'string' } }, required: ['token_type'] } as const;

/** POST /auth/refresh: the token in the body, for clients without cookies; else the cookie. */
export const refreshBody = {
  type: ['object', 'null'],
  properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;

export const setPasswordBody = {
  type: 'object',
  properties: { token: oneTimeToken, new_password: password, new_password_2: password },
  required: ['token', 'new_password', 'new_password_2'],
} as const;

export const changePasswordBody = {
  type: 'object',
  properties: { old_password: password, new_password: password, new_password_2: password },
  required: ['old_password', 'new_password', 'new_password_2'],
} as const;

/** The credential as the browser returns it, either as the body itself or under `credential`. */
export const webauthnBody = {
  type: 'object',
  properties: { credential: looseObject, name: { type: 'string', minLength: 1, maxLength: 100 } },
  additionalProperties: true,
} as const;

export const securityKey = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, created_on: { type: 'string', format: 'date-time' } },
  required: ['id', 'name', 'created_on'],
} as const;

/** GET /auth/webauthn/keys. */
export const securityKeysResponse = { type: 'array', items: securityKey } as const;

/** POST /auth/generate-2fa. */
export const totpSecretResponse = {
  type: 'object',
  properties: {
    secret_key: { type: 'string' },
    qr_code: { type: 'string', description: 'the otpauth:// URI to render as a QR code' },
  },
  required: ['secret_key', 'qr_code'],
} as const;

/** GET /auth/webauthn/register. */
export const passkeyRegistrationQuery = {
  type: 'object',
  properties: { authenticator_type: { type: 'string', enum: ['platform', 'cross-platform'] } },
} as const;

/**
 * DELETE /auth/webauthn/keys/{id}: Ajv reads the id (a bad one is 422 at `["params", "id"]`), as this call always has,
 * within PostgreSQL's integer: `2147483648` reached the database, which failed on it with a 500.
 */
export const securityKeyParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 0, maximum: 2147483647 } },
  required: ['id'],
} as const;

/**
 * POST /auth/webauthn/register/patient/start: a patient's one-time code (otp_login or mobile_invite)
 * and the patient's birth date, `yyyy-mm-dd`.
 */
export const patientPasskeyStartBody = {
  type: 'object',
  properties: { token: oneTimeToken, birthdate: { type: 'string', format: 'date', maxLength: 10 } },
  required: ['token', 'birthdate'],
  additionalProperties: false,
} as const;
