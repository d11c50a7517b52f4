import type { FromSchema } from 'json-schema-to-ts';
import { SUMMARY_PERIOD_NAMES } from '../../src/domain/clinical/recordValues';

/**
 * An AI summary of a patient's period (spec 001 section 3, "AI summary"), written by POST
 * foundation-model-responses/patient-summary. `method` says how it was made: 'built-in' (the
 * factual summariser, no network) or 'model:{name}' (an OpenAI-compatible endpoint).
 */
export const foundationModelResponseSchema = {
  title: 'AI summary',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    kind: { type: 'string', enum: ['patient_summary'], readOnly: true },
    content: { type: 'string', readOnly: true },
    start_date: { type: 'string', format: 'date', readOnly: true },
    end_date: { type: 'string', format: 'date', readOnly: true },
    method: { type: 'string', readOnly: true },
    /** The Generate form's choice (spec 001 section 5), sent instead of the dates: the period back from today. No column. */
    period: { type: 'string', enum: SUMMARY_PERIOD_NAMES, writeOnly: true },
    author_id: { type: ['integer', 'null'], readOnly: true },
    author_name: { type: ['string', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'content', 'start_date', 'end_date', 'method', 'created_at'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type FoundationModelResponse = FromSchema<typeof foundationModelResponseSchema>;
