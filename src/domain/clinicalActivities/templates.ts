import { ACTIVITY_TEXTS, BOOLEAN_ITEM_TYPES, KEY_PATTERN, OPTION_ITEM_TYPES, PRIORITY_MAX, PRIORITY_MIN, REVIEWED_CLINICIAN_TYPES } from './catalog';
import type { ActivityConfig, ActivityItem } from './types';

export * from './templateStates';

/**
 * Templates as versioned data (spec 002 sections 3, 4 and 5). Activity and step templates live in
 * families: each version has a version_number; a draft may be edited, promoted or deleted; a
 * published version never changes (only its Enabled switch, which is not content) and may be
 * cloned into the family's next draft. `is_latest` marks one row per family: the most recently
 * published version, or, while nothing is published, the newest draft.
 */

/** A problem in a template: where (field path from the template) and what. */
export interface TemplateProblem {
  path: (string | number)[];
  message: string;
}

const isKey = (value: unknown) => typeof value === 'string' && KEY_PATTERN.test(value);
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The builder's rules of a step template beyond its JSON Schema (002 s5): key, item ids and option
 * ids lowercase with underscores and unique; min ≤ max; options for option types; enabled_when
 * naming an earlier item of the step; a resource creation only on a boolean item, its reference an
 * item of the step.
 */
export function stepTemplateProblems(step: {
  step_key?: unknown;
  expected_time_range?: { min?: unknown; max?: unknown } | null;
  activity_items_json?: readonly ActivityItem[] | null;
}): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (!isKey(step.step_key)) problems.push({ path: ['step_key'], message: ACTIVITY_TEXTS.keyRule });
  const range = step.expected_time_range;
  if (range && typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max) {
    problems.push({ path: ['expected_time_range', 'max'], message: 'The maximum time must not be less than the minimum' });
  }
  const items = step.activity_items_json ?? [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const at = (...rest: (string | number)[]) => ['activity_items_json', index, ...rest];
    if (!isKey(item.item_id) || seen.has(item.item_id)) problems.push({ path: at('item_id'), message: ACTIVITY_TEXTS.keyRule });
    seen.add(item.item_id);
    if (blank(item.text)) problems.push({ path: at('text'), message: 'Item text is required' });
    if (OPTION_ITEM_TYPES.includes(item.type)) {
      const options = item.options ?? [];
      if (options.length === 0) problems.push({ path: at('options'), message: 'Add at least one option' });
      const optionIds = new Set<string>();
      options.forEach((option, o) => {
        if (!isKey(option.id) || optionIds.has(option.id)) problems.push({ path: at('options', o, 'id'), message: ACTIVITY_TEXTS.keyRule });
        optionIds.add(option.id);
        if (blank(option.name)) problems.push({ path: at('options', o, 'name'), message: 'Option name is required' });
      });
      if (item.default_option && !optionIds.has(item.default_option))
        problems.push({ path: at('default_option'), message: 'The default must be one of the options' });
    }
    const lowHigh: [keyof ActivityItem, keyof ActivityItem][] = [
      ['scale_min', 'scale_max'],
      ['min_value', 'max_value'],
    ];
    for (const [low, high] of lowHigh) {
      const a = item[low];
      const b = item[high];
      if (typeof a === 'number' && typeof b === 'number' && a > b) problems.push({ path: at(high), message: 'The maximum must not be less than the minimum' });
    }
    (item.enabled_when ?? []).forEach((condition, c) => {
      const earlier = items.slice(0, index).some((other) => other.item_id === condition.item_id);
      if (!earlier) problems.push({ path: at('enabled_when', c, 'item_id'), message: 'Must name an earlier item of this step' });
    });
    const creation = item.resource_creation;
    if (creation) {
      if (!BOOLEAN_ITEM_TYPES.includes(item.type)) problems.push({ path: at('resource_creation'), message: 'Only checklist and yes/no items create records' });
      if (blank(creation.display_text)) problems.push({ path: at('resource_creation', 'display_text'), message: 'Display text is required' });
      if (!items.some((other) => other.item_id === creation.reference_field))
        problems.push({ path: at('resource_creation', 'reference_field'), message: 'Must name an item of this step' });
    }
  });
  return problems;
}

/** The builder's rules of an activity template beyond its JSON Schema: at least one step, step numbers 1..n, unique step keys, a priority from 0 to 100. */
export function activityTemplateProblems(
  template: { activity_config_json?: Partial<ActivityConfig> | null },
  steps: readonly { step_number: number; step_key?: string | null }[],
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (steps.length === 0) problems.push({ path: ['steps'], message: 'Add at least one step' });
  const numbers = steps.map((s) => s.step_number).sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i + 1)) problems.push({ path: ['steps'], message: 'Steps must be numbered 1, 2, 3… without gaps' });
  const keys = steps.map((s) => s.step_key).filter((k): k is string => typeof k === 'string');
  if (new Set(keys).size !== keys.length) problems.push({ path: ['steps'], message: 'Two steps of an activity may not share a step key' });
  const priority = template.activity_config_json?.recommendation?.priority_score;
  if (typeof priority === 'number' && (priority < PRIORITY_MIN || priority > PRIORITY_MAX)) {
    problems.push({ path: ['activity_config_json', 'recommendation', 'priority_score'], message: 'Priority must be between 0 and 100' });
  }
  return problems;
}

/** A new activity template's configuration: everything off, no limit, recommendation disabled. */
export const DEFAULT_ACTIVITY_CONFIG: ActivityConfig = {
  is_essential: false,
  clinician_types: [],
  consolidate_monitoring_activity: false,
  always_require_review: false,
  scheduling: { frequency_limit: { limit_type: 'none' }, recommend_if_eligible: true },
  recommendation: {
    enabled: false,
    care_program_types: [],
    trigger_cues: [],
    priority_score: 50,
    disabled_cues: [],
    warning_cues: [],
    day_of_week: [],
    week_of_month: [],
  },
};

/** Clinician types (002 s6): empty means every clinician may run the activity; internal staff without a type run any. */
export const mayRunActivity = (config: Pick<ActivityConfig, 'clinician_types'>, staffType: string | null) =>
  config.clinician_types.length === 0 || staffType === null || config.clinician_types.includes(staffType);

/** A completion goes to review (pending_review) when the template always requires review or the clinician's type does (catalog REVIEWED_CLINICIAN_TYPES); it is complete otherwise. */
export const completionStatus = (config: Pick<ActivityConfig, 'always_require_review'>, staffType: string | null) =>
  config.always_require_review || (staffType !== null && REVIEWED_CLINICIAN_TYPES.includes(staffType)) ? 'pending_review' : 'complete';
