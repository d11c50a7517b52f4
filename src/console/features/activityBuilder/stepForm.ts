import {
  BOOLEAN_ITEM_TYPES,
  OPTION_ITEM_TYPES,
  stepTemplateProblems,
  type ActivityItem,
  type EnabledWhen,
  type ItemType,
  type MonitoringActivityRules,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import { BUILDER_TEXTS } from './builderTexts';

/**
 * The step template editor's form (spec 002 sections 3 "Step template", "Activity item" and 5
 * "Template builders") as pure functions: the draft the inputs edit, the body POST/PUT step-templates
 * takes, and the errors by field path. The rules are the domain's (stepTemplateProblems); this adds
 * the required fields of section 5 and what an input cannot hold.
 */

/** What the inputs edit: the step's fields, the times possibly empty while being typed. */
export interface StepDraft {
  step_key: string;
  step_title: string;
  step_description: string;
  expected_time_range: { min: number | null; max: number | null };
  monitoring_activity_rules: MonitoringActivityRules;
  activity_items_json: ActivityItem[];
}

/** The body of POST and PUT step-templates. */
export interface StepTemplateBody {
  step_key: string;
  step_title: string;
  step_description: string | null;
  expected_time_range: { min: number; max: number };
  monitoring_activity_rules: MonitoringActivityRules;
  activity_items_json: ActivityItem[];
}

/** Errors by field path, dots between the parts: `activity_items_json.0.item_id`. */
export type FieldErrors = Readonly<Record<string, string>>;
export const pathKey = (path: readonly (string | number)[]) => path.join('.');

export const emptyStep = (): StepDraft => ({
  step_key: '',
  step_title: '',
  step_description: '',
  expected_time_range: { min: null, max: null },
  monitoring_activity_rules: { create_note: true, monitoring_types: [] },
  activity_items_json: [],
});

export function stepDraftOf(record: StepTemplate): StepDraft {
  return {
    step_key: record.step_key,
    step_title: record.step_title,
    step_description: record.step_description ?? '',
    expected_time_range: { min: record.expected_time_range.min, max: record.expected_time_range.max },
    monitoring_activity_rules: {
      create_note: record.monitoring_activity_rules.create_note,
      monitoring_types: [...record.monitoring_activity_rules.monitoring_types],
    },
    activity_items_json: record.activity_items_json.map((item) => ({ ...item })),
  };
}

export const newItem = (): ActivityItem => ({ item_id: '', text: '', type: 'checklist', required: false });

const isBoolean = (type: ItemType) => BOOLEAN_ITEM_TYPES.includes(type);
const hasOptions = (type: ItemType) => OPTION_ITEM_TYPES.includes(type);
const blank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * An item as the API takes it: only the fields its type uses (options and a default for dropdown and
 * multiselect, bounds for scale and number, a record to create for checklist and yes/no), empty
 * optional texts left out. A field the type does not use is dropped, not kept hidden: what is sent is
 * what the builder shows.
 */
export function itemBody(item: ActivityItem): ActivityItem {
  const body: ActivityItem = {
    item_id: item.item_id.trim(),
    text: item.text.trim(),
    type: item.type,
    required: item.type === 'yes_no' || item.required === true,
  };
  if (!blank(item.prompt)) body.prompt = item.prompt!.trim();
  if (hasOptions(item.type)) {
    body.options = (item.options ?? []).map((o) => ({ id: o.id.trim(), name: o.name.trim() }));
    if (!blank(item.default_option)) body.default_option = item.default_option!;
  }
  if (item.type === 'scale') {
    for (const key of ['scale_min', 'scale_max', 'scale_step'] as const) if (isNumber(item[key])) body[key] = item[key];
  }
  if (item.type === 'number') {
    for (const key of ['min_value', 'max_value'] as const) if (isNumber(item[key])) body[key] = item[key];
  }
  if ((item.type === 'scale' || item.type === 'number') && !blank(item.unit)) body.unit = item.unit!.trim();
  if (item.validation_checks && item.validation_checks.length > 0) body.validation_checks = item.validation_checks.map((check) => ({ ...check }));
  if (item.enabled_when && item.enabled_when.length > 0) body.enabled_when = item.enabled_when.map((condition) => ({ ...condition }));
  if (item.resource_creation && isBoolean(item.type))
    body.resource_creation = { ...item.resource_creation, display_text: item.resource_creation.display_text.trim() };
  return body;
}

export function stepBody(draft: StepDraft): StepTemplateBody {
  return {
    step_key: draft.step_key.trim(),
    step_title: draft.step_title.trim(),
    step_description: blank(draft.step_description) ? null : draft.step_description.trim(),
    expected_time_range: { min: draft.expected_time_range.min ?? 0, max: draft.expected_time_range.max ?? 0 },
    monitoring_activity_rules: { ...draft.monitoring_activity_rules, monitoring_types: [...draft.monitoring_activity_rules.monitoring_types] },
    activity_items_json: draft.activity_items_json.map(itemBody),
  };
}

/** A required whole number of seconds, 0 or more (002 s5: min and max time required, min 0). */
function secondsError(value: number | null): string | null {
  if (value === null) return BUILDER_TEXTS.required;
  if (!Number.isInteger(value)) return BUILDER_TEXTS.wholeNumber;
  return value < 0 ? BUILDER_TEXTS.atLeastZero : null;
}

/**
 * Every error of the draft by field path: the domain's rules (keys, unique ids, options, enabled_when
 * naming an earlier item, records only from boolean items) and the required fields of 002 section 5.
 * The first message of a field wins.
 */
export function stepErrorsOf(draft: StepDraft): FieldErrors {
  const errors: Record<string, string> = {};
  const put = (path: (string | number)[], message: string) => {
    errors[pathKey(path)] ??= message;
  };
  if (blank(draft.step_title)) put(['step_title'], BUILDER_TEXTS.required);
  const min = secondsError(draft.expected_time_range.min);
  if (min) put(['expected_time_range', 'min'], min);
  const max = secondsError(draft.expected_time_range.max);
  if (max) put(['expected_time_range', 'max'], max);
  draft.activity_items_json.forEach((item, index) => {
    const at = (...rest: (string | number)[]) => ['activity_items_json', index, ...rest];
    (item.validation_checks ?? []).forEach((check, c) => {
      if (typeof check.value === 'string' ? blank(check.value) : !isNumber(check.value)) put(at('validation_checks', c, 'value'), BUILDER_TEXTS.required);
      if (blank(check.message)) put(at('validation_checks', c, 'message'), BUILDER_TEXTS.required);
    });
    (item.enabled_when ?? []).forEach((condition, c) => {
      if (blank(condition.value)) put(at('enabled_when', c, 'value'), BUILDER_TEXTS.required);
    });
  });
  for (const problem of stepTemplateProblems(stepBody(draft))) put(problem.path, problem.message);
  return errors;
}

/** The 422 answer's field errors (`detail: [{loc: ['body', ...path], msg}]`) by path, for the fields the server refused. */
export function serverFieldErrors(body: unknown): FieldErrors {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (!Array.isArray(detail)) return {};
  const errors: Record<string, string> = {};
  for (const entry of detail as unknown[]) {
    const { loc, msg } = (typeof entry === 'object' && entry !== null ? entry : {}) as { loc?: unknown; msg?: unknown };
    if (!Array.isArray(loc) || typeof msg !== 'string') continue;
    const path = loc[0] === 'body' ? loc.slice(1) : loc;
    errors[pathKey(path as (string | number)[])] ??= msg;
  }
  return errors;
}

export function moveEntry<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const moved = [...list];
  const [entry] = moved.splice(index, 1);
  moved.splice(to, 0, entry!);
  return moved;
}

