import type { FromSchema } from 'json-schema-to-ts';
import { MONITORING_ACTIVITY_TYPES } from '../../src/domain/enums';

/**
 * A monitoring activity (spec 001 section 3): work logged against a patient. The provider, the
 * author and the practitioner's name are taken from the patient and the caller, never from the body.
 */
export const monitoringActivitySchema = {
  title: 'Monitoring activity',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    tenant_id: { type: 'integer', readOnly: true },
    /** Who did the work; the caller when not given. */
    practitioner_id: { type: ['integer', 'null'] },
    practitioner_name: { type: ['string', 'null'], readOnly: true },
    type: { type: 'string', enum: MONITORING_ACTIVITY_TYPES },
    description: { type: 'string', minLength: 1, maxLength: 10000 },
    /** Seconds. */
    duration: { type: 'integer', minimum: 0, maximum: 86400 },
    data_reviewed: { type: ['boolean', 'null'] },
    patient_contacted: { type: ['boolean', 'null'] },
    stale_measurements: { type: ['boolean', 'null'] },
    reviewed_on: { type: 'string', format: 'date-time' },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    created_by_id: { type: ['integer', 'null'], readOnly: true },
    service_instance_id: { type: ['integer', 'null'] },
    clinical_activity_instance_id: { type: ['integer', 'null'] },
    /**
     * The call this note records (issue 22, "call time becomes care time"): a completed call with the
     * note's patient, named by one note at most. Set when the note is written, never changed after.
     */
    voice_call_id: { type: ['integer', 'null'] },
  },
  required: ['id', 'patient_id', 'type', 'description'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type MonitoringActivity = FromSchema<typeof monitoringActivitySchema>;
