import type { FromSchema } from 'json-schema-to-ts';
import { OBSERVATION_CATEGORIES, OBSERVATION_SOURCES } from '../../src/domain/clinical/recordValues';

/**
 * One reading or self-reported symptom of a patient (spec 001 section 3, "Observation (v2)"), as
 * GET patients/{id}/observations-v2 lists it. Device readings are copied from the device's
 * measurement events by the database (migration 0025); nothing is written through the API. A blood
 * pressure is one observation: value systolic, value2 diastolic.
 */
export const observationSchema = {
  title: 'Observation',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    device_activity_id: { type: ['integer', 'null'], readOnly: true },
    name: { type: 'string', readOnly: true },
    category: { type: 'string', enum: OBSERVATION_CATEGORIES, readOnly: true },
    source: { type: 'string', enum: OBSERVATION_SOURCES, readOnly: true },
    timestamp: { type: 'string', format: 'date-time', readOnly: true },
    timestamp_end: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    value: { type: 'number', readOnly: true },
    value2: { type: ['number', 'null'], readOnly: true },
    unit_text: { type: ['string', 'null'], readOnly: true },
    /** `{text}` as the spec names it (unit.text): computed from unit_text. */
    unit: { type: 'object', properties: { text: { type: ['string', 'null'] } }, readOnly: true },
    additional_info: { type: ['object', 'null'], readOnly: true },
    codes: { type: ['array', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'name', 'category', 'source', 'timestamp', 'value'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Observation = FromSchema<typeof observationSchema>;
