import type { FromSchema } from 'json-schema-to-ts';
import { VOICE_CALL_DIRECTIONS } from '../../src/domain/patientRecord';

/**
 * A phone call with a patient as the record's Calls tab shows it (spec 001 section 3, Voice call).
 * Calls are recorded by the telephony flow, not typed in: every field is the server's.
 */
export const voiceCallSchema = {
  title: 'Voice call',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    direction: { type: 'string', enum: VOICE_CALL_DIRECTIONS, readOnly: true },
    clinician_id: { type: ['integer', 'null'], readOnly: true },
    /** As it was at the time of the call. */
    clinician_name: { type: ['string', 'null'], readOnly: true },
    /** Seconds. */
    duration: { type: 'integer', minimum: 0, readOnly: true },
    start_time: { type: 'string', format: 'date-time', readOnly: true },
    notes: { type: ['string', 'null'], readOnly: true },
  },
  required: ['id', 'patient_id', 'direction', 'duration', 'start_time'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type VoiceCall = FromSchema<typeof voiceCallSchema>;