/** An item's id changed: the other items' conditions and record references follow it (ours), so a rename does not break them. */
export function renameItem(items: readonly ActivityItem[], index: number, itemId: string): ActivityItem[] {
  const old = items[index]?.item_id;
  return items.map((item, i) => {
    if (i === index) return { ...item, item_id: itemId };
    if (!old) return item;
    const enabledWhen = item.enabled_when?.map((condition) => (condition.item_id === old ? { ...condition, item_id: itemId } : condition));
    const creation = item.resource_creation?.reference_field === old ? { ...item.resource_creation, reference_field: itemId } : item.resource_creation;
    return { ...item, ...(enabledWhen ? { enabled_when: enabledWhen } : {}), ...(creation !== undefined ? { resource_creation: creation } : {}) };
  });
}

/** A new type keeps what it can use: options only for option types, a record only for boolean ones; yes/no is always required. */
export function retypeItem(item: ActivityItem, type: ItemType): ActivityItem {
  const next: ActivityItem = { ...item, type };
  if (!hasOptions(type)) {
    delete next.options;
    delete next.default_option;
  } else next.options ??= [];
  if (!isBoolean(type)) delete next.resource_creation;
  if (type === 'yes_no') next.required = true;
  return next;
}

/** The items an item's enabled_when may name: those before it with an id (002 s5: an earlier item of the step). */
export const earlierItems = (items: readonly ActivityItem[], index: number) => items.slice(0, index).filter((item) => !blank(item.item_id));

/** The values an enabled_when condition may take on the item it names: true/false for boolean items, option ids for option items; free text otherwise (null). */
export function conditionChoices(item: ActivityItem | undefined): { value: string; label: string }[] | null {
  if (!item) return null;
  if (item.type === 'yes_no')
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  if (item.type === 'checklist')
    return [
      { value: 'true', label: 'Checked' },
      { value: 'false', label: 'Not checked' },
    ];
  if (hasOptions(item.type)) return (item.options ?? []).filter((o) => !blank(o.id)).map((o) => ({ value: o.id, label: blank(o.name) ? o.id : o.name }));
  return null;
}

/** A new condition: on the nearest earlier item, with its first value when it has choices. */
export function newCondition(items: readonly ActivityItem[], index: number): EnabledWhen | null {
  const earlier = earlierItems(items, index);
  const target = earlier[earlier.length - 1];
  if (!target) return null;
  return { item_id: target.item_id, value: conditionChoices(target)?.[0]?.value ?? '' };
}
