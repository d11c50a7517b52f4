import type { FromSchema } from 'json-schema-to-ts';
import {
  CARE_PROGRAM_TYPES,
  CARE_SETTINGS,
  CREATABLE_DEVICE_TYPES,
  ENROLLMENT_TYPES,
  GENDERS,
  INSURANCE_COVERAGE_TYPES,
  PATIENT_PRIORITIES,
  PATIENT_STATUSES,
  PHONE_TYPES,
  PRIMARY_CONDITIONS,
} from '../../src/domain/enums';
import { usAddressSchema } from './address';
import { patientProfileSchema } from './patientProfile';

/** A phone number as typed: digits with the usual separators and an optional leading +. */
const phone = { type: ['string', 'null'], maxLength: 32, pattern: '^\\+?[0-9 ().-]{7,25}$' } as const;

/** The patient's account as nested in a patient record (spec 001 section 3, Patient.user). */
const patientUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    full_name: { type: 'string', readOnly: true },
    first_name: { type: 'string', minLength: 1, maxLength: 100 },
    middle_name: { type: ['string', 'null'], maxLength: 100 },
    last_name: { type: 'string', minLength: 1, maxLength: 100 },
    /** Optional: a patient needs one only for the mobile app (spec 001 section 5). */
    email: { type: ['string', 'null'], format: 'email', maxLength: 320 },
    is_email_verified: { type: 'boolean', readOnly: true },
    phone_number: phone,
    mobile_phone_number: phone,
    home_phone_number: phone,
    facility_phone_number: phone,
    primary_phone_number_type: { type: ['string', 'null'], enum: [...PHONE_TYPES, null] },
    address: usAddressSchema,
    tenant_id: { type: 'integer', readOnly: true },
    registered_on: { type: 'string', format: 'date-time', readOnly: true },
    last_login: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
  required: ['first_name', 'last_name', 'address'],
  additionalProperties: false,
} as const;

/** An insurance plan of the patient; the first listed is the primary one. */
const insuranceSchema = {
  type: 'object',
  properties: {
    payer: { type: 'string', minLength: 1, maxLength: 100 },
    member_id: { type: ['string', 'null'], maxLength: 50 },
  },
  required: ['payer'],
  additionalProperties: false,
} as const;

/**
 * A patient (spec 001 section 3): identity, monitoring configuration, enrolment details and the
 * profile. Status changes go through the status workflow, not here (patient_status is read-only).
 */
