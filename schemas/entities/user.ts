import type { FromSchema } from 'json-schema-to-ts';
import { CARE_PROGRAM_TYPES, MFA_METHODS } from '../../src/domain/enums';
import { ROLES, STAFF_TYPES } from '../../src/domain/roles';

/** Spec 002 section 6: internal users are limited to listed tenants with tenant_scoped. */
export const PATIENT_ACCESS_LEVELS = ['all', 'tenant_scoped'] as const;

/** A staff account (spec 002 section 3, User). Patient accounts are served as patients, not here. */
export const userSchema = {
  title: 'User',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    email: { type: 'string', format: 'email', maxLength: 320 },
    first_name: { type: 'string', minLength: 1, maxLength: 100 },
    middle_name: { type: ['string', 'null'], maxLength: 100 },
    last_name: { type: 'string', minLength: 1, maxLength: 100 },
    full_name: { type: 'string', readOnly: true },
    phone_number: { type: ['string', 'null'], maxLength: 32 },
    mobile_phone_number: { type: ['string', 'null'], maxLength: 32 },
    tenant_id: { type: ['integer', 'null'] },
    role: { type: 'string', enum: ROLES },
    is_internal: { type: 'boolean', readOnly: true },
    is_active: { type: 'boolean' },
    is_provider: { type: 'boolean' },
    npi_number: { type: ['string', 'null'], pattern: '^[0-9]{10}$' },
    credentials: { type: ['string', 'null'], maxLength: 100 },
    staff_type: { type: ['string', 'null'], enum: [...STAFF_TYPES, null] },
    enabled_care_program_types: { type: 'array', items: { type: 'string', enum: CARE_PROGRAM_TYPES }, uniqueItems: true },
    registered_on: { type: 'string', format: 'date-time', readOnly: true },
    last_login: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    is_email_verified: { type: 'boolean', readOnly: true },
    totp_enabled: { type: 'boolean', readOnly: true },
    preferred_mfa_method: { type: ['string', 'null'], enum: [...MFA_METHODS, null], readOnly: true },
    /** Internal users only: whether the user checks in and out (attendance). */
    attendance_tracking_enabled: { type: 'boolean' },
    /**
     * Product analysts only: the operator's grant to publish screens without an admin's review
     * (Screen Studio, issue 21; domain/permissions.ts USER_GRANTS). Set by who may publish screens.
     */
    may_publish_screens: { type: 'boolean' },
    /**
     * Internal users other than the three admin roles (spec 002 section 6): `tenant_scoped` limits
     * them to the providers of their tenant-user-roles. Any other account refuses a change (422).
     */
    patient_access_level: { type: 'string', enum: PATIENT_ACCESS_LEVELS },
    /**
     * Create only: also mail the new account a set-password link (an internal user's invitation).
     * Not stored; an update ignores it.
     */
    send_email_invite: { type: 'boolean', writeOnly: true },
  },
  required: ['id', 'email', 'first_name', 'last_name', 'role'],
  additionalProperties: false,
} as const;

export type User = FromSchema<typeof userSchema>;
