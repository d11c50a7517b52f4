import type { FromSchema } from 'json-schema-to-ts';
import { ALLERGY_CATEGORIES, ALLERGY_SEVERITIES, ALLERGY_STATUSES, MAX_ALLERGY_REACTIONS, RECORD_SOURCES } from '../../src/domain/clinical/medicalHistory';

/** A SNOMED CT concept as the record keeps it: the code, its term, and the system. */
const coded = {
  type: 'object',
  properties: {
    code: { type: 'string', pattern: '^[0-9]{6,18}$' },
    display: { type: 'string', minLength: 1, maxLength: 300 },
    system: { type: 'string', maxLength: 100 },
  },
  required: ['code', 'display'],
  additionalProperties: false,
} as const;

/**
 * An allergy or intolerance (spec 001 sections 3, 4 and 5): category, a SNOMED CT substance, up to 3
 * reactions, severity, status (default active), onset date and notes. Adding one clears the
 * patient's No Known Allergies.
 */
export const allergyIntoleranceSchema = {
  title: 'Allergy intolerance',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    category: { type: 'string', enum: ALLERGY_CATEGORIES },
    substance: coded,
    substance_name: { type: ['string', 'null'], readOnly: true },
    reaction: { type: 'array', items: coded, maxItems: MAX_ALLERGY_REACTIONS },
    reaction_severity: { type: 'string', enum: ALLERGY_SEVERITIES },
    status: { type: 'string', enum: ALLERGY_STATUSES, default: 'active' },
    source: { type: 'string', enum: RECORD_SOURCES, readOnly: true },
    onset_date: { type: ['string', 'null'], format: 'date' },
    notes: { type: ['string', 'null'], maxLength: 4000 },
    author_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'category', 'substance', 'reaction_severity', 'status'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type AllergyIntolerance = FromSchema<typeof allergyIntoleranceSchema>;
