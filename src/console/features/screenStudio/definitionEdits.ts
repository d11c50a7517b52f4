import type { Definition } from './studioCalls';

/**
 * The structured editor's changes to a screen definition (Screen Studio, issue 21), as pure
 * functions from one definition to the next: the editor keeps each result on its undo stack and the
 * JSON editor shows the same object. They touch only what they name; every other key is kept as
 * written. A form that starts from a fragment (`"form": {"fragment": "patient.form"}`) is edited on
 * its resolved form: a changed key (`sections`, `uiSchema`) is written whole into the screen's own
 * form, where it replaces the fragment's (schemas/screenFragments.ts), and the fragment stays shared.
 */

type Row = Record<string, unknown>;

/** The lists of things the structured editor edits item by item: a list's columns, filters, tabs and search fields. */
export const LIST_KEYS = ['columns', 'filters', 'tabs', 'search.fields'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a list sits in a definition, as a JSON pointer (`/search/fields`). */
export const listPointer = (key: ListKey) => `/${key.replaceAll('.', '/')}`;

/** The lists' pointers as a pattern's alternatives: `/columns|/filters|/tabs|/search/fields`. */
const LISTS = LIST_KEYS.map(listPointer).join('|');

/** A pointer at an item of one of those lists or under it (`/columns/2`, `/search/fields/0/label`). */
export const LIST_ITEM = new RegExp(`^(?:${LISTS})/\\d+(?:/|$)`);

export function itemsOf(definition: Definition, key: ListKey): Row[] {
  const [first, second] = key.split('.') as [string, string | undefined];
  const value = second === undefined ? definition[first] : isRow(definition[first]) ? definition[first][second] : undefined;
  return Array.isArray(value) ? value.filter(isRow) : [];
}

/** The definition with a list replaced (`search.fields` keeps the search's other keys). */
function withItems(definition: Definition, key: ListKey, items: Row[]): Definition {
  const [first, second] = key.split('.') as [string, string | undefined];
  if (second === undefined) return { ...definition, [first]: items };
  const holder = isRow(definition[first]) ? definition[first] : {};
  return { ...definition, [first]: { ...holder, [second]: items } };
}

/** An item moved from one place to another (both 0-based, within bounds), the others in their order. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const rest = items.filter((_, i) => i !== from);
  return [...rest.slice(0, to), items[from] as T, ...rest.slice(to)];
}

export function moveItem(definition: Definition, key: ListKey, from: number, to: number): Definition {
  return withItems(definition, key, moved(itemsOf(definition, key), from, to));
}

export function removeItem(definition: Definition, key: ListKey, index: number): Definition {
  return withItems(
    definition,
    key,
    itemsOf(definition, key).filter((_, i) => i !== index),
  );
}

/** One item's keys changed; a key set to undefined is removed (a label left empty falls back to the field's). */
export function setItem(definition: Definition, key: ListKey, index: number, change: Row): Definition {
  return withItems(
    definition,
    key,
    itemsOf(definition, key).map((item, i) => (i === index ? withoutUndefined({ ...item, ...change }) : item)),
  );
}

/** A column or a search field added at the end, for a field of the resource. */
export function addItem(definition: Definition, key: 'columns' | 'search.fields', field: string, label: string): Definition {
  return withItems(definition, key, [...itemsOf(definition, key), { field, label }]);
}

// ---- texts

/** A key whose string value a user reads: titles, labels, messages, empty states, button texts. */
const TEXT_KEYS = new Set([
  'title',
  'label',
  'text',
  'message',
  'success',
  'error',
  'errorFallback',
  'submitLabel',
  'tabLabel',
  'addLabel',
  'hint',
  'placeholder',
  'description',
  'ui:title',
  'ui:help',
  'ui:placeholder',
  'ui:description',
]);
/** Objects whose every string is a text: an `empty` state's texts by case, a badge's `labels` by value. */
const TEXT_MAPS = new Set(['empty', 'labels']);
/** Texts the editor's own sections edit: the lists' labels and the form's field labels and help. */
const EDITED_ELSEWHERE = new RegExp(`^(?:${LISTS})/\\d+/label$|^/form/uiSchema/[^/]+/ui:(?:title|help)$`);

export interface TextPlace {
  /** JSON pointer of the text (RFC 6901). */
  pointer: string;
  value: string;
}

const escapeToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Every text of a definition with its place, in the definition's order: whatever a user reads
 * (titles, labels, empty states, success and error messages, actions' texts, confirmations), at any
 * depth, but those the lists and the form sections edit.
 */
export function textsOf(definition: Definition): TextPlace[] {
  const found: TextPlace[] = [];
  const walk = (value: unknown, pointer: string, key: string, parentKey: string) => {
    if (typeof value === 'string') {
      if ((TEXT_KEYS.has(key) || TEXT_MAPS.has(parentKey)) && !EDITED_ELSEWHERE.test(pointer)) found.push({ pointer, value });
      return;
    }
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${pointer}/${i}`, String(i), key));
    if (isRow(value)) for (const [child, item] of Object.entries(value)) walk(item, `${pointer}/${escapeToken(child)}`, child, key);
  };
  walk(definition, '', '', '');
  return found;
}

/** The definition with the string at a pointer replaced; every other value kept, arrays and objects copied on the way. */
export function setText(definition: Definition, pointer: string, value: string): Definition {
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  const put = (node: unknown, rest: string[]): unknown => {
    const [token, ...more] = rest;
    if (token === undefined) return value;
    if (Array.isArray(node)) return (node as unknown[]).map((item, i) => (String(i) === token ? put(item, more) : item));
    if (isRow(node)) return { ...node, [token]: put(node[token], more) };
    return node;
  };
  return put(definition, tokens) as Definition;
}

function withoutUndefined(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

// ---- forms

/** Where a form's fields are listed: its `fields`, or each section's. */
export interface FieldGroup {
  title: string | undefined;
  fields: string[];
}

export interface FormView {
  /** The definition's own form, fragment keys merged in. */
  form: Row;
  groups: FieldGroup[];
}

/** The form a definition shows (`form`, its fragment merged in by `resolve`), with its fields in their groups. */
export function formViewOf(definition: Definition, resolve: (definition: Definition) => Definition): FormView | undefined {
  const resolved = resolve(definition);
  if (!isRow(resolved.form)) return undefined;
  const form = resolved.form;
  const sections = Array.isArray(form.sections) ? form.sections.filter(isRow) : [];
  const listed = (value: unknown) => (Array.isArray(value) ? value.filter((field): field is string => typeof field === 'string') : []);
  const groups: FieldGroup[] = [
    ...(Array.isArray(form.fields) ? [{ title: undefined, fields: listed(form.fields) }] : []),
    ...sections.map((section) => ({ title: typeof section.title === 'string' ? section.title : undefined, fields: listed(section.fields) })),
  ];
  return { form, groups };
}

/** Writes one key of the resolved form into the definition's own form. */
function withFormKey(definition: Definition, view: FormView, key: string, value: unknown): Definition {
  const own = isRow(definition.form) ? definition.form : {};
  return { ...definition, form: { ...own, [key]: value } };
}

/** A field moved by one place within its group (`delta` -1 up, 1 down). */
export function moveFormField(definition: Definition, view: FormView, field: string, delta: -1 | 1): Definition {
  const { form } = view;
  if (Array.isArray(form.fields) && (form.fields as unknown[]).includes(field)) {
    const fields = form.fields as string[];
    const from = fields.indexOf(field);
    return withFormKey(definition, view, 'fields', moved(fields, from, from + delta));
  }
  const sections = (Array.isArray(form.sections) ? form.sections : []) as Row[];
  return withFormKey(
    definition,
    view,
    'sections',
    sections.map((section) => {
      const fields = Array.isArray(section.fields) ? (section.fields as string[]) : [];
      const from = fields.indexOf(field);
      return from < 0 ? section : { ...section, fields: moved(fields, from, from + delta) };
    }),
  );
}

/** What the editor sets of a form field, in its uiSchema: its label, help, widget (`hidden` hides it) and read-only. */
export type FieldUiKey = 'ui:title' | 'ui:help' | 'ui:widget' | 'ui:readonly';

export function fieldUi(view: FormView, field: string): Row {
  const uiSchema = isRow(view.form.uiSchema) ? view.form.uiSchema : {};
  return isRow(uiSchema[field]) ? uiSchema[field] : {};
}

/** One uiSchema key of a field set (undefined removes it; a field left with no key leaves the uiSchema). */
export function setFieldUi(definition: Definition, view: FormView, field: string, key: FieldUiKey, value: unknown): Definition {
  const uiSchema = isRow(view.form.uiSchema) ? view.form.uiSchema : {};
  const entry = withoutUndefined({ ...fieldUi(view, field), [key]: value });
  const { [field]: _old, ...others } = uiSchema;
  return withFormKey(definition, view, 'uiSchema', Object.keys(entry).length ? { ...others, [field]: entry } : others);
}

/** The form's required fields (resolved); `required` written whole into the own form when changed. */
export function setFieldRequired(definition: Definition, view: FormView, field: string, required: boolean): Definition {
  const current = Array.isArray(view.form.required) ? (view.form.required as string[]) : [];
  const next = required ? [...new Set([...current, field])] : current.filter((name) => name !== field);
  return withFormKey(definition, view, 'required', next);
}

export const isRequired = (view: FormView, field: string) => Array.isArray(view.form.required) && (view.form.required as unknown[]).includes(field);
