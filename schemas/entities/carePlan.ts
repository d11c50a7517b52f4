import type { FromSchema } from 'json-schema-to-ts';
import { CARE_PLAN_SECTIONS, CARE_PLAN_TEXT_MAX } from '../../src/domain/clinical/carePlans';

const section = {
  type: 'object',
  properties: {
    is_active: { type: 'boolean' },
    caregiver_instructions: { type: 'string', maxLength: CARE_PLAN_TEXT_MAX },
    patient_goals: { type: 'string', maxLength: CARE_PLAN_TEXT_MAX },
  },
  required: ['is_active', 'caregiver_instructions', 'patient_goals'],
  additionalProperties: false,
} as const;

/** A care plan's content: every one of the 12 sections (spec 001 section 3). */
export const carePlanContentSchema = {
  type: 'object',
  properties: Object.fromEntries(CARE_PLAN_SECTIONS.map((name) => [name, section])) as Record<(typeof CARE_PLAN_SECTIONS)[number], typeof section>,
  required: [...CARE_PLAN_SECTIONS],
  additionalProperties: false,
} as const;

/**
 * A care plan (spec 001 sections 3 and 4): made from a template (`care_plan_template_id`, its key),
 * created inactive, activated (at most one active plan a patient; activating deactivates the previous
 * one), reviewed or revised while active, read only once deactivated. Its writes are the routes of
 * routes/medicalHistory; the engine reads it.
 */
export const carePlanSchema = {
  title: 'Care plan',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    care_plan_template_id: { type: 'string', readOnly: true },
    plan_name: { type: 'string', readOnly: true },
    content: { type: 'object', readOnly: true },
    is_active: { type: 'boolean', readOnly: true },
    activated_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    deactivated_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    last_reviewed_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    revision: { type: 'integer', readOnly: true },
    added_by: { type: ['integer', 'null'], readOnly: true },
    /** The clinical activity run whose answer asked for the plan (issue 23), if any. */
    clinical_activity_instance_id: { type: ['integer', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'care_plan_template_id', 'plan_name', 'content', 'is_active', 'revision', 'created_at'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type CarePlan = FromSchema<typeof carePlanSchema>;
