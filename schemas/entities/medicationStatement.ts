import type { FromSchema } from 'json-schema-to-ts';
import { MEDICATION_CATEGORIES, MEDICATION_STATUSES, MEDICATION_UPDATE_REASONS, PERIOD_UNITS, RECORD_SOURCES } from '../../src/domain/clinical/medicalHistory';

const day = { type: ['string', 'null'], format: 'date' } as const;

/**
 * A medication statement (spec 001 sections 3, 4 and 5): an RxNorm medication (`medication.name` and its
 * `codes`), the dose, how often (`frequency` times a `period` of `periodUnit`: 2 a 1 d is twice a day),
 * dates and notes. Created as the product's, outpatient and active; an edit records update_reason
 * incorrect-details, a delete stops it (status stopped, status-change). Only active or in-progress
 * rows of the product are changed here.
 */
export const medicationStatementSchema = {
  title: 'Medication statement',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    medication: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 500 },
        codes: {
          type: 'array',
          maxItems: 5,
          items: {
            type: 'object',
            properties: {
              code: { type: 'string', minLength: 1, maxLength: 20 },
              codeSystem: { type: 'string', maxLength: 100 },
              codeSystemName: { type: 'string', maxLength: 100 },
            },
            required: ['code'],
            additionalProperties: false,
          },
        },
      },
      required: ['name'],
      additionalProperties: false,
    },
    medication_name: { type: ['string', 'null'], readOnly: true },
    dosage: {
      type: 'object',
      properties: {
        dose_quantity: {
          type: 'object',
          properties: { value: { type: 'number', exclusiveMinimum: 0, maximum: 100_000 }, unit: { type: ['string', 'null'], maxLength: 40 } },
          required: ['value'],
          additionalProperties: false,
        },
        timing: {
          type: 'object',
          properties: {
            frequency: { type: 'number', minimum: 0, maximum: 1000 },
            period: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 1000 },
            periodUnit: { type: 'string', enum: PERIOD_UNITS },
          },
          required: ['frequency', 'periodUnit'],
          additionalProperties: false,
        },
        as_needed: { type: ['boolean', 'null'] },
      },
      required: ['dose_quantity', 'timing'],
      additionalProperties: false,
    },
    start_date: day,
    end_date: day,
    additional_info: {
      type: 'object',
      properties: { notes: { type: ['string', 'null'], maxLength: 4000 } },
      additionalProperties: false,
    },
    status: { type: 'string', enum: MEDICATION_STATUSES },
    source: { type: 'string', enum: RECORD_SOURCES, readOnly: true },
    category: { type: 'string', enum: MEDICATION_CATEGORIES, readOnly: true },
    update_reason: { type: ['string', 'null'], enum: [...MEDICATION_UPDATE_REASONS, null], readOnly: true },
    author_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'medication', 'dosage', 'start_date'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type MedicationStatement = FromSchema<typeof medicationStatementSchema>;
