import { MFA_METHODS } from '../src/domain/enums';

/**
 * Who is signed in, as GET /users/{sub}/identity answers it (spec 000 section 3 "Identity") and
 * the console reads it: both spellings of the name and tenant, the second factors, the
 * preferences and the permission map. `as const` for the json-schema-to-ts type provider.
 */

/** GET /permissions, and `permissions` of the identity. */
export const permissions = {
  type: 'object',
  description: 'permission key -> scope (all, tenant, own), plus is_internal and role',
  additionalProperties: { type: ['string', 'boolean'] },
} as const;

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
