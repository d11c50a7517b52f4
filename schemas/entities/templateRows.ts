/**
 * Activity and step templates as the console's lists read them (the /clinical-activities lists):
 * every field of activityTemplate.ts and stepTemplate.ts, the nested ones (configuration, items,
 * steps) as plain objects and arrays. The builders validate the full shapes themselves; keeping the
 * nested schemas out of the console's data model keeps them out of every list page's code (issue 20,
 * tests/build/routeBudgets.test.ts).
 */
const stamps = {
  id: { type: 'integer', readOnly: true },
  version_number: { type: 'integer', readOnly: true },
  is_draft: { type: 'boolean', readOnly: true },
  is_latest: { type: 'boolean', readOnly: true },
  created_at: { type: 'string', format: 'date-time', readOnly: true },
  updated_at: { type: 'string', format: 'date-time', readOnly: true },
} as const;

export const activityTemplateRowSchema = {
  title: 'Activity template',
  type: 'object',
  properties: {
    ...stamps,
    activity_template_family_id: { type: 'integer', readOnly: true },
    is_enabled: { type: 'boolean' },
    activity_title: { type: 'string' },
    activity_description: { type: ['string', 'null'] },
    estimated_duration: { type: ['integer', 'null'] },
    activity_config_json: { type: 'object', readOnly: true },
    activity_template_steps: { type: 'array', readOnly: true },
    steps_count: { type: 'integer', readOnly: true },
  },
  required: ['activity_title'],
  additionalProperties: false,
} as const;

export const stepTemplateRowSchema = {
  title: 'Step template',
  type: 'object',
  properties: {
    ...stamps,
    step_template_family_id: { type: 'integer', readOnly: true },
    step_key: { type: 'string' },
    step_title: { type: 'string' },
    step_description: { type: ['string', 'null'] },
    expected_time_range: { type: 'object', readOnly: true },
    monitoring_activity_rules: { type: 'object', readOnly: true },
    activity_items_json: { type: 'array', readOnly: true },
  },
  required: ['step_key', 'step_title'],
  additionalProperties: false,
} as const;
