import type { FromSchema } from 'json-schema-to-ts';
import { PATIENT_STATUSES } from '../../src/domain/enums';

/** One change of a patient's status (spec 001 section 3, Patient status history); written by the server only. */
export const patientStatusHistorySchema = {
  title: 'Patient status change',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    changed_at: { type: 'string', format: 'date-time', readOnly: true },
    old_status: { type: ['string', 'null'], enum: [...PATIENT_STATUSES, null], readOnly: true },
    new_status: { type: 'string', enum: PATIENT_STATUSES, readOnly: true },
    changed_by_id: { type: ['integer', 'null'], readOnly: true },
    changed_by_name: { type: ['string', 'null'], readOnly: true },
    reason: { type: ['string', 'null'], readOnly: true },
  },
  required: ['id', 'patient_id', 'changed_at', 'new_status'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type PatientStatusChange = FromSchema<typeof patientStatusHistorySchema>;
