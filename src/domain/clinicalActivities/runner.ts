import { ACTIVITY_TEXTS, MAX_ACTIVITY_SECONDS, MIN_ACTIVITY_SECONDS, OUT_OF_RANGE_MARGIN_SECONDS, OUT_OF_RANGE_REASON_REQUIRED } from './catalog';
import type { ActivityData, ActivityItem, Answer, RunSteps, StepData, TimeRange } from './types';

/**
 * The runner's rules (spec 001 sections 4 "Clinical activity flow" and 5 "Runner"; 002 section 5
 * "Template builders"), one implementation for the console's runner, the builders' preview and the
 * server's completion check.
 */

/** A value as enabled_when compares it: as a string; a list matches when one of its entries does. */
const asStrings = (answer: Answer): string[] => (Array.isArray(answer) ? answer.map(String) : answer === undefined || answer === null ? [] : [String(answer)]);

/** An item is enabled only when all its enabled_when conditions match the answers of the referenced items, compared as strings. */
export function isItemEnabled(item: Pick<ActivityItem, 'enabled_when'>, answers: Readonly<Record<string, Answer>>): boolean {
  return (item.enabled_when ?? []).every((condition) => asStrings(answers[condition.item_id]).includes(String(condition.value)));
}

export const enabledItems = (items: readonly ActivityItem[], answers: Readonly<Record<string, Answer>>) => items.filter((item) => isItemEnabled(item, answers));

/** Answered, for the completion share: a boolean counts (false too); an empty string, null, or an empty list does not. */
export function isAnswered(answer: Answer): boolean {
  if (answer === undefined || answer === null) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (Array.isArray(answer)) return answer.length > 0;
  if (typeof answer === 'number') return Number.isFinite(answer);
  return true;
}

/** Required when flagged; yes/no is always required. */
export const isRequired = (item: Pick<ActivityItem, 'required' | 'type'>) => item.type === 'yes_no' || item.required === true;

/** The share of the enabled items of every step that have an answer: answered, total, and a whole percentage (100 when there is nothing to answer). */
export function completionShare(steps: RunSteps, data: Partial<ActivityData>) {
  let answered = 0;
  let total = 0;
  for (const step of steps) {
    const answers = data[step.step_key]?.answers ?? {};
    for (const item of enabledItems(step.activity_items_json, answers)) {
      total += 1;
      if (isAnswered(answers[item.item_id])) answered += 1;
    }
  }
  return { answered, total, percent: total === 0 ? 100 : Math.floor((answered * 100) / total) };
}

/** The reference bar of a step's time range (002 s9): from max(0, min − 30 s) to max + 30 s. */
export const referenceBar = (range: TimeRange) => ({
  from: Math.max(0, range.min - OUT_OF_RANGE_MARGIN_SECONDS),
  to: range.max + OUT_OF_RANGE_MARGIN_SECONDS,
});

/** Out of range: below (min − 30 s) or above (max + 30 s). */
export function isOutOfRange(seconds: number, range: TimeRange): boolean {
  return seconds < range.min - OUT_OF_RANGE_MARGIN_SECONDS || seconds > range.max + OUT_OF_RANGE_MARGIN_SECONDS;
}

/** The activity's duration in seconds: the steps' time taken, each replaced by the reviewer's override when there is one. */
export function activityDuration(steps: RunSteps, data: Partial<ActivityData>): number {
  return steps.reduce((sum, step) => sum + stepSeconds(step.step_key, data), 0);
}

/** A step's seconds: the override when the reviewer gave one, else its time taken (0 when none). */
export function stepSeconds(stepKey: string, data: Partial<ActivityData>): number {
  const override = data.time_overrides?.[stepKey];
  if (typeof override === 'number' && Number.isFinite(override)) return Math.max(0, Math.round(override));
  const taken = data[stepKey]?.time_taken;
  return typeof taken === 'number' && Number.isFinite(taken) ? Math.max(0, Math.round(taken)) : 0;
}

/** 'Duration must be between 30 seconds and 60 minutes.' unless the duration is from 30 to 3600 s. */
export const durationError = (seconds: number) => (seconds < MIN_ACTIVITY_SECONDS || seconds > MAX_ACTIVITY_SECONDS ? ACTIVITY_TEXTS.duration : null);

