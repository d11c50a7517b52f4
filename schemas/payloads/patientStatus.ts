import type { FromSchema } from 'json-schema-to-ts';
import { DECLINE_REASONS, PATIENT_STATUSES, UNENROLL_REASONS, UNSEEN_REASONS } from '../../src/domain/enums';

/**
 * Request and answer schemas of the patient status routes (spec 001 section 7). Fields the rules
 * require only in some cases (a decline reason for declined) are optional here: the domain rules
 * of src/domain/patientStatus*.ts decide, and answer 'Field required' at the field like the schema would.
 */

/** POST patients/{id}/status: the status dialog, and Mark consented with the date of birth and acknowledgement. */
export const statusBody = {
  type: 'object',
  properties: {
    patient_status: { type: 'string', enum: PATIENT_STATUSES },
    declined_reason: { type: ['string', 'null'], enum: [...DECLINE_REASONS, null] },
    unseen_reason: { type: ['string', 'null'], enum: [...UNSEEN_REASONS, null] },
    /** Mark consented: the date of birth as entered, checked against the record's. */
    birthdate: { type: ['string', 'null'], format: 'date' },
    /** Mark consented: the care program warning acknowledged (fewer than 2 active care programs). */
    acknowledge_care_programs: { type: ['boolean', 'null'] },
  },
  required: ['patient_status'],
  additionalProperties: false,
} as const;

export type StatusBody = FromSchema<typeof statusBody>;

/** POST patients/{id}/unenroll. */
export const unenrollBody = {
  type: 'object',
  properties: {
    reason: { type: ['string', 'null'], enum: [...UNENROLL_REASONS, null] },
    reason_other: { type: ['string', 'null'], maxLength: 500 },
    team_notified: { type: ['boolean', 'null'] },
    provider_notified: { type: ['boolean', 'null'] },
    /** Keep the assigned devices; device_skip_reason says why. */
    skip: { type: ['boolean', 'null'] },
    device_skip_reason: { type: ['string', 'null'], maxLength: 500 },
  },
  additionalProperties: false,
} as const;

export type UnenrollBody = FromSchema<typeof unenrollBody>;

const missingItems = {
  type: 'array',
  items: {
    type: 'object',
    properties: { key: { type: 'string' }, text: { type: 'string' } },
    required: ['key', 'text'],
    additionalProperties: false,
  },
} as const;

/** GET patients/{id}/can-be-consented. */
export const canBeConsentedAnswer = {
  type: 'object',
  properties: {
    can_be_consented: { type: 'boolean' },
    missing_items: missingItems,
    active_care_programs: { type: 'integer' },
    /** Fewer than 2 active care programs: Mark consented asks for the acknowledgement. */
    needs_care_program_acknowledgement: { type: 'boolean' },
  },
  required: ['can_be_consented', 'missing_items', 'active_care_programs', 'needs_care_program_acknowledgement'],
  additionalProperties: false,
} as const;

/** GET patients/{id}/consented-to-active-progress. */
export const consentedToActiveProgressAnswer = {
  type: 'object',
  properties: {
    patient_status: { type: 'string', enum: PATIENT_STATUSES },
    missing_items: missingItems,
    is_recently_consented_and_claimable: { type: 'boolean' },
  },
  required: ['patient_status', 'missing_items', 'is_recently_consented_and_claimable'],
  additionalProperties: false,
} as const;

/** POST patients/{id}/check-consented-to-active-status (Recheck). */
export const recheckAnswer = {
  type: 'object',
  properties: {
    patient_status: { type: 'string', enum: PATIENT_STATUSES },
    activated: { type: 'boolean' },
    missing_items: missingItems,
  },
  required: ['patient_status', 'activated', 'missing_items'],
  additionalProperties: false,
} as const;
