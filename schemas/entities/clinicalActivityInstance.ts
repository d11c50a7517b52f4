import type { FromSchema } from 'json-schema-to-ts';
import { CLINICAL_ACTIVITY_STATUSES } from '../../src/domain/patientRecord';

/**
 * A run of a clinical activity for a patient (spec 001 section 3, Clinical activity instance), the
 * fields the record's lists show. `title` is ours: what the activity is, until templates name it.
 * The runner (data_json, steps, completion) is not served yet: every field is the server's.
 */
export const clinicalActivityInstanceSchema = {
  title: 'Clinical activity instance',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    activity_template_id: { type: ['integer', 'null'], readOnly: true },
    title: { type: 'string', readOnly: true },
    status: { type: 'string', enum: CLINICAL_ACTIVITY_STATUSES, readOnly: true },
    practitioner_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
    completed_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'title', 'status', 'created_at'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type ClinicalActivityInstance = FromSchema<typeof clinicalActivityInstanceSchema>;
