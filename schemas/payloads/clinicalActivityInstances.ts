import type { FromSchema } from 'json-schema-to-ts';
import { AVAILABLE_PAGE_SIZE, MAX_ACTIVITY_SECONDS } from '../../src/domain/clinicalActivities/catalog';
import { ACTIVITY_TEMPLATE_LIMITS } from '../entities/activityTemplate';
import { STEP_TEMPLATE_LIMITS } from '../entities/stepTemplate';
import { pathId } from './common';

export { idParams } from './common';

/**
 * The runs' calls (spec 001 section 7 "Clinical activities"; 002 section 7 "Clinical activity
 * instances"; src/server/routes/clinicalActivities/README.md, "Runs"). What the JSON Schemas below
 * cannot say (a key that is no step of the run's template, an answer to no item of the step, an
 * answer of the wrong kind for its item) the service checks against the run's template.
 */

/** Sizes (ours: the spec names none). The runner autosaves a run every second of typing: a run stays small. */
export const RUN_LIMITS = {
  /** Seconds a step may be said to take: a day (no step takes longer; the activity's 60 minutes are checked on completion). */
  seconds: STEP_TEMPLATE_LIMITS.seconds,
  text: 5000,
  reason: 2000,
  answers: STEP_TEMPLATE_LIMITS.items,
  listAnswer: STEP_TEMPLATE_LIMITS.options,
  /** Patients of one availability call (meta patient_ids). */
  patients: 100,
} as const;

const L = RUN_LIMITS;
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** One answer: a boolean (checklist, yes/no), a text or option id, a number, a list of option ids (multiselect), or none. */
const answerSchema = {
  anyOf: [
    { type: 'string', maxLength: L.text },
    { type: 'null' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'array', items: { type: 'string', maxLength: STEP_TEMPLATE_LIMITS.key }, maxItems: L.listAnswer },
  ],
} as const;

/** What the runner keeps of one step (types.ts StepData). */
const stepDataSchema = {
  type: 'object',
  properties: {
    time_taken: { type: ['number', 'null'], minimum: 0, maximum: L.seconds },
    time_taken_out_of_range_reason: text(L.reason),
    additional_notes: text(L.text),
    answers: { type: 'object', additionalProperties: answerSchema, maxProperties: L.answers },
  },
  additionalProperties: false,
} as const;

/**
 * A run's data_json as the runner sends it: one entry per step key. `time_overrides` is the
 * reviewer's (POST {id}/approve) and is refused here by the service, which also checks the keys
 * against the run's steps.
 */
export const runDataSchema = {
  type: 'object',
  properties: { time_overrides: {} },
  additionalProperties: stepDataSchema,
  maxProperties: ACTIVITY_TEMPLATE_LIMITS.steps,
} as const;

/** POST clinical-activity-instances: start (or resume) a run of the activity for the patient. */
export const startRunBody = {
  type: 'object',
  properties: {
    patient_id: pathId,
    activity_template_id: pathId,
    data_json: runDataSchema,
  },
  required: ['patient_id', 'activity_template_id'],
  additionalProperties: false,
} as const;
export type StartRunBody = FromSchema<typeof startRunBody>;

/** PUT clinical-activity-instances/{id} (autosave, Next) and POST {id}/complete: the answers and times so far. */
export const runDataBody = {
  type: 'object',
  properties: { data_json: runDataSchema },
  required: ['data_json'],
  additionalProperties: false,
} as const;

/** POST clinical-activity-instances/{id}/approve: the reviewer's time of each step, in seconds (002 s5: min 0; ours: at most an activity's 60 minutes). */
export const approveRunBody = {
  type: 'object',
  properties: {
    time_overrides: {
      type: 'object',
      additionalProperties: { type: 'integer', minimum: 0, maximum: MAX_ACTIVITY_SECONDS },
      maxProperties: ACTIVITY_TEMPLATE_LIMITS.steps,
      default: {},
    },
  },
  additionalProperties: false,
} as const;

/** POST clinical-activity-instances/{id}/reject (ours): the reviewer's reason, if any. */
export const rejectRunBody = {
  type: 'object',
  properties: { reason: text(L.reason) },
  additionalProperties: false,
} as const;

/**
 * GET clinical-activities/available: the patient as `patient_id`, or several as the console's data
 * provider sends a list's meta (`meta={"patient_ids": [1, 2]}`, JSON); a page of `limit` entries
 * (25 by default, spec 001 section 9) from `skip`.
 */
export const availableQuery = {
  type: 'object',
  properties: {
    patient_id: pathId,
    meta: { type: 'string', maxLength: 4000 },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: AVAILABLE_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;

export const patientRunParams = { type: 'object', properties: { patient_id: pathId, id: pathId }, required: ['patient_id', 'id'] } as const;
export { patientParams } from './clinicalRecord';
