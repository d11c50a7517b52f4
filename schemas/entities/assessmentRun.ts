import type { FromSchema } from 'json-schema-to-ts';
import { RUN_CATEGORIES, RUN_STATUSES } from '../../src/domain/clinical/recordValues';

/**
 * An assessment run (spec 001 section 3): a questionnaire answered for a patient, scored and triaged
 * by the server (POST patients/{id}/assessments), never edited; a mistaken one is marked entered in
 * error. `result`: {score, max_score, triage, triage_label, interpretation}; `predictions`: the
 * algorithm scores at the time of the run ([{name, value, tier}]).
 */
export const assessmentRunSchema = {
  title: 'Assessment run',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    workflow_name: { type: 'string', readOnly: true },
    name: { type: 'string', readOnly: true },
    category: { type: 'string', enum: RUN_CATEGORIES, readOnly: true },
    status: { type: 'string', enum: RUN_STATUSES, readOnly: true },
    source: { type: 'string', readOnly: true },
    result: { type: 'object', readOnly: true },
    predictions: { type: 'array', readOnly: true },
    questionnaire: { type: 'object', readOnly: true },
    questionnaire_response: { type: 'object', readOnly: true },
    author_id: { type: ['integer', 'null'], readOnly: true },
    author_name: { type: ['string', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    entered_in_error_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    entered_in_error_by_id: { type: ['integer', 'null'], readOnly: true },
  },
  required: ['id', 'patient_id', 'workflow_name', 'name', 'category', 'status', 'result', 'created_at'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type AssessmentRun = FromSchema<typeof assessmentRunSchema>;
