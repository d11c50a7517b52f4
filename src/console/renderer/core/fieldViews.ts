import type { FieldView, FilterDefinition, ListBody } from '../../../../schemas/screen';
import { defaultCell, enumValues, fieldSchema, isIntegerField, type SchemaNode } from './entityFields';
import type { SearchField } from './search';
import { codeLabel, humanize } from './templates';

/** A field view with the renderer's defaults filled in. */
export interface ResolvedFieldView extends FieldView {
  label: string;
  cell: string;
  options: Readonly<Record<string, unknown>>;
  /** The field's schema in the entity, when it has one. */
  schema: SchemaNode | undefined;
}

/** The default label of a field: its last segment, humanized ('added_on' -> 'Added On'). */
export const labelOf = (field: string) => humanize(field.split('.').pop() ?? field);

/** Label from the field's name, cell from its schema (date-time -> datetime, enum -> badge, boolean ...). */
export function resolveFieldView(view: FieldView, entity: SchemaNode): ResolvedFieldView {
  const schema = fieldSchema(entity, view.field);
  return { ...view, label: view.label ?? labelOf(view.field), cell: view.cell ?? defaultCell(schema), options: view.options ?? {}, schema };
}

export interface ResolvedFilter extends FilterDefinition {
  label: string;
  options: Readonly<Record<string, unknown>>;
  /** The values a select offers by default: the field's enum. */
  choices: readonly { value: unknown; label: string }[];
}

/** A filter with its defaults; an enum's choices read as the `labels` registry says (`cgm` -> 'CGM'), else humanized. */
export function resolveFilter(filter: FilterDefinition, entity: SchemaNode, labels?: Readonly<Record<string, string>>): ResolvedFilter {
  const values = enumValues(fieldSchema(entity, filter.field)) ?? [];
  return {
    ...filter,
    label: filter.label ?? labelOf(filter.field),
    options: filter.options ?? {},
    choices: values.map((value) => ({ value, label: codeLabel(String(value), labels) })),
  };
}

/** Search fields with their defaults: integer fields (ids) are exempt from the minimum length; the q object is the operator. */
export function resolveSearchFields(body: ListBody, entity: SchemaNode): SearchField[] {
  return (body.search?.fields ?? []).map((field) => ({
    field: field.field,
    label: field.label,
    operator: field.operator ?? 'q',
    format: field.format ?? (!field.lookup && isIntegerField(fieldSchema(entity, field.field)) ? 'id' : 'text'),
    ...(field.lookup ? { lookup: field.lookup } : {}),
  }));
}
