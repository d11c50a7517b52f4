import type { FromSchema } from 'json-schema-to-ts';
import { CARE_SETTINGS, GENDERS, PATIENT_PRIORITIES, PATIENT_STATUSES, PRIMARY_CONDITIONS } from '../../src/domain/enums';

/** The patient's account as nested in a patient record (spec 001 section 3, Patient.user). */
const patientUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    full_name: { type: 'string', readOnly: true },
    first_name: { type: 'string', minLength: 1, maxLength: 100 },
    middle_name: { type: ['string', 'null'], maxLength: 100 },
    last_name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', format: 'email', maxLength: 320 },
    phone_number: { type: ['string', 'null'], maxLength: 32 },
    mobile_phone_number: { type: ['string', 'null'], maxLength: 32 },
    tenant_id: { type: 'integer', readOnly: true },
    registered_on: { type: 'string', format: 'date-time', readOnly: true },
    last_login: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
  // users.email is NOT NULL and unique, so a patient created here needs one (see the resources README).
  required: ['first_name', 'last_name', 'email'],
  additionalProperties: false,
} as const;

/** A patient, core columns (spec 001 section 3). Status changes go through the status workflow, not here. */
export const patientSchema = {
  title: 'Patient',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer' },
    patient_status: { type: 'string', enum: PATIENT_STATUSES, readOnly: true },
    birthdate: { type: ['string', 'null'], format: 'date' },
    gender: { type: ['string', 'null'], enum: [...GENDERS, null] },
    primary_condition: { type: ['string', 'null'], enum: [...PRIMARY_CONDITIONS, null] },
    care_setting: { type: ['string', 'null'], enum: [...CARE_SETTINGS, null] },
    priority: { type: ['string', 'null'], enum: [...PATIENT_PRIORITIES, null], readOnly: true },
    billing_provider_id: { type: ['integer', 'null'] },
    facility_location_id: { type: ['integer', 'null'] },
    notes: { type: ['string', 'null'], maxLength: 10000 },
    has_device: { type: 'boolean', readOnly: true },
    last_device_activity: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    enrolled_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    consented_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    user: patientUserSchema,
  },
  required: ['id', 'tenant_id', 'user'],
  additionalProperties: false,
} as const;

export type Patient = FromSchema<typeof patientSchema>;
