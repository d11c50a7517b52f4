import type { FromSchema } from 'json-schema-to-ts';
import { CARE_PLAN_NAME_MAX } from '../../src/domain/clinical/carePlans';
import { CODED_SEARCH_LIMIT } from '../../src/domain/clinical/medicalHistory';
import { carePlanContentSchema } from '../entities/carePlan';
import { pathId } from './common';

export { idParams } from './common';
export { patientParams } from './clinicalRecord';

/**
 * The medical history's bespoke calls (spec 001 section 7, "Patient record"; routes/medicalHistory/README.md):
 * terminology searches, No Known Allergies, a medication's stop, and care plans.
 */

export const patientRecordParams = { type: 'object', properties: { patient_id: pathId, id: pathId }, required: ['patient_id', 'id'] } as const;

/** The search text: the 3-character minimum is the route's own 422 ('Type at least 3 characters to search'). */
const searchText = { type: 'string', maxLength: 200 } as const;
const limit = { type: 'integer', minimum: 1, maximum: CODED_SEARCH_LIMIT, default: CODED_SEARCH_LIMIT } as const;

export const medicationSearchQuery = {
  type: 'object',
  properties: { q: searchText, limit },
  required: ['q'],
  additionalProperties: false,
} as const;
export const rxcuiParams = { type: 'object', properties: { rxcui: { type: 'string', pattern: '^[0-9]{1,10}$' } }, required: ['rxcui'] } as const;

export const snomedSearchQuery = {
  type: 'object',
  properties: {
    query: searchText,
    category: { type: 'string', enum: ['food', 'medication', 'environment', 'biologic', 'reaction'] },
    limit,
  },
  required: ['query'],
  additionalProperties: false,
} as const;
export const snomedCodeParams = { type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]{6,18}$' } }, required: ['code'] } as const;

const planName = { type: 'string', maxLength: CARE_PLAN_NAME_MAX } as const;

/** POST care-plans (spec 001 section 3, "Care-plan creation"): the template is required, the name defaults to the template's. */
export const carePlanCreateBody = {
  type: 'object',
  properties: {
    patient_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    care_plan_template_id: { type: 'string', minLength: 1, maxLength: 100 },
    plan_name: { type: ['string', 'null'], maxLength: CARE_PLAN_NAME_MAX },
    /** Who added it: the caller, whatever the body says (kept for the spec's payload). */
    added_by: { type: ['integer', 'null'] },
  },
  required: ['patient_id', 'care_plan_template_id'],
  additionalProperties: false,
} as const;
export type CarePlanCreateBody = FromSchema<typeof carePlanCreateBody>;

/** PUT care-plans/{id} and POST care-plans/{id}/revise: the name (required, spec 001 section 5) and the 12 sections. */
export const carePlanEditBody = {
  type: 'object',
  properties: {
    plan_name: planName,
    content: carePlanContentSchema,
  },
  required: ['plan_name', 'content'],
  additionalProperties: false,
} as const;
export type CarePlanEditBody = FromSchema<typeof carePlanEditBody>;

/** GET care-plan-templates: every template, or those a picker asks for (`filter={"q": "heart"}`, `{"id[in]": ["copd"]}`). */
export const templateQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string', maxLength: 2000 },
    sort: { type: 'string', maxLength: 64 },
    order: { type: 'string', maxLength: 8 },
    skip: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
  additionalProperties: false,
} as const;
