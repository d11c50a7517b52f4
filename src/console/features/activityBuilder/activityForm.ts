import {
  activityTemplateProblems,
  DEFAULT_ACTIVITY_CONFIG,
  type ActivityConfig,
  type ActivityTemplate,
  type FrequencyLimit,
  type Recommendation,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import { BUILDER_TEXTS } from './builderTexts';
import { pathKey, type FieldErrors } from './stepForm';

/**
 * The activity template editor's form (spec 002 sections 3 "Activity template", 5, 6 and 9) as pure
 * functions: the draft the inputs edit, the body POST/PUT activity-templates takes and the errors by
 * field path (activityTemplateProblems plus the required fields of section 5).
 */

/** What the editor knows of a chosen step: its id, and its template once read (title, key, version, draft). */
export interface ChosenStep {
  step_template_id: number;
  step_template?: Pick<StepTemplate, 'id' | 'step_key' | 'step_title' | 'version_number' | 'is_draft'> & Partial<StepTemplate>;
}

/** The configuration as the inputs hold it: the priority may be empty while being typed. */
export type ConfigDraft = Omit<ActivityConfig, 'recommendation'> & {
  recommendation: Omit<Recommendation, 'priority_score'> & { priority_score: number | null };
};

export interface ActivityDraft {
  activity_title: string;
  activity_description: string;
  /** Minutes. */
  estimated_duration: number | null;
  is_enabled: boolean;
  steps: ChosenStep[];
  activity_config_json: ConfigDraft;
}

/** The body of POST and PUT activity-templates: the fields, and the steps as step number and step template id. */
export interface ActivityTemplateBody {
  activity_title: string;
  activity_description: string | null;
  estimated_duration: number | null;
  is_enabled: boolean;
  activity_config_json: ActivityConfig;
  steps: { step_number: number; step_template_id: number }[];
}

const copyConfig = (config: ActivityConfig | ConfigDraft): ConfigDraft => ({
  ...config,
  clinician_types: [...config.clinician_types],
  scheduling: { ...config.scheduling, frequency_limit: { ...config.scheduling.frequency_limit } },
  recommendation: {
    ...config.recommendation,
    care_program_types: [...config.recommendation.care_program_types],
    trigger_cues: [...config.recommendation.trigger_cues],
    disabled_cues: [...config.recommendation.disabled_cues],
    warning_cues: [...config.recommendation.warning_cues],
    day_of_week: [...config.recommendation.day_of_week],
    week_of_month: [...config.recommendation.week_of_month],
  },
});

/** A new template: enabled, no steps, the domain's default configuration (no limit, recommendation off). */
export const emptyActivity = (): ActivityDraft => ({
  activity_title: '',
  activity_description: '',
  estimated_duration: null,
  is_enabled: true,
  steps: [],
  activity_config_json: copyConfig(DEFAULT_ACTIVITY_CONFIG),
});

/** A configuration read from the API, any part it lacks taken from the default (a template written before a field existed). */
function configOf(config: Partial<ActivityConfig> | null | undefined): ConfigDraft {
  const base = DEFAULT_ACTIVITY_CONFIG;
  return copyConfig({
    ...base,
    ...config,
    scheduling: { ...base.scheduling, ...config?.scheduling, frequency_limit: { ...base.scheduling.frequency_limit, ...config?.scheduling?.frequency_limit } },
    recommendation: { ...base.recommendation, ...config?.recommendation },
  });
}

export function activityDraftOf(record: ActivityTemplate): ActivityDraft {
  return {
    activity_title: record.activity_title,
    activity_description: record.activity_description ?? '',
    estimated_duration: record.estimated_duration ?? null,
    is_enabled: record.is_enabled,
    steps: [...record.activity_template_steps]
      .sort((a, b) => a.step_number - b.step_number)
      .map((step) => ({ step_template_id: step.step_template_id, ...(step.step_template ? { step_template: step.step_template } : {}) })),
    activity_config_json: configOf(record.activity_config_json),
  };
}

/** The limit as the API takes it: only the fields of its type (002 s9: none; period with its type, value, count and rolling reset; total). */
export function frequencyLimitBody(limit: FrequencyLimit): FrequencyLimit {
  switch (limit.limit_type) {
    case 'none':
      return { limit_type: 'none' };
    case 'period':
      return {
        limit_type: 'period',
        period_type: limit.period_type ?? null,
        period_value: limit.period_value ?? null,
        max_occurrences: limit.max_occurrences ?? null,
        reset_trigger: limit.reset_trigger ?? null,
      };
    case 'total':
      return { limit_type: 'total', total_occurrences_limit: limit.total_occurrences_limit ?? null };
  }
}

export function activityBody(draft: ActivityDraft): ActivityTemplateBody {
  const config = draft.activity_config_json;
  const recommendation = config.recommendation;
  return {
    activity_title: draft.activity_title.trim(),
    activity_description: draft.activity_description.trim() === '' ? null : draft.activity_description.trim(),
    estimated_duration: draft.estimated_duration,
    is_enabled: draft.is_enabled,
    activity_config_json: {
      ...config,
      scheduling: { ...config.scheduling, frequency_limit: frequencyLimitBody(config.scheduling.frequency_limit) },
      recommendation: {
        ...recommendation,
        priority_score: recommendation.priority_score ?? 0,
        day_of_week: [...recommendation.day_of_week].sort((a, b) => a - b),
      },
    },
    steps: draft.steps.map((step, index) => ({ step_number: index + 1, step_template_id: step.step_template_id })),
  };
}

/** A required whole number of at least `least` (002 s5: period value, max occurrences and the total limit, min 1). */
function countError(value: number | null | undefined, least: number): string | null {
  if (value === null || value === undefined) return BUILDER_TEXTS.required;
  if (!Number.isInteger(value)) return BUILDER_TEXTS.wholeNumber;
  return value < least ? (least === 1 ? BUILDER_TEXTS.atLeastOne : BUILDER_TEXTS.atLeastZero) : null;
}

/** Every error of the draft by field path (`activity_config_json.scheduling.frequency_limit.period_value`, `steps`). */
export function activityErrorsOf(draft: ActivityDraft): FieldErrors {
  const errors: Record<string, string> = {};
  const put = (path: (string | number)[], message: string | null) => {
    if (message) errors[pathKey(path)] ??= message;
  };
  if (draft.activity_title.trim() === '') put(['activity_title'], BUILDER_TEXTS.required);
  // Ours: the estimate is optional, in whole minutes.
  if (draft.estimated_duration !== null) put(['estimated_duration'], countError(draft.estimated_duration, 0));
  const limitPath = ['activity_config_json', 'scheduling', 'frequency_limit'];
  const limit = draft.activity_config_json.scheduling.frequency_limit;
  if (limit.limit_type === 'period') {
    if (!limit.period_type) put([...limitPath, 'period_type'], BUILDER_TEXTS.required);
    put([...limitPath, 'period_value'], countError(limit.period_value, 1));
    put([...limitPath, 'max_occurrences'], countError(limit.max_occurrences, 1));
    if (!limit.reset_trigger) put([...limitPath, 'reset_trigger'], BUILDER_TEXTS.required);
  }
  if (limit.limit_type === 'total') put([...limitPath, 'total_occurrences_limit'], countError(limit.total_occurrences_limit, 1));
  const priority = draft.activity_config_json.recommendation.priority_score;
  if (priority === null) put(['activity_config_json', 'recommendation', 'priority_score'], BUILDER_TEXTS.required);
  const body = activityBody(draft);
  const steps = body.steps.map((step, index) => ({ step_number: step.step_number, step_key: draft.steps[index]?.step_template?.step_key ?? null }));
  for (const problem of activityTemplateProblems(body, steps)) put(problem.path, problem.message);
  return errors;
}
