import type { FromSchema } from 'json-schema-to-ts';
import { pathId } from './common';

/**
 * The clinical record's bespoke calls (spec 001 section 7, "Patient record"; routes/clinicalRecord/README.md).
 */

const isoDay = { type: 'string', format: 'date' } as const;

export const patientParams = { type: 'object', properties: { patient_id: pathId }, required: ['patient_id'] } as const;
export const chartParams = {
  type: 'object',
  properties: { patient_id: pathId, measure: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['patient_id', 'measure'],
} as const;
export const runParams = { type: 'object', properties: { patient_id: pathId, id: pathId }, required: ['patient_id', 'id'] } as const;

/** Spec 001 sections 7 and 9 "Charts": timescale, range (default the past 3 months), order, limit 5,000; the table view pages by skip and limit 50. */
export const chartQuery = {
  type: 'object',
  properties: {
    timescale: { type: 'string', enum: ['all', 'day', 'week', 'month'], default: 'all' },
    start_date: isoDay,
    end_date: isoDay,
    order: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'], default: 'asc' },
    limit: { type: 'integer', minimum: 1, maximum: 5000, default: 5000 },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    disable_flagged_filter: { type: 'boolean', default: false },
  },
  additionalProperties: false,
} as const;
export type ChartQuery = FromSchema<typeof chartQuery>;

export const symptomSummaryQuery = {
  type: 'object',
  properties: { timeframe: { type: 'string', enum: ['month', 'week'], default: 'week' } },
  additionalProperties: false,
} as const;

/** POST patients/{id}/assessments: the questionnaire (workflow_name) and the answers by linkId. */
export const assessmentBody = {
  type: 'object',
  properties: {
    workflow_name: { type: 'string', minLength: 1, maxLength: 100 },
    questionnaire_response: {
      type: 'object',
      properties: {
        answers: {
          type: 'object',
          maxProperties: 100,
          propertyNames: { maxLength: 100 },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'boolean' }, { type: 'string', maxLength: 500 }] },
        },
      },
      required: ['answers'],
      additionalProperties: false,
    },
  },
  required: ['workflow_name', 'questionnaire_response'],
  additionalProperties: false,
} as const;
export type AssessmentBody = FromSchema<typeof assessmentBody>;

export const summaryEnabledQuery = {
  type: 'object',
  properties: { patient_id: pathId },
  required: ['patient_id'],
  additionalProperties: false,
} as const;

/** POST foundation-model-responses/patient-summary: the period as dates (spec), or as one of the form's periods. */
export const patientSummaryBody = {
  type: 'object',
  properties: {
    patient_id: pathId,
    start_date: isoDay,
    end_date: isoDay,
    period: { type: 'string', enum: ['past_week', 'past_month', 'past_year'] },
  },
  required: ['patient_id'],
  additionalProperties: false,
} as const;
export type PatientSummaryBody = FromSchema<typeof patientSummaryBody>;
