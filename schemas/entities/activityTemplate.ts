import type { FromSchema } from 'json-schema-to-ts';
import {
  CARE_PROGRAM_TYPES,
  CLINICIAN_TYPES,
  DAYS_OF_WEEK,
  FREQUENCY_LIMIT_TYPES,
  PERIOD_TYPES,
  RESET_TRIGGERS,
  TRIGGER_CUE_KEYS,
  WEEKS_OF_MONTH,
} from '../../src/domain/clinicalActivities/catalog';
import { DEFAULT_ACTIVITY_CONFIG } from '../../src/domain/clinicalActivities/templates';
import { stepTemplateSchema } from './stepTemplate';

/**
 * An activity template (spec 002 section 3 "Activity template"; types.ts ActivityTemplate): a
 * versioned, ordered list of step template versions with its configuration. The JSON Schema
 * checks shapes, enums and sizes; a left-out part of the configuration takes its value from
 * DEFAULT_ACTIVITY_CONFIG (everything off, no limit, recommendation disabled). The builder's rules
 * beyond it (steps numbered 1..n with unique keys, priority 0 to 100) are `activityTemplateProblems`
 * of the domain, so their texts are the domain's.
 */

/** Sizes (ours: the spec names none). */
export const ACTIVITY_TEMPLATE_LIMITS = {
  title: 200,
  description: 2000,
  steps: 50,
  /** Minutes: the estimate shown to the clinician, at most a day. */
  estimatedDuration: 1440,
  periodValue: 1000,
  occurrences: 10_000,
} as const;

const L = ACTIVITY_TEMPLATE_LIMITS;
const D = DEFAULT_ACTIVITY_CONFIG;
const count = (max: number) => ({ type: 'integer', minimum: 1, maximum: max }) as const;
const nullableCount = (max: number) => ({ type: ['integer', 'null'], minimum: 1, maximum: max }) as const;
const cues = { type: 'array', items: { type: 'string', enum: TRIGGER_CUE_KEYS }, uniqueItems: true, maxItems: TRIGGER_CUE_KEYS.length, default: [] } as const;

/**
 * The frequency limit (spec 002 s5: the limit type required; for `period` the period type, value,
 * max occurrences (min 1) and the reset trigger; for `total` the total limit (min 1)).
 */
const frequencyLimitSchema = {
  type: 'object',
  properties: {
    limit_type: { type: 'string', enum: FREQUENCY_LIMIT_TYPES },
    period_type: { type: ['string', 'null'], enum: [...PERIOD_TYPES, null] },
    period_value: nullableCount(L.periodValue),
    max_occurrences: nullableCount(L.occurrences),
    reset_trigger: { type: ['string', 'null'], enum: [...RESET_TRIGGERS, null] },
    total_occurrences_limit: nullableCount(L.occurrences),
  },
  required: ['limit_type'],
  additionalProperties: false,
  allOf: [
    {
      if: { properties: { limit_type: { const: 'period' } }, required: ['limit_type'] },
      then: {
        required: ['period_type', 'period_value', 'max_occurrences', 'reset_trigger'],
        properties: {
          period_type: { type: 'string' },
          period_value: count(L.periodValue),
          max_occurrences: count(L.occurrences),
          reset_trigger: { type: 'string' },
        },
      },
    },
    {
      if: { properties: { limit_type: { const: 'total' } }, required: ['limit_type'] },
      then: { required: ['total_occurrences_limit'], properties: { total_occurrences_limit: count(L.occurrences) } },
    },
  ],
  default: D.scheduling.frequency_limit,
} as const;

/** When the activity is recommended (spec 002 s3, s9): days 0 (Monday) to 6 (Sunday), weeks first and last; the priority's 0..100 is the domain's rule. */
const recommendationSchema = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean', default: D.recommendation.enabled },
    care_program_types: {
      type: 'array',
      items: { type: 'string', enum: CARE_PROGRAM_TYPES },
      uniqueItems: true,
      maxItems: CARE_PROGRAM_TYPES.length,
      default: [],
    },
    trigger_cues: cues,
    priority_score: { type: 'number', default: D.recommendation.priority_score },
    disabled_cues: cues,
    warning_cues: cues,
    day_of_week: {
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: DAYS_OF_WEEK.length - 1 },
      uniqueItems: true,
      maxItems: DAYS_OF_WEEK.length,
      default: [],
    },
    week_of_month: { type: 'array', items: { type: 'string', enum: WEEKS_OF_MONTH }, uniqueItems: true, maxItems: WEEKS_OF_MONTH.length, default: [] },
  },
  additionalProperties: false,
  default: {},
} as const;

/** activity_config_json (spec 002 s3): every part of it optional, defaulted from DEFAULT_ACTIVITY_CONFIG. */
export const activityConfigSchema = {
  type: 'object',
  properties: {
    is_essential: { type: 'boolean', default: D.is_essential },
    clinician_types: { type: 'array', items: { type: 'string', enum: CLINICIAN_TYPES }, uniqueItems: true, maxItems: CLINICIAN_TYPES.length, default: [] },
    consolidate_monitoring_activity: { type: 'boolean', default: D.consolidate_monitoring_activity },
    always_require_review: { type: 'boolean', default: D.always_require_review },
    scheduling: {
      type: 'object',
      properties: {
        frequency_limit: frequencyLimitSchema,
        recommend_if_eligible: { type: 'boolean', default: D.scheduling.recommend_if_eligible },
      },
      additionalProperties: false,
      default: {},
    },
    recommendation: recommendationSchema,
  },
  additionalProperties: false,
} as const;

/** One step of the write body: its place and the exact step template version. */
export const activityStepRefSchema = {
  type: 'object',
  properties: {
    step_number: { type: 'integer', minimum: 1, maximum: L.steps },
    step_template_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  required: ['step_number', 'step_template_id'],
  additionalProperties: false,
} as const;

/**
 * An activity template version as the API answers it: GET activity-templates/{id} with its steps
 * (`activity_template_steps`, each with its step template version); a list row without them and
 * with `steps_count`. Writes send `steps` (payloads/clinicalActivityTemplates.ts).
 */
export const activityTemplateSchema = {
  title: 'Activity template',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    activity_template_family_id: { type: 'integer', readOnly: true },
    version_number: { type: 'integer', readOnly: true },
    is_draft: { type: 'boolean', readOnly: true },
    is_latest: { type: 'boolean', readOnly: true },
    is_enabled: { type: 'boolean' },
    activity_title: { type: 'string', maxLength: L.title },
    activity_description: { type: ['string', 'null'], maxLength: L.description },
    estimated_duration: { type: ['integer', 'null'], minimum: 0, maximum: L.estimatedDuration },
    activity_config_json: activityConfigSchema,
    activity_template_steps: {
      type: 'array',
      readOnly: true,
      items: {
        type: 'object',
        properties: { step_number: { type: 'integer' }, step_template_id: { type: 'integer' }, step_template: stepTemplateSchema },
        required: ['step_number', 'step_template_id'],
        additionalProperties: false,
      },
    },
    steps_count: { type: 'integer', readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['activity_title', 'activity_config_json'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity. */
export type ActivityTemplateRecord = FromSchema<typeof activityTemplateSchema>;
