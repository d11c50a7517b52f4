import type { FromSchema } from 'json-schema-to-ts';
import { ITEM_TYPES, MONITORING_TYPES, RESOURCE_CREATION_TYPES } from '../../src/domain/clinicalActivities/catalog';
import type { ValidationCheck } from '../../src/domain/clinicalActivities/types';

/**
 * A step template (spec 002 section 3 "Step template", "Activity item"; the shapes of
 * src/domain/clinicalActivities/types.ts): a versioned, timed step of questions. The JSON Schema
 * checks shapes, types and sizes; the builder's rules beyond it (keys lowercase with underscores
 * and unique, min ≤ max, options of option items, enabled_when naming an earlier item, resource
 * creation on boolean items) are `stepTemplateProblems` of the domain, so that a key's error reads
 * 'Must be lowercase, unique and separated by underscores' rather than Ajv's pattern message: keys
 * carry no pattern here for that reason.
 */

/** Sizes (ours: the spec names none). A step is read whole by every run, so it stays small. */
export const STEP_TEMPLATE_LIMITS = {
  key: 64,
  title: 200,
  description: 2000,
  text: 1000,
  items: 100,
  options: 100,
  checks: 20,
  conditions: 20,
  /** A day in seconds: no step takes longer. */
  seconds: 86_400,
} as const;

const L = STEP_TEMPLATE_LIMITS;
const key = { type: 'string', maxLength: L.key } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** The kinds of a validation check (types.ts ValidationCheck). */
const VALIDATION_CHECK_TYPES = ['min', 'max', 'min_length', 'max_length', 'pattern'] as const satisfies readonly ValidationCheck['type'][];

const itemOptionSchema = {
  type: 'object',
  properties: { id: key, name: { type: 'string', maxLength: L.title } },
  required: ['id', 'name'],
  additionalProperties: false,
} as const;

const validationCheckSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: VALIDATION_CHECK_TYPES },
    value: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: L.text }] },
    message: { type: 'string', maxLength: L.text },
  },
  required: ['type', 'value', 'message'],
  additionalProperties: false,
} as const;

/** A record the answer creates on completion, when the answer equals `value` (spec 002 s5: every field required). */
const resourceCreationSchema = {
  type: ['object', 'null'],
  properties: {
    resource_type: { type: 'string', enum: RESOURCE_CREATION_TYPES },
    value: { type: 'boolean' },
    display_text: { type: 'string', maxLength: L.text },
    reference_field: key,
  },
  required: ['resource_type', 'value', 'display_text', 'reference_field'],
  additionalProperties: false,
} as const;

/** One condition of enabled_when: the named earlier item's answer, compared as a string. */
const enabledWhenSchema = {
  type: 'object',
  properties: { item_id: key, value: { type: 'string', maxLength: L.text } },
  required: ['item_id', 'value'],
  additionalProperties: false,
} as const;

/** An activity item (types.ts ActivityItem): every type the runner shows, the builder's six and scale, number, date. */
export const activityItemSchema = {
  type: 'object',
  properties: {
    item_id: key,
    text: { type: 'string', maxLength: L.text },
    type: { type: 'string', enum: ITEM_TYPES },
    prompt: { type: ['string', 'null'], maxLength: L.text },
    options: { type: 'array', items: itemOptionSchema, maxItems: L.options },
    default_option: { type: ['string', 'null'], maxLength: L.key },
    scale_min: nullableNumber,
    scale_max: nullableNumber,
    scale_step: { type: ['number', 'null'], exclusiveMinimum: 0 },
    min_value: nullableNumber,
    max_value: nullableNumber,
    unit: { type: ['string', 'null'], maxLength: 40 },
    required: { type: 'boolean' },
    validation_checks: { type: 'array', items: validationCheckSchema, maxItems: L.checks },
    resource_creation: resourceCreationSchema,
    enabled_when: { type: 'array', items: enabledWhenSchema, maxItems: L.conditions },
  },
  required: ['item_id', 'text', 'type'],
  additionalProperties: false,
} as const;

/** Seconds (spec 002 s5: min and max required, min 0). */
const timeRangeSchema = {
  type: 'object',
  properties: {
    min: { type: 'integer', minimum: 0, maximum: L.seconds },
    max: { type: 'integer', minimum: 0, maximum: L.seconds },
  },
  required: ['min', 'max'],
  additionalProperties: false,
} as const;

/** Whether the step writes a note, and the monitoring types it counts toward (none: a note of type `note`). */
const monitoringRulesSchema = {
  type: 'object',
  properties: {
    create_note: { type: 'boolean' },
    monitoring_types: { type: 'array', items: { type: 'string', enum: MONITORING_TYPES }, uniqueItems: true, maxItems: MONITORING_TYPES.length, default: [] },
  },
  required: ['create_note'],
  additionalProperties: false,
} as const;

/** A step template version as the API answers it (GET step-templates, GET step-templates/{id}). */
export const stepTemplateSchema = {
  title: 'Step template',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    step_template_family_id: { type: 'integer', readOnly: true },
    version_number: { type: 'integer', readOnly: true },
    is_draft: { type: 'boolean', readOnly: true },
    is_latest: { type: 'boolean', readOnly: true },
    step_key: key,
    step_title: { type: 'string', maxLength: L.title },
    step_description: { type: ['string', 'null'], maxLength: L.description },
    expected_time_range: timeRangeSchema,
    monitoring_activity_rules: monitoringRulesSchema,
    activity_items_json: { type: 'array', items: activityItemSchema, maxItems: L.items },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['step_key', 'step_title', 'expected_time_range', 'monitoring_activity_rules', 'activity_items_json'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity. */
export type StepTemplateRecord = FromSchema<typeof stepTemplateSchema>;
