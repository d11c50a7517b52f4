/**
 * Request and answer schemas of the sign-in and account-security calls (spec 000 section 7
 * "Session and identity", spec 002 section 7 "Account security" and "Testing and public pages").
 * Written `as const` so that the json-schema-to-ts type provider derives the handler types.
 */
import { MFA_METHODS } from '../../domain/enums';

export const errorResponse = {
  type: 'object',
  description: '`detail` is a message, or for 422 a list of {loc, msg, type}',
  properties: { detail: {} },
  required: ['detail'],
} as const;

export const messageResponse = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

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
    client_id: { type: 'string', enum: ['webapp'] },
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
