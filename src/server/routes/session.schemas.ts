/** Answer and request schemas of routes/session.ts, `as const` for the json-schema-to-ts type provider. */
import { MFA_METHODS } from '../../domain/enums';

export const signature = { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] } as const;

export const permissions = {
  type: 'object',
  description: 'permission key -> scope (all, tenant, own), plus is_internal and role',
  additionalProperties: { type: ['string', 'boolean'] },
} as const;

export const identityParams = { type: 'object', properties: { sub: { type: 'integer' } }, required: ['sub'] } as const;

const nullableInteger = { type: ['integer', 'null'] } as const;
const mfaMethod = { type: ['string', 'null'], enum: [...MFA_METHODS, null] } as const;

export const identity = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    fullName: { type: 'string' },
    full_name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    tenant_id: nullableInteger,
    tenantId: nullableInteger,
    is_internal: { type: 'boolean' },
    mfa_enabled: { type: 'boolean' },
    totp_enabled: { type: 'boolean' },
    has_passkey: { type: 'boolean' },
    preferred_mfa_method: mfaMethod,
    attendance_tracking_enabled: { type: 'boolean' },
    last_login: { type: ['string', 'null'], format: 'date-time' },
    settings: { type: 'object', additionalProperties: true },
    user_hash: { type: 'string' },
    permissions,
  },
  required: ['id', 'fullName', 'full_name', 'email', 'role', 'tenant_id', 'tenantId', 'is_internal', 'mfa_enabled'],
} as const;

/** Preference keys to merge into the user's settings; preferred_mfa_method is kept apart. */
export const settingsBody = {
  type: 'object',
  properties: { preferred_mfa_method: { type: ['string', 'null'] } },
  maxProperties: 100,
  additionalProperties: true,
} as const;

export const settingsResponse = {
  type: 'object',
  properties: { settings: { type: 'object', additionalProperties: true }, preferred_mfa_method: { type: ['string', 'null'] } },
  required: ['settings', 'preferred_mfa_method'],
} as const;

/** The open attendance of the caller, or null when not checked in. */
export const ongoingAttendance = {
  type: ['object', 'null'],
  properties: { id: { type: 'integer' } },
  required: ['id'],
} as const;

export const featureFlags = { type: 'object', description: 'flag key -> value', additionalProperties: true } as const;