export const patientSchema = {
  title: 'Patient',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer' },
    patient_status: { type: 'string', enum: PATIENT_STATUSES, readOnly: true },
    /** Screening, the only type (spec 001 section 4); Add Patient sends it (spec 001 section 3, "Add-patient payload extras"). */
    enrollment_type: { type: 'string', enum: ENROLLMENT_TYPES },
    /** Required (spec 001 section 5); older rows made outside the form may hold null. */
    birthdate: { type: 'string', format: 'date' },
    gender: { type: 'string', enum: GENDERS },
    primary_condition: { type: ['string', 'null'], enum: [...PRIMARY_CONDITIONS, null] },
    care_setting: { type: ['string', 'null'], enum: [...CARE_SETTINGS, null] },
    priority: { type: ['string', 'null'], enum: [...PATIENT_PRIORITIES, null], readOnly: true },
    /** Required: a user of the patient's provider (src/server/resources/definitions/patientRules.ts). */
    billing_provider_id: { type: 'integer' },
    facility_location_id: { type: ['integer', 'null'] },
    notes: { type: ['string', 'null'], maxLength: 10000 },
    has_device: { type: 'boolean', readOnly: true },
    /** ICD-10 codes of the active care programs, each once, sorted (the demographics card's badges, spec 001 section 2). */
    diagnoses: { type: 'array', items: { type: 'string' }, readOnly: true },
    last_device_activity: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    enrolled_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    consented_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    source: { type: ['string', 'null'], readOnly: true },
    onboarding_appointment_datetime: { type: ['string', 'null'], format: 'date-time' },
    onboarding_appointment_location_id: { type: ['integer', 'null'] },
    onboarding_imei: { type: ['string', 'null'], maxLength: 32 },
    onboarding_notes: { type: ['string', 'null'], maxLength: 2000 },
    eligible_devices: { type: ['array', 'null'], items: { type: 'string', enum: CREATABLE_DEVICE_TYPES }, uniqueItems: true },
    insurances: { type: ['array', 'null'], items: insuranceSchema, maxItems: 5 },
    insurance_coverage_type: { type: ['string', 'null'], enum: [...INSURANCE_COVERAGE_TYPES, null] },
    expected_care_program: { type: ['string', 'null'], enum: [...CARE_PROGRAM_TYPES, null] },
    expected_onboarding_user_id: { type: ['integer', 'null'] },
    virtual_enrollment: { type: ['boolean', 'null'] },
    enrolled_by_id: { type: ['integer', 'null'], readOnly: true },
    is_valid_enrollment: { type: 'boolean', readOnly: true },
    valid_enrollment_met_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    /** Computed on read (the Valid / Not met badge of /account/enrolled-patients): definitions/patients.ts ENROLLMENT_VALID. */
    enrollment_valid: { type: 'boolean', readOnly: true },
    /** The dates, actors and reasons of the status changes (spec 001 section 3), set by the status workflow. */
    consented_by_id: { type: ['integer', 'null'], readOnly: true },
    declined_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    declined_by_id: { type: ['integer', 'null'], readOnly: true },
    declined_reason: { type: ['string', 'null'], readOnly: true },
    unseen_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    unseen_by_id: { type: ['integer', 'null'], readOnly: true },
    unseen_reason: { type: ['string', 'null'], readOnly: true },
    unenrolled_date: { type: ['string', 'null'], format: 'date', readOnly: true },
    unenrolled_by_id: { type: ['integer', 'null'], readOnly: true },
    unenrolled_reason: { type: ['string', 'null'], readOnly: true },
    unenrolled_reason_other: { type: ['string', 'null'], readOnly: true },
    /** The first measurement of the patient's devices; last_device_activity is the latest. */
    first_device_activity: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    /** The types of the active care programs, each once (`care_program_types[in]` / `[inall]`). */
    care_program_types: { type: 'array', items: { type: 'string', enum: CARE_PROGRAM_TYPES }, readOnly: true },
    has_no_care_program: { type: 'boolean', readOnly: true },
    profile: patientProfileSchema,
    /**
     * Kept by the care-plan workflow. A patient write may carry it (spec 001 section 5: the edit
     * form's payload used to), and the server ignores it there.
     */
    care_plan: { type: ['object', 'null'] },
    /** When the active care plan was last reviewed or revised (spec 001 section 3; routes/medicalHistory). */
    care_plan_last_reviewed: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    /** The patient's current consent form (patient-documents; spec 001 section 2, profile section 7). */
    consent_form_document_id: { type: ['integer', 'null'], readOnly: true },
    /** Spec 001 section 4, "Mobile app rejection": when the patient declined the mobile app, or null. */
    rejected_mobile_app_on: { type: ['string', 'null'], format: 'date-time' },
    user: patientUserSchema,
    /**
     * Filter only, never in a record: the patient's current care team, which All Patients filters as
     * `care_team_members.practitioner_id[inall]` / `[notin]` (spec 001 section 7). The server answers it
     * with EXISTS (relations.ts) and, the property being named after a relation, selects no column for it.
     */
    care_team_members: { type: 'object', readOnly: true, properties: { practitioner_id: { type: 'integer' } } },
    /*
     * The other Add Patient payload extras (spec 001 section 3), accepted when a patient is added
     * and never stored as such (src/server/resources/definitions/patientCreate.ts): the account's
     * role, which can only be patient; a one-time password for the patient to set a password with
     * (/otp), answered once as `one_time_password`; the patient's consent, recorded as Mark Consented does.
     */
    role: { type: 'string', enum: ['patient'], writeOnly: true },
    create_one_time_password: { type: 'boolean', writeOnly: true },
    is_patient_consented: { type: 'boolean', writeOnly: true },
  },
  required: ['id', 'tenant_id', 'user', 'birthdate', 'gender', 'billing_provider_id'],
  additionalProperties: false,
} as const;

export type Patient = FromSchema<typeof patientSchema>;