/** The messages of an answer's validation checks and its type's bounds (the first that fails), or null. */
export function answerError(item: ActivityItem, answer: Answer): string | null {
  if (!isAnswered(answer)) return null;
  const number = typeof answer === 'number' ? answer : typeof answer === 'string' && answer.trim() !== '' ? Number(answer) : NaN;
  if (item.type === 'number' || item.type === 'scale') {
    if (!Number.isFinite(number)) return 'Enter a number';
    const min = item.type === 'scale' ? item.scale_min : item.min_value;
    const max = item.type === 'scale' ? item.scale_max : item.max_value;
    if (typeof min === 'number' && number < min) return `Must be at least ${String(min)}`;
    if (typeof max === 'number' && number > max) return `Must be at most ${String(max)}`;
  }
  if ((item.type === 'dropdown' || item.type === 'multiselect') && item.options) {
    const ids = new Set(item.options.map((o) => o.id));
    if (asStrings(answer).some((id) => !ids.has(id))) return 'Choose one of the options';
  }
  if (item.type === 'date' && (typeof answer !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(answer) || Number.isNaN(Date.parse(answer)))) return 'Enter a date';
  for (const check of item.validation_checks ?? []) {
    if (failsCheck(check.type, check.value, answer, number)) return check.message;
  }
  return null;
}

function failsCheck(type: string, value: number | string, answer: Answer, number: number): boolean {
  const text = Array.isArray(answer) ? answer.join(',') : String(answer);
  switch (type) {
    case 'min':
      return !(number >= Number(value));
    case 'max':
      return !(number <= Number(value));
    case 'min_length':
      return text.length < Number(value);
    case 'max_length':
      return text.length > Number(value);
    case 'pattern':
      try {
        return !new RegExp(String(value)).test(text);
      } catch {
        return false;
      }
    default:
      return false;
  }
}

/** Why a step cannot be left: by item id, plus `time_taken_out_of_range_reason` when the time is out of range without a reason. */
export function stepErrors(step: RunSteps[number], stepData: StepData | undefined): Record<string, string> {
  const answers = stepData?.answers ?? {};
  const errors: Record<string, string> = {};
  for (const item of enabledItems(step.activity_items_json, answers)) {
    const answer = answers[item.item_id];
    if (isRequired(item) && (!isAnswered(answer) || (item.type === 'checklist' && answer !== true))) errors[item.item_id] = 'Required';
    else {
      const error = answerError(item, answer);
      if (error) errors[item.item_id] = error;
    }
  }
  const taken = stepData?.time_taken;
  if (typeof taken === 'number' && isOutOfRange(taken, step.expected_time_range) && !isAnswered(stepData?.time_taken_out_of_range_reason)) {
    errors.time_taken_out_of_range_reason = OUT_OF_RANGE_REASON_REQUIRED;
  }
  return errors;
}

export const isStepValid = (step: RunSteps[number], stepData: StepData | undefined) => Object.keys(stepErrors(step, stepData)).length === 0;

/**
 * The checks of a completion (the server's and the Submit button's): every step valid, the duration
 * within bounds. Errors by step key then field; `duration` under the key `_activity`.
 */
export function completionErrors(steps: RunSteps, data: Partial<ActivityData>): Record<string, Record<string, string>> {
  const errors: Record<string, Record<string, string>> = {};
  for (const step of steps) {
    const stepError = stepErrors(step, data[step.step_key]);
    if (Object.keys(stepError).length > 0) errors[step.step_key] = stepError;
  }
  const duration = durationError(activityDuration(steps, { ...data, time_overrides: undefined }));
  if (duration) errors._activity = { duration };
  return errors;
}

/** The answers a run starts with: each item's default option. */
export function initialAnswers(items: readonly ActivityItem[]): Record<string, Answer> {
  return Object.fromEntries(
    items.filter((item) => item.default_option).map((item) => [item.item_id, item.type === 'multiselect' ? [item.default_option!] : item.default_option!]),
  );
}

/** Where a step stands in the sidebar (001 s4): completed (valid and left), current, or not completed. */
export type StepMark = 'completed' | 'current' | 'not_completed';
export function stepMarks(steps: RunSteps, data: Partial<ActivityData>, current: number, visited: ReadonlySet<number>): StepMark[] {
  return steps.map((step, index) =>
    index === current ? 'current' : visited.has(index) && isStepValid(step, data[step.step_key]) ? 'completed' : 'not_completed',
  );
}
