import { enumValues, typesOf, type SchemaNode } from '../../renderer/core/entityFields';

/**
 * Which cells a column, and which widgets a form field, may be changed to in the Screen Studio's
 * structured editor: those that fit the field's type (issue 21). The generic cells and RJSF's widgets
 * each say here what they can draw; a feature's own cell or widget (the queue's `triage`, the
 * diagnosis search `icd10_code`) is made for its one field and is not offered elsewhere, but stays
 * offered where a definition already names it. The JSON editor can still name anything the checks
 * accept: this is the common path, not a fence.
 */

/** What a field holds, as far as choosing its cell or widget goes. */
export type FieldKind = 'text' | 'email' | 'choice' | 'boolean' | 'integer' | 'number' | 'date' | 'date-time' | 'list' | 'choices' | 'object' | 'unknown';

/** The kind of a field from its JSON Schema (an entity's property, or a form's own); `unknown` when there is none. */
export function fieldKind(schema: SchemaNode | undefined): FieldKind {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (schema.format === 'date-time') return 'date-time';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'email') return 'email';
  if (types.includes('boolean')) return 'boolean';
  if (enumValues(schema) || Array.isArray(schema.oneOf)) return 'choice';
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as SchemaNode;
    return enumValues(items) || Array.isArray(items.oneOf) ? 'choices' : 'list';
  }
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('object')) return 'object';
  if (types.includes('string')) return 'text';
  return 'unknown';
}

const SCALARS: readonly FieldKind[] = ['text', 'email', 'choice', 'boolean', 'integer', 'number', 'date', 'date-time'];
const NUMBERS: readonly FieldKind[] = ['integer', 'number'];

/** The generic cells (renderer/registries/cells) and the kinds of field each can draw. */
const CELL_FITS: Readonly<Record<string, readonly FieldKind[]>> = {
  text: SCALARS,
  badge: ['choice', 'boolean', 'text', 'choices'],
  boolean: ['boolean'],
  case: [...SCALARS, 'list', 'choices', 'object'],
  date: ['date', 'date-time'],
  datetime: ['date-time'],
  relative: ['date-time', 'date'],
  duration_mmss: NUMBERS,
  email: ['email', 'text'],
  link: ['text', 'email', 'integer', 'choice'],
  money: NUMBERS,
  percent: NUMBERS,
  phone: ['text'],
  phones: ['list', 'object'],
  reference: ['integer', 'text'],
  tags: ['list', 'choices'],
};

/** RJSF's widgets (and the console's generic `switch`) and the kinds of field each can edit; `hidden` is the editor's own checkbox. */
const WIDGET_FITS: Readonly<Record<string, readonly FieldKind[]>> = {
  text: ['text', 'email', 'integer', 'number'],
  textarea: ['text'],
  email: ['email', 'text'],
  password: ['text'],
  select: ['choice', 'boolean', 'choices'],
  radio: ['choice', 'boolean'],
  checkbox: ['boolean'],
  switch: ['boolean'],
  checkboxes: ['choices'],
  updown: NUMBERS,
  range: NUMBERS,
  date: ['date'],
  'alt-date': ['date'],
  datetime: ['date-time'],
  'alt-datetime': ['date-time'],
  time: ['text'],
};

/** Every name offered for a field of this kind, among those that exist; `current` stays offered whatever it is. */
function fitting(fits: Readonly<Record<string, readonly FieldKind[]>>, known: readonly string[], kind: FieldKind, current: string): string[] {
  const offered = Object.entries(fits)
    .filter(([name, kinds]) => known.includes(name) && (kind === 'unknown' || kinds.includes(kind)))
    .map(([name]) => name);
  return [...new Set([...(current ? [current] : []), ...offered])];
}

/** The cells a column of this kind of field may be changed to (`known`: the registry's cells). */
export const cellsFitting = (kind: FieldKind, known: readonly string[], current = '') => fitting(CELL_FITS, known, kind, current);

/** RJSF's own widget names among those above: always there. */
const RJSF_WIDGETS = Object.keys(WIDGET_FITS).filter((name) => name !== 'switch');

/** The widgets a form field of this kind may be changed to (`registered`: the console's own `ui:widget` names). */
export const widgetsFitting = (kind: FieldKind, registered: readonly string[], current = '') =>
  fitting(WIDGET_FITS, [...RJSF_WIDGETS, ...registered], kind, current === 'hidden' ? '' : current);
