import type { ActivityData, ActivityItem, Answer, ItemType, RunSteps, StepData } from '../../../domain/clinicalActivities';
import { invalid } from '../../errors';

/**
 * What a run's data_json may hold beyond its JSON Schema (payloads/clinicalActivityInstances.ts),
 * checked against the steps of the run's template on every autosave and on completion: a key is a
 * step key of the template; an answer names an item of its step and is of its item's kind. The
 * reviewer's `time_overrides` are set only by an approval. The first problem is a 422 at its place
 * under `loc` (`['body', 'data_json']`).
 */

export const RUN_DATA_TEXTS = {
  overrides: 'Time overrides are set by the reviewer when the activity is approved',
  unknownStep: 'Not a step of this activity',
  unknownItem: 'Not an item of this step',
} as const;

/** The JSON kind an item's answer takes (types.ts Answer); null always stands for no answer. */
const KIND_OF: Record<ItemType, 'boolean' | 'string' | 'list' | 'number'> = {
  checklist: 'boolean',
  yes_no: 'boolean',
  dropdown: 'string',
  text: 'string',
  textarea: 'string',
  date: 'string',
  multiselect: 'list',
  // A number field may send what was typed: the domain's answerError reads a numeric text ('Enter a number' otherwise).
  number: 'number',
  scale: 'number',
};

const KIND_MESSAGES = {
  boolean: 'Expected true or false',
  string: 'Expected a text',
  list: 'Expected a list of option ids',
  number: 'Expected a number',
} as const;

function answerKindError(item: ActivityItem, answer: Answer): string | null {
  if (answer === null || answer === undefined) return null;
  const kind = KIND_OF[item.type];
  const fits =
    kind === 'boolean'
      ? typeof answer === 'boolean'
      : kind === 'string'
        ? typeof answer === 'string'
        : kind === 'list'
          ? Array.isArray(answer)
          : typeof answer === 'number' || typeof answer === 'string';
  return fits ? null : KIND_MESSAGES[kind];
}

/** Refuses (422) data_json that does not fit the run's steps. */
export function checkRunData(steps: RunSteps, data: Partial<ActivityData>, loc: (string | number)[]): void {
  const byKey = new Map(steps.map((step) => [step.step_key, step]));
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const stepData = value as StepData | undefined;
    if (key === 'time_overrides') throw invalid([...loc, key], RUN_DATA_TEXTS.overrides);
    const step = byKey.get(key);
    if (!step) throw invalid([...loc, key], RUN_DATA_TEXTS.unknownStep);
    const items = new Map(step.activity_items_json.map((item) => [item.item_id, item]));
    for (const [itemId, answer] of Object.entries(stepData?.answers ?? {})) {
      const item = items.get(itemId);
      if (!item) throw invalid([...loc, key, 'answers', itemId], RUN_DATA_TEXTS.unknownItem);
      const error = answerKindError(item, answer);
      if (error) throw invalid([...loc, key, 'answers', itemId], error, 'type_error');
    }
  }
}
