import type { ActivityTemplate, StepTemplate } from '../../../../src/domain/clinicalActivities';

/** A step as the API reads it: published, latest, a note of its monitoring type. */
const step = (
  fields: Pick<StepTemplate, 'id' | 'step_key' | 'step_title' | 'expected_time_range' | 'activity_items_json'> & Partial<StepTemplate>,
): StepTemplate => ({
  step_template_family_id: fields.id,
  version_number: 1,
  is_draft: false,
  is_latest: true,
  monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
  ...fields,
});

/** Breathing, any time up to 10 minutes: a yes/no whose "yes" enables a follow-up, and a dropdown with a default. */
export const SYMPTOMS = step({
  id: 11,
  step_key: 'symptoms',
  step_title: 'Breathing this week',
  step_description: 'Ask about breathlessness since the last check-in.',
  expected_time_range: { min: 0, max: 600 },
  activity_items_json: [
    { item_id: 'short_of_breath', text: 'Short of breath this week?', type: 'yes_no' },
    {
      item_id: 'breath_details',
      text: 'When does it happen?',
      type: 'textarea',
      required: true,
      prompt: 'At rest, walking, at night ...',
      enabled_when: [{ item_id: 'short_of_breath', value: 'true' }],
    },
    {
      item_id: 'inhaler',
      text: 'Rescue inhaler use',
      type: 'dropdown',
      options: [
        { id: 'none', name: 'Not at all' },
        { id: 'daily', name: 'Daily' },
      ],
      default_option: 'none',
    },
  ],
});

/** Medication review, expected 5 to 10 minutes: a checklist box and a number with its unit. */
export const MEDICATION = step({
  id: 12,
  step_key: 'medication',
  step_title: 'Medication review',
  expected_time_range: { min: 300, max: 600 },
  activity_items_json: [
    { item_id: 'meds_reviewed', text: 'Medication list reviewed', type: 'checklist' },
    { item_id: 'peak_flow', text: 'Peak flow', type: 'number', unit: 'L/min', min_value: 50, max_value: 900 },
  ],
});

export const TEMPLATE: ActivityTemplate = {
  id: 7,
  activity_template_family_id: 7,
  version_number: 1,
  is_draft: false,
  is_latest: true,
  is_enabled: true,
  activity_title: 'COPD weekly check-in',
  activity_description: 'Breathing and medication, once a week.',
  estimated_duration: 15,
  activity_config_json: {
    is_essential: false,
    clinician_types: [],
    consolidate_monitoring_activity: false,
    always_require_review: true,
    scheduling: { frequency_limit: { limit_type: 'none' }, recommend_if_eligible: true },
    recommendation: {
      enabled: true,
      care_program_types: [],
      trigger_cues: ['condition_copd'],
      priority_score: 80,
      disabled_cues: [],
      warning_cues: [],
      day_of_week: [],
      week_of_month: [],
    },
  },
  // Listed out of order: the runner follows step_number.
  activity_template_steps: [
    { step_number: 2, step_template_id: 12, step_template: MEDICATION },
    { step_number: 1, step_template_id: 11, step_template: SYMPTOMS },
  ],
};
