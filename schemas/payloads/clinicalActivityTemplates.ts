import type { FromSchema } from 'json-schema-to-ts';
import { activityConfigSchema, activityStepRefSchema, activityTemplateSchema, ACTIVITY_TEMPLATE_LIMITS } from '../entities/activityTemplate';
import { STEP_TEMPLATE_LIMITS, stepTemplateSchema } from '../entities/stepTemplate';
import { writableProperties } from './common';

/**
 * The template builders' calls (spec 002 section 7 "Templates"; src/server/routes/clinicalActivities/README.md):
 * the write bodies of activity-templates and step-templates and the body of preview-notes. The
 * records are the entities' (schemas/entities/activityTemplate.ts, stepTemplate.ts). Lists read the
 * resource engine's query (sort, order, skip, limit, filter, Range), parsed by its own reader.
 */

/** POST step-templates: a new family's first version, a draft. Items may be left out (none yet). */
export const stepTemplateCreateBody = {
  type: 'object',
  properties: {
    ...writableProperties(stepTemplateSchema.properties),
    activity_items_json: { ...stepTemplateSchema.properties.activity_items_json, default: [] },
  },
  required: ['step_key', 'step_title', 'expected_time_range', 'monitoring_activity_rules'],
  additionalProperties: false,
} as const;
export type StepTemplateCreateBody = FromSchema<typeof stepTemplateCreateBody>;

/**
 * PUT step-templates/{id}: every writable field (a replace). The read-only fields of a record read
 * back (id, version_number, is_draft, timestamps) are accepted and ignored, as the resource engine
 * does, so that a client may send back what it read.
 */
export const stepTemplateUpdateBody = {
  type: 'object',
  properties: stepTemplateSchema.properties,
  required: stepTemplateSchema.required,
  additionalProperties: false,
} as const;
export type StepTemplateUpdateBody = FromSchema<typeof stepTemplateUpdateBody>;

/** `steps` of a write: the activity's steps in order (numbered 1..n: the domain's rule). */
const stepsSchema = { type: 'array', items: activityStepRefSchema, maxItems: ACTIVITY_TEMPLATE_LIMITS.steps } as const;

/** POST activity-templates: the fields and the steps; a left-out configuration is DEFAULT_ACTIVITY_CONFIG, a new template is enabled. */
export const activityTemplateCreateBody = {
  type: 'object',
  properties: {
    ...writableProperties(activityTemplateSchema.properties),
    is_enabled: { type: 'boolean', default: true },
    activity_config_json: { ...activityConfigSchema, default: {} },
    steps: stepsSchema,
  },
  required: ['activity_title', 'steps'],
  additionalProperties: false,
} as const;
export type ActivityTemplateCreateBody = FromSchema<typeof activityTemplateCreateBody>;

/**
 * PUT activity-templates/{id}: the fields (a replace; a left-out is_enabled or description is
 * kept) and, when given, the steps (left out: kept). Read-only fields of a record read back,
 * `activity_template_steps` among them, are accepted and ignored.
 */
export const activityTemplateUpdateBody = {
  type: 'object',
  properties: { ...activityTemplateSchema.properties, steps: stepsSchema },
  required: activityTemplateSchema.required,
  additionalProperties: false,
} as const;
export type ActivityTemplateUpdateBody = FromSchema<typeof activityTemplateUpdateBody>;

const text = { type: ['string', 'null'], maxLength: 5000 } as const;
/** An answer (types.ts Answer): a boolean, an option id or text, a number, a list of option ids, or none. */
const answerSchema = {
  anyOf: [
    { type: 'string', maxLength: 5000 },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'null' },
    { type: 'array', items: { type: 'string', maxLength: STEP_TEMPLATE_LIMITS.key }, maxItems: STEP_TEMPLATE_LIMITS.options },
  ],
} as const;

/** data_json (types.ts ActivityData): per step key what the runner kept, and the reviewer's time overrides in seconds by step key. */
export const activityDataSchema = {
  type: 'object',
  properties: {
    time_overrides: {
      type: 'object',
      additionalProperties: { type: 'number', minimum: 0, maximum: STEP_TEMPLATE_LIMITS.seconds },
      propertyNames: { maxLength: STEP_TEMPLATE_LIMITS.key },
      maxProperties: ACTIVITY_TEMPLATE_LIMITS.steps,
    },
  },
  additionalProperties: {
    type: 'object',
    properties: {
      time_taken: { type: ['number', 'null'], minimum: 0, maximum: STEP_TEMPLATE_LIMITS.seconds },
      time_taken_out_of_range_reason: text,
      additional_notes: text,
      answers: {
        type: 'object',
        additionalProperties: answerSchema,
        propertyNames: { maxLength: STEP_TEMPLATE_LIMITS.key },
        maxProperties: STEP_TEMPLATE_LIMITS.items,
      },
    },
    additionalProperties: false,
  },
  propertyNames: { maxLength: STEP_TEMPLATE_LIMITS.key },
  maxProperties: ACTIVITY_TEMPLATE_LIMITS.steps + 1,
} as const;

/** POST activity-templates/{id}/preview-notes: the answers the notes are written from. */
export const previewNotesBody = {
  type: 'object',
  properties: { data_json: activityDataSchema },
  required: ['data_json'],
  additionalProperties: false,
} as const;
