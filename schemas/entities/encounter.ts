import type { FromSchema } from 'json-schema-to-ts';
import { ENCOUNTER_CLASSES, ENCOUNTER_STATUSES, ENCOUNTER_TYPES, RECORD_SOURCES } from '../../src/domain/clinical/medicalHistory';

/**
 * An encounter (spec 001 sections 3 and 5): a visit, stay or call with its dates (yyyy-mm-dd), status,
 * type, class, department and notes (start date, status, type, class and notes required). Only the
 * product's own encounters are changed here (spec 001 section 6).
 */
export const encounterSchema = {
  title: 'Encounter',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    start_date: { type: 'string', format: 'date' },
    end_date: { type: ['string', 'null'], format: 'date' },
    status: { type: 'string', enum: ENCOUNTER_STATUSES },
    encounter_type: { type: 'string', enum: ENCOUNTER_TYPES },
    encounter_class: { type: 'string', enum: ENCOUNTER_CLASSES },
    department: { type: ['string', 'null'], maxLength: 200 },
    notes: { type: 'string', minLength: 1, maxLength: 4000 },
    source: { type: 'string', enum: RECORD_SOURCES, readOnly: true },
    /** The clinical activity run whose answer asked for the encounter (issue 23), if any. */
    clinical_activity_instance_id: { type: ['integer', 'null'], readOnly: true },
    author_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'start_date', 'status', 'encounter_type', 'encounter_class', 'notes'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Encounter = FromSchema<typeof encounterSchema>;
