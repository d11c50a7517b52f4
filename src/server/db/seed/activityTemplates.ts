import type { Kysely } from 'kysely';
import {
  activityTemplateProblems,
  DEFAULT_ACTIVITY_CONFIG,
  stepTemplateProblems,
  type ActivityConfig,
  type ActivityItem,
  type FrequencyLimit,
  type MonitoringType,
  type TriggerCue,
} from '../../../domain/clinicalActivities';
import { newTemplateId } from '../../services/clinicalActivities/templateStore';
import type { DB } from '../schema';

const HOUR_MS = 3_600_000;

/** A step template of the seed: published unless `draft`. */
interface SeedStep {
  key: string;
  title: string;
  description: string;
  /** Expected time in seconds. */
  range: [number, number];
  types: MonitoringType[];
  items: ActivityItem[];
  draft?: boolean;
}

interface SeedActivity {
  title: string;
  description: string;
  minutes: number;
  steps: string[];
  config: ActivityConfig;
  draft?: boolean;
}

const yesNo = (item_id: string, text: string, extra: Partial<ActivityItem> = {}): ActivityItem => ({ item_id, text, type: 'yes_no', ...extra });
const choice = (item_id: string, text: string, options: [string, string][], extra: Partial<ActivityItem> = {}): ActivityItem => ({
  item_id,
  text,
  type: 'dropdown',
  options: options.map(([id, name]) => ({ id, name })),
  required: true,
  ...extra,
});
const number = (item_id: string, text: string, unit: string | null, min: number, max: number, extra: Partial<ActivityItem> = {}): ActivityItem => ({
  item_id,
  text,
  type: 'number',
  unit,
  min_value: min,
  max_value: max,
  ...extra,
});
/** Shown when the named yes/no item was answered `value` (enabled_when compares answers as strings). */
const when = (item_id: string, value: boolean): Pick<ActivityItem, 'enabled_when'> => ({ enabled_when: [{ item_id, value: String(value) }] });

