import type { FormDefinition } from '../../../../schemas/screen';
import { evaluateCondition } from './conditions';
import type { ApiRow, EvalContext } from './context';
import { fieldSchema, type SchemaNode } from './entityFields';
import { labelOf } from './fieldViews';
import { humanize } from './templates';

/** The JSON Schema RJSF renders for a form: entity fields by name, extra properties, required, hidden fields left out. */
export function formJsonSchema(form: FormDefinition, entity: SchemaNode, context: EvalContext): SchemaNode {
  const hidden = new Set((form.hidden ?? []).filter((rule) => evaluateCondition(rule.when, context)).map((rule) => rule.field));
  const properties: Record<string, SchemaNode> = {};
  for (const field of form.fields ?? []) {
    const { readOnly: _, ...schema } = fieldSchema(entity, field) ?? {};
    properties[field] = { title: labelOf(field), ...schema };
  }
  Object.assign(properties, form.properties ?? {});
  for (const field of hidden) delete properties[field];
  const required = (form.required ?? []).filter((field) => !hidden.has(field));
  return { type: 'object', ...form.schema, properties, ...(required.length > 0 ? { required } : {}) };
}

/** The values a form starts from: its entity fields as the record has them. */
export function formInitialData(form: FormDefinition, record: ApiRow | undefined): ApiRow {
  if (!record) return {};
  return Object.fromEntries((form.fields ?? []).filter((field) => field in record).map((field) => [field, record[field]]));
}

/** The form's part of a request: without omitted fields (confirmation boxes), with the assigned values (`assign`). */
export function formPayload(form: FormDefinition, data: ApiRow, context: EvalContext): ApiRow {
  const omitted = new Set(form.omit ?? []);
  const payload: Record<string, unknown> = Object.fromEntries(Object.entries(data).filter(([field]) => !omitted.has(field)));
  for (const rule of form.assign ?? []) if (evaluateCondition(rule.when, context)) payload[rule.field] = rule.value ?? null;
  return payload;
}

/** Labels of an enum's codes for RJSF (`ui:enumNames`): 'blood_pressure' -> 'Blood Pressure', null -> 'None'. */
function enumNames(values: readonly unknown[]): Record<string, string> {
  return Object.fromEntries(values.map((value) => [String(value), value === null ? 'None' : humanize(String(value))]));
}

/**
 * The uiSchema of a form as RJSF takes it: enum fields get readable labels unless the definition
 * names them; `ui:order` keeps only the fields shown now (RJSF refuses an order naming a hidden
 * one) and ends with '*' for any it does not name.
 */
export function formUiSchema(uiSchema: SchemaNode | undefined, schema: SchemaNode): SchemaNode {
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const result: Record<string, unknown> = { ...uiSchema };
  for (const [field, property] of Object.entries(properties)) {
    if (!Array.isArray(property.enum)) continue;
    const own = (result[field] ?? {}) as SchemaNode;
    if (own['ui:enumNames'] === undefined) result[field] = { ...own, 'ui:enumNames': enumNames(property.enum as unknown[]) };
  }
  const order = uiSchema?.['ui:order'];
  if (!Array.isArray(order)) return result;
  const kept = (order as string[]).filter((field) => field === '*' || field in properties);
  return { ...result, 'ui:order': kept.includes('*') ? kept : [...kept, '*'] };
}
