import { HttpError } from '../../../api/httpError';
import {
  initialAnswers,
  isStepValid,
  type ActivityData,
  type ActivityTemplate,
  type Answer,
  type StepData,
  type StepTemplate,
} from '../../../../domain/clinicalActivities';

/**
 * The runner's pure helpers (spec 001 sections 4 and 5): the steps of a template in order, the data
 * a run starts from, where a resumed run opens, durations in words, and the server's per-field
 * errors of a refused completion. The rules themselves are the domain's (runner.ts).
 */

/** The steps of a template in step_number order, each with its step template (a step the read did not expand is left out). */
export function runnerSteps(template: Pick<ActivityTemplate, 'activity_template_steps'>): StepTemplate[] {
  return [...template.activity_template_steps]
    .sort((a, b) => a.step_number - b.step_number)
    .flatMap((step) => (step.step_template ? [step.step_template] : []));
}

/** A run's data to start from: what was saved, each step's answers over its items' default options (a saved answer wins), its time 0 when none. */
export function startingData(steps: readonly StepTemplate[], initialData: Partial<ActivityData> | undefined): ActivityData {
  const data = { ...(initialData ?? {}) } as ActivityData;
  for (const step of steps) {
    const saved: StepData = initialData?.[step.step_key] ?? {};
    data[step.step_key] = {
      ...saved,
      time_taken: typeof saved.time_taken === 'number' ? saved.time_taken : 0,
      answers: { ...initialAnswers(step.activity_items_json), ...(saved.answers ?? {}) },
    };
  }
  return data;
}

/**
 * Where a run opens (ours: the spec says only that Start reuses a pending instance). A new run opens on
 * its first step; a resumed one counts the steps it saved valid as done and opens on the first other
 * step, or on Review & Submit when every step is done.
 */
export function resumePoint(steps: readonly StepTemplate[], initialData: Partial<ActivityData> | undefined): { current: number; visited: Set<number> } {
  const visited = new Set<number>();
  steps.forEach((step, index) => {
    if (initialData?.[step.step_key] !== undefined && isStepValid(step, initialData[step.step_key])) visited.add(index);
  });
  const open = steps.findIndex((_, index) => !visited.has(index));
  return { current: open === -1 ? steps.length : open, visited };
}

/** One step's data with a change applied. */
export function withStep(data: ActivityData, stepKey: string, change: Partial<StepData>): ActivityData {
  return { ...data, [stepKey]: { ...data[stepKey], ...change } };
}

export function withAnswer(data: ActivityData, stepKey: string, itemId: string, answer: Answer): ActivityData {
  return withStep(data, stepKey, { answers: { ...data[stepKey]?.answers, [itemId]: answer } });
}

/** Seconds in words: 45 s, 5 min, 5 min 30 s. */
export function durationWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${String(rest)} s`;
  return rest === 0 ? `${String(minutes)} min` : `${String(minutes)} min ${String(rest)} s`;
}

/** Seconds as m:ss on the reference bar: 270 -> 4:30. */
export const clock = (seconds: number) => `${String(Math.floor(seconds / 60))}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/** Per-field errors by step key (and `_activity`), as the runner shows them. */
export type FieldErrors = Record<string, Record<string, string>>;

interface Issue {
  loc?: unknown;
  msg?: unknown;
  type?: unknown;
}

/**
 * The per-field errors of a refused completion (spec 001 section 8: "a validation_check error type
 * lists per-field errors"): the 422's detail entries of type validation_check, each at
 * `['body', 'data_json', step_key, field]` (or `[..., step_key, 'answers', item_id]`). Null when the
 * failure is anything else.
 */
export function validationCheckErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  const checks = (detail as Issue[]).filter((issue) => issue.type === 'validation_check');
  if (checks.length === 0) return null;
  const errors: FieldErrors = {};
  for (const issue of checks) {
    const loc = Array.isArray(issue.loc) ? issue.loc.map(String) : [];
    const path = loc[0] === 'body' ? loc.slice(1) : loc;
    const [, stepKey = '_activity', ...rest] = path[0] === 'data_json' ? path : ['data_json', ...path];
    const field = (rest[0] === 'answers' ? rest[1] : rest[0]) ?? '_step';
    (errors[stepKey] ??= {})[field] = typeof issue.msg === 'string' ? issue.msg : 'Invalid';
  }
  return errors;
}