const weekly: FrequencyLimit = { limit_type: 'period', period_type: 'weeks', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' };
const monthly: FrequencyLimit = { limit_type: 'period', period_type: 'months', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' };

/** A configuration recommended for a primary condition's patients in a care program. */
function recommendedFor(
  cue: TriggerCue,
  program: 'rpm' | 'ccm',
  priority: number,
  limit: FrequencyLimit,
  extra: Partial<ActivityConfig> = {},
  warnings: TriggerCue[] = [],
): ActivityConfig {
  const base = DEFAULT_ACTIVITY_CONFIG;
  return {
    ...base,
    ...extra,
    scheduling: { frequency_limit: limit, recommend_if_eligible: true },
    recommendation: {
      ...base.recommendation,
      enabled: true,
      care_program_types: [program],
      trigger_cues: [cue],
      warning_cues: warnings,
      priority_score: priority,
    },
  };
}

/** Step templates with real check-in questions: yes/no items with follow-ups, choices, a scale, numbers with units, long text. */
const STEPS: SeedStep[] = [
  {
    key: 'copd_breathing',
    title: 'Breathing and symptoms',
    description: 'How the patient has been breathing over the last week, and any sign of a flare.',
    range: [120, 600],
    types: ['rpm_99457_99458'],
    items: [
      yesNo('breathing_worse', 'Has your breathing been worse than usual this week?'),
      choice(
        'breathing_change',
        'How much worse?',
        [
          ['a_little', 'A little worse'],
          ['much', 'Much worse'],
          ['at_rest', 'Breathless at rest'],
        ],
        when('breathing_worse', true),
      ),
      {
        item_id: 'breathlessness',
        text: 'How breathless are you today?',
        prompt: '0 is not at all, 10 is the worst you can imagine',
        type: 'scale',
        scale_min: 0,
        scale_max: 10,
        scale_step: 1,
        required: true,
      },
      yesNo('sputum_change', 'Any change in the colour or amount of your sputum?', {
        resource_creation: {
          resource_type: 'tasks',
          value: true,
          display_text: 'Follow up on a change in sputum (possible COPD flare)',
          reference_field: 'sputum_details',
        },
      }),
      { item_id: 'sputum_details', text: 'Describe the change: colour, amount, since when', type: 'textarea', ...when('sputum_change', true) },
    ],
  },
  {
    key: 'copd_readings',
    title: 'Readings and inhalers',
    description: 'Today’s oxygen saturation and how often the rescue inhaler was needed.',
    range: [60, 300],
    types: ['rpm_99457_99458'],
    items: [
      number('spo2', 'Oxygen saturation (SpO2) at rest today', '%', 50, 100, { required: true }),
      number('rescue_puffs', 'Rescue inhaler puffs in the last 24 hours', 'puffs', 0, 60),
      choice('home_oxygen', 'Home oxygen use', [
        ['not_prescribed', 'Not prescribed'],
        ['as_prescribed', 'As prescribed'],
        ['less', 'Less than prescribed'],
        ['more', 'More than prescribed'],
      ]),
      { item_id: 'inhaler_technique', text: 'Inhaler technique reviewed with the patient', type: 'checklist' },
    ],
  },
  {
    key: 'asthma_control',
    title: 'Asthma control this week',
    description: 'The symptom questions of an asthma control review.',
    range: [120, 480],
    types: ['rpm_99457_99458'],
    items: [
      yesNo('day_symptoms', 'Daytime asthma symptoms more than twice this week?'),
      yesNo('night_waking', 'Woken at night by asthma this week?'),
      yesNo('reliever_use', 'Reliever inhaler needed more than twice this week?'),
      choice('activity_limit', 'Has asthma limited your usual activities?', [
        ['none', 'Not at all'],
        ['some', 'Somewhat'],
        ['a_lot', 'A lot'],
      ]),
      number('peak_flow', 'Best peak flow today', 'L/min', 50, 900),
    ],
  },
  {
    key: 'asthma_plan',
    title: 'Triggers and action plan',
    description: 'What set off symptoms, and whether the written action plan is current.',
    range: [60, 300],
    types: ['rpm_99457_99458'],
    items: [
      {
        item_id: 'triggers',
        text: 'Triggers this week',
        type: 'multiselect',
        options: [
          { id: 'cold_air', name: 'Cold air' },
          { id: 'exercise', name: 'Exercise' },
          { id: 'pollen', name: 'Pollen' },
          { id: 'smoke', name: 'Smoke' },
          { id: 'infection', name: 'Cold or infection' },
          { id: 'none', name: 'None' },
        ],
      },
      yesNo('action_plan_current', 'Do you have an up-to-date asthma action plan?', {
        resource_creation: {
          resource_type: 'tasks',
          value: false,
          display_text: 'Review the asthma action plan with the patient',
          reference_field: 'triggers',
        },
      }),
    ],
  },
  {
    key: 'hf_symptoms',
    title: 'Weight and symptoms',
    description: 'Fluid build-up: weight gain, swelling and breathlessness lying flat.',
    range: [120, 600],
    types: ['rpm_99457_99458'],
    items: [
      yesNo('weight_gain', 'Weight up more than 2 lb in a day or 5 lb in a week?'),
      number('weight_gain_lb', 'How much weight was gained?', 'lb', 0, 50, { required: true, ...when('weight_gain', true) }),
      choice('swelling', 'Ankle or leg swelling', [
        ['none', 'None'],
        ['mild', 'Mild'],
        ['moderate', 'Moderate'],
        ['severe', 'Severe'],
      ]),
      yesNo('orthopnea', 'Short of breath lying flat, or woken up breathless at night?', {
        resource_creation: {
          resource_type: 'tasks',
          value: true,
          display_text: 'Call the patient back about worsening heart failure symptoms',
          reference_field: 'swelling',
        },
      }),
    ],
  },
  {
    key: 'hf_medications',
    title: 'Medicines and diet',
    description: 'Adherence to heart failure medicines, blood pressure and the low-salt diet.',
    range: [60, 300],
    types: ['rpm_99457_99458'],
    items: [
      yesNo('meds_as_prescribed', 'Taking all heart failure medicines as prescribed?'),
      { item_id: 'missed_doses', text: 'Which doses were missed, and why?', type: 'textarea', required: true, ...when('meds_as_prescribed', false) },
      number('systolic', 'Systolic blood pressure this morning', 'mmHg', 60, 250),
      { item_id: 'low_salt', text: 'Low-salt diet and fluid limit reviewed', type: 'checklist' },
    ],
  },
  {
    key: 'diabetes_glucose',
    title: 'Glucose and low readings',
    description: 'The month’s glucose readings and any hypoglycaemia.',
    range: [120, 600],
    types: ['ccm_99490_99439'],
    items: [
      number('fasting_glucose', 'Average fasting glucose this week', 'mg/dL', 40, 600, { required: true }),
      yesNo('low_readings', 'Any glucose readings below 70 mg/dL?'),
      number('low_count', 'How many low readings?', null, 1, 50, { required: true, ...when('low_readings', true) }),
      choice('adherence', 'Diabetes medicines taken', [
        ['always', 'Always as prescribed'],
        ['mostly', 'Mostly'],
        ['sometimes', 'Sometimes'],
        ['rarely', 'Rarely'],
      ]),
    ],
  },
  {
    key: 'diabetes_care',
    title: 'Feet, eyes and goals',
    description: 'Preventive care and the goal agreed for the coming month.',
    range: [60, 420],
    types: ['ccm_99490_99439'],
    items: [
      { item_id: 'foot_check', text: 'Feet checked for sores, colour change or numbness', type: 'checklist' },
      yesNo('eye_exam', 'Eye exam in the last 12 months?', {
        resource_creation: { resource_type: 'tasks', value: false, display_text: 'Arrange a diabetic eye exam', reference_field: 'goals' },
      }),
      {
        item_id: 'goals',
        text: 'Goal for the coming month',
        type: 'textarea',
        validation_checks: [{ type: 'max_length', value: 500, message: 'Keep the goal under 500 characters' }],
      },
    ],
  },
  {
    key: 'general_wellbeing',
    title: 'General wellbeing',
    description: 'Open questions for patients in general monitoring.',
    range: [60, 300],
    types: [],
    draft: true,
    items: [
      choice('overall', 'How have you been feeling overall?', [
        ['good', 'Good'],
        ['fair', 'Fair'],
        ['poor', 'Poor'],
      ]),
      yesNo('concerns', 'Anything you would like the care team to know?'),
      { item_id: 'concern_details', text: 'Tell us more', type: 'textarea', required: true, ...when('concerns', true) },
    ],
  },
];

/** Four published activities for the primary conditions (the six test accounts' COPD, asthma and heart failure, and diabetes), and one draft. */
const ACTIVITIES: SeedActivity[] = [
  {
    title: 'COPD weekly check-in',
    description: 'Breathing, sputum, oxygen saturation and inhaler use for patients monitored for COPD.',
    minutes: 10,
    steps: ['copd_breathing', 'copd_readings'],
    config: recommendedFor('condition_copd', 'rpm', 80, weekly, {}, ['no_readings_7_days']),
  },
  {
    title: 'Asthma control check-in',
    description: 'An asthma control review: symptoms, reliever use, peak flow, triggers and the action plan.',
    minutes: 8,
    steps: ['asthma_control', 'asthma_plan'],
    config: recommendedFor('condition_asthma', 'rpm', 75, weekly),
  },
  {
    title: 'Heart failure weekly check-in',
    description: 'Weight, swelling, breathlessness, medicines and diet for patients with heart failure.',
    minutes: 10,
    steps: ['hf_symptoms', 'hf_medications'],
    config: recommendedFor('condition_heart_failure', 'rpm', 85, weekly, {}, ['no_readings_7_days']),
  },
  {
    title: 'Diabetes monthly review',
    description: 'Glucose control, low readings, medicines and preventive care, once a month in chronic care management.',
    minutes: 15,
    steps: ['diabetes_glucose', 'diabetes_care'],
    config: recommendedFor('condition_diabetes', 'ccm', 60, monthly, { consolidate_monitoring_activity: true }),
  },
  {
    title: 'General wellbeing check-in',
    description: 'A short open check-in for patients in general monitoring (being written).',
    minutes: 5,
    steps: ['general_wellbeing'],
    config: DEFAULT_ACTIVITY_CONFIG,
    draft: true,
  },
];

/**
 * The demo's clinical activity templates (issue 23): the step templates, then the activities that
 * name them, each a family of one version (published, or a draft to show the builders' Draft tab),
 * written by `authorId`. Each is checked by the builders' own rules first, so the demo never holds
 * a template the API would refuse. Deterministic: fixed content, times relative to `anchor`.
 */
export async function seedActivityTemplates(db: Kysely<DB>, { anchor, authorId }: { anchor: Date; authorId: number | null }): Promise<void> {
  const at = (hoursBefore: number) => new Date(anchor.getTime() - hoursBefore * HOUR_MS);
  const stepIds = new Map<string, { id: number; draft: boolean }>();
  for (const [index, step] of STEPS.entries()) {
    const content = {
      step_key: step.key,
      step_title: step.title,
      step_description: step.description,
      expected_time_range: { min: step.range[0], max: step.range[1] },
      monitoring_activity_rules: { create_note: true, monitoring_types: step.types },
      activity_items_json: step.items,
    };
    const problems = stepTemplateProblems(content);
    if (problems.length > 0) throw new Error(`seed step ${step.key}: ${JSON.stringify(problems)}`);
    const id = await newTemplateId(db, 'step_templates');
    const created = at(24 * 60 - index);
    await db
      .insertInto('step_templates')
      .values({
        id,
        step_template_family_id: id,
        version_number: 1,
        is_draft: step.draft === true,
        is_latest: true,
        ...content,
        expected_time_range: JSON.stringify(content.expected_time_range),
        monitoring_activity_rules: JSON.stringify(content.monitoring_activity_rules),
        activity_items_json: JSON.stringify(content.activity_items_json),
        published_at: step.draft ? null : at(24 * 59 - index),
        created_by_id: authorId,
        created_at: created,
        updated_at: created,
      })
      .execute();
    stepIds.set(step.key, { id, draft: step.draft === true });
  }

  for (const [index, activity] of ACTIVITIES.entries()) {
    const steps = activity.steps.map((key, i) => ({ step_number: i + 1, step_key: key, step: stepIds.get(key)! }));
    const problems = activityTemplateProblems({ activity_config_json: activity.config }, steps);
    if (problems.length > 0 || (!activity.draft && steps.some((s) => s.step.draft)))
      throw new Error(`seed activity ${activity.title}: ${JSON.stringify(problems)}`);
    const id = await newTemplateId(db, 'activity_templates');
    const created = at(24 * 58 - index);
    await db
      .insertInto('activity_templates')
      .values({
        id,
        activity_template_family_id: id,
        version_number: 1,
        is_draft: activity.draft === true,
        is_latest: true,
        is_enabled: true,
        activity_title: activity.title,
        activity_description: activity.description,
        estimated_duration: activity.minutes,
        activity_config_json: JSON.stringify(activity.config),
        published_at: activity.draft ? null : at(24 * 57 - index),
        created_by_id: authorId,
        created_at: created,
        updated_at: created,
      })
      .execute();
    await db
      .insertInto('activity_template_steps')
      .values(steps.map((s) => ({ activity_template_id: id, step_number: s.step_number, step_template_id: s.step.id })))
      .execute();
  }
}
