import type { FromSchema } from 'json-schema-to-ts';
import { CLINICAL_ACTIVITY_STATUSES } from '../../src/domain/patientRecord';

/** A person read through a join (null when the column is): the clinician, the reviewer. */
const person = {
  type: ['object', 'null'],
  readOnly: true,
  properties: { id: { type: 'integer' }, full_name: { type: 'string' } },
  additionalProperties: false,
} as const;

/**
 * A run of a clinical activity for a patient (spec 001 section 3 "Clinical activity instance"; 002
 * section 3 "Activity instance"): the exact activity template version it ran and its family, the
 * answers and times (`data_json`), who ran it and who reviewed it. Every field is the server's: runs
 * are written by the runner's calls (src/server/routes/clinicalActivities/README.md, "Runs"), whose
 * bodies are payloads/clinicalActivityInstances.ts. `title` is the activity's title when the run
 * started (ours: it names the run in the record's lists without reading the template).
 *
 * The names the review list shows come through joins: the patient's (`patient.user_full_name`, the
 * patient row's copy of the account's name, which `q` searches), the provider's, the clinician's and
 * the reviewer's.
 */
export const clinicalActivityInstanceSchema = {
  title: 'Clinical activity instance',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    activity_template_id: { type: ['integer', 'null'], readOnly: true },
    activity_template_family_id: { type: ['integer', 'null'], readOnly: true },
    title: { type: 'string', readOnly: true },
    status: { type: 'string', enum: CLINICAL_ACTIVITY_STATUSES, readOnly: true },
    /** Per step key: time_taken (s), time_taken_out_of_range_reason, additional_notes, answers; plus the reviewer's time_overrides (s by step key). */
    data_json: { type: 'object', readOnly: true },
    practitioner_id: { type: ['integer', 'null'], readOnly: true },
    reviewed_by_id: { type: ['integer', 'null'], readOnly: true },
    reviewed_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    /** The day the activity was completed, in the provider's time zone. */
    completion_date: { type: ['string', 'null'], format: 'date', readOnly: true },
    /** Ours: the reviewer's reason when a run is rejected. */
    rejection_reason: { type: ['string', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
    completed_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    patient: {
      type: 'object',
      readOnly: true,
      properties: { id: { type: 'integer' }, user_full_name: { type: 'string' } },
      additionalProperties: false,
    },
    provider: { type: 'object', readOnly: true, properties: { id: { type: 'integer' }, name: { type: 'string' } }, additionalProperties: false },
    practitioner: person,
    reviewed_by: person,
  },
  required: ['id', 'patient_id', 'title', 'status', 'created_at'],
  additionalProperties: false,
} as const;

/**
 * A run as every call answers it: the stored record plus what the server works out from its
 * template's steps (src/domain/clinicalActivities/runner.ts): `activity_duration`, the seconds of
 * its steps (the reviewer's override where given), and `completion_percent`, the share of its
 * enabled items answered; null for a run without a template (written before templates existed).
 * Reading one run adds `activity_template`, the exact version it runs, with its steps.
 */
export const clinicalActivityInstanceRowSchema = {
  ...clinicalActivityInstanceSchema,
  title: 'Clinical activity instance row',
  properties: {
    ...clinicalActivityInstanceSchema.properties,
    activity_duration: { type: ['integer', 'null'], readOnly: true },
    completion_percent: { type: ['integer', 'null'], minimum: 0, maximum: 100, readOnly: true },
    // The exact version it runs (schemas/entities/activityTemplate.ts), kept a plain object here so
    // that the console's data model carries no template schema into every list page (issue 20).
    activity_template: { type: ['object', 'null'], readOnly: true },
  },
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type ClinicalActivityInstance = FromSchema<typeof clinicalActivityInstanceSchema>;
