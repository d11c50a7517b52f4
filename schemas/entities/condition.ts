import type { FromSchema } from 'json-schema-to-ts';
import { CONDITION_CATEGORIES, CONDITION_STATUSES, RECORD_SOURCES } from '../../src/domain/clinical/medicalHistory';

const day = { type: ['string', 'null'], format: 'date' } as const;

/**
 * A condition (spec 001 sections 3 and 5): a diagnosis coded in ICD-10-CM (`additional_info.icd10_id`,
 * required, one of the newest loaded release), a status, dates and notes. The server names it after
 * the code's description and creates it as a diagnosis of the product; only the product's own
 * conditions are changed here (spec 001 section 6).
 */
export const conditionSchema = {
  title: 'Condition',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    name: { type: 'string', readOnly: true },
    category: { type: 'string', enum: CONDITION_CATEGORIES, readOnly: true },
    status: { type: 'string', enum: CONDITION_STATUSES },
    source: { type: 'string', enum: RECORD_SOURCES, readOnly: true },
    start_date: day,
    end_date: day,
    additional_info: {
      type: 'object',
      properties: {
        icd10_id: { type: 'string', minLength: 3, maxLength: 8 },
        notes: { type: ['string', 'null'], maxLength: 4000 },
      },
      required: ['icd10_id'],
      additionalProperties: false,
    },
    icd10_id: { type: ['string', 'null'], readOnly: true },
    author_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'status', 'additional_info'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Condition = FromSchema<typeof conditionSchema>;
