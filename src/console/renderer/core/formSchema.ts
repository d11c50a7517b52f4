import type { FormDefinition } from '../../../../schemas/screen';
import { evaluateCondition } from './conditions';
import type { ApiRow, EvalContext } from './context';
import { fieldSchema, type SchemaNode } from './entityFields';
import { withChoices } from './formChoices';
import { labelOf } from './fieldViews';
import { formFields, hiddenGroupFields, nestProperties, sectionsLayout, withRequired } from './formLayout';
import { deleteIn, getIn, isDoc, isEmptyValue, setIn, withoutEmpty } from './formPaths';
import { codeLabel, resolveValue } from './templates';

/** The JSON Schema RJSF renders for a form: entity fields by name, extra properties, choices from their sources, required, hidden fields left out. */
export function formJsonSchema(form: FormDefinition, entity: SchemaNode, context: EvalContext): SchemaNode {
  const hidden = new Set([...activeHidden(form, context), ...hiddenGroupFields(form, context)]);
  const properties: Record<string, SchemaNode> = {};
  for (const field of formFields(form)) {
    const { readOnly: _, ...schema } = fieldSchema(entity, field) ?? {};
    properties[field] = { title: labelOf(field), ...schema };
  }
  Object.assign(properties, form.properties ?? {});
  for (const field of hidden) delete properties[field];
  // Dotted fields (`user.first_name`) become nested objects, required all the way down.
  const chosen = withChoices(nestProperties(properties), form, context);
  for (const field of chosen.empty) hidden.add(field);
  const { properties: nested, required } = withRequired(
    chosen.properties,
    (form.required ?? []).filter((field) => !hidden.has(field)),
  );
  return { type: 'object', ...form.schema, properties: nested, ...(required.length > 0 ? { required } : {}) };
}

/** The fields that a `hidden` rule leaves out now. */
function activeHidden(form: FormDefinition, context: EvalContext): string[] {
  return (form.hidden ?? []).filter((rule) => evaluateCondition(rule.when, context)).map((rule) => rule.field);
}

/**
 * The values a form starts from: its entity fields as the record has them. A required field the
 * record leaves null starts empty, so that the required check asks for it (a device's patient_id
 * in Assign to Patient) instead of accepting the null.
 */
export function formInitialData(form: FormDefinition, record: ApiRow | undefined): ApiRow {
  if (!record) return {};
  const required = new Set(form.required ?? []);
  let data: ApiRow = {};
  for (const field of formFields(form)) {
    const value = getIn(record, field);
    if (value !== undefined && !(value === null && required.has(field))) data = setIn(data, field, value);
  }
  return data;
}

/** The form's part of a request: without omitted fields (confirmation boxes), with the assigned values (`assign`, templates filled: `{identity.tenant_id}`). */
export function formPayload(form: FormDefinition, data: ApiRow, context: EvalContext, initial?: ApiRow): ApiRow {
  const omitted = new Set(form.omit ?? []);
  let payload: ApiRow = Object.fromEntries(Object.entries(data).filter(([field]) => !omitted.has(field)));
  for (const field of hiddenGroupFields(form, context)) payload = deleteIn(payload, field);
  if (form.stripEmpty) payload = withClearedFields(form, withoutEmpty(payload), initial, context);
  for (const rule of form.assign ?? [])
    if (evaluateCondition(rule.when, context)) payload = setIn(payload, rule.field, resolveValue(rule.value ?? null, context));
  // On an edit, a field that still holds what the record had is left out (spec 002 section 5: the unchanged role).
  if (initial)
    for (const field of form.omitUnchanged ?? [])
      if (JSON.stringify(getIn(payload, field) ?? null) === JSON.stringify(getIn(initial, field) ?? null)) payload = deleteIn(payload, field);
  return payload;
}

/**
 * On an edit (`initial` is what the record had), each shown field the user emptied is sent as null
 * (or its `clearAs` value), so that the server clears it: stripping alone would keep the old value.
 */
function withClearedFields(form: FormDefinition, payload: ApiRow, initial: ApiRow | undefined, context: EvalContext): ApiRow {
  if (!initial) return payload;
  const skipped = new Set([...activeHidden(form, context), ...hiddenGroupFields(form, context), ...(form.omit ?? [])]);
  const clearAs = (isDoc(form.clearAs) ? form.clearAs : {}) as Record<string, unknown>;
  let out = payload;
  for (const field of formFields(form)) {
    if (skipped.has(field) || isEmptyValue(getIn(initial, field)) || !isEmptyValue(getIn(out, field))) continue;
    out = setIn(out, field, field in clearAs ? clearAs[field] : null);
  }
  return out;
}

/** A uiSchema whose keys may be dotted paths (`"user.first_name": {...}`) as RJSF's nested one. */
function expandDottedKeys(uiSchema: SchemaNode): Record<string, unknown> {
  let result: ApiRow = {};
  for (const [key, value] of Object.entries(uiSchema)) {
    const merged = isDoc(value) && isDoc(getIn(result, key)) ? { ...(getIn(result, key) as ApiRow), ...value } : value;
    result = key.startsWith('ui:') ? { ...result, [key]: value } : setIn(result, key, merged);
  }
  return { ...result };
}

type Labels = Readonly<Record<string, string>> | undefined;

/** Readable labels for every enum of the form, nested objects and lists of choices included, unless the definition names them. */
function withEnumNames(uiSchema: Record<string, unknown>, properties: Record<string, SchemaNode>, labels: Labels): Record<string, unknown> {
  const result = { ...uiSchema };
  for (const [field, property] of Object.entries(properties)) {
    const own = (isDoc(result[field]) ? result[field] : {}) as Record<string, unknown>;
    const values = Array.isArray(property.enum) ? property.enum : isDoc(property.items) && Array.isArray(property.items.enum) ? property.items.enum : undefined;
    // The definition's labels win; codes it leaves out keep their readable default (null: 'None').
    if (values && !Array.isArray(own['ui:enumNames']))
      result[field] = { ...own, 'ui:enumNames': { ...enumNames(values as unknown[], labels), ...(own['ui:enumNames'] as object | undefined) } };
    else if (isDoc(property.properties)) result[field] = withEnumNames(own, property.properties as Record<string, SchemaNode>, labels);
  }
  return result;
}

/** Labels of an enum's codes for RJSF (`ui:enumNames`): 'blood_pressure' -> 'Blood Pressure', 'cgm' -> 'CGM' (the `labels` registry), null -> 'None'. */
function enumNames(values: readonly unknown[], labels: Labels): Record<string, string> {
  return Object.fromEntries(
    values.map((value) => {
      const code = String(value);
      return [code, value === null ? 'None' : codeLabel(code, labels)];
    }),
  );
}

/**
 * The uiSchema of a form as RJSF takes it: enum fields get readable labels unless the definition
 * names them; `ui:order` keeps only the fields shown now (RJSF refuses an order naming a hidden
 * one) and ends with '*' for any it does not name.
 */
export function formUiSchema(uiSchema: SchemaNode | undefined, schema: SchemaNode, sections?: FormDefinition['sections'], labels?: Labels): SchemaNode {
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const result = withEnumNames(expandDottedKeys(uiSchema ?? {}), properties, labels);
  // A sectioned form is laid out by RJSF's LayoutGridField, which takes nested paths (`user.first_name`).
  if (sections) Object.assign(result, { 'ui:field': 'LayoutGridField', 'ui:layoutGrid': sectionsLayout(sections, schema) });
  const order = uiSchema?.['ui:order'];
  if (!Array.isArray(order)) return result;
  const kept = (order as string[]).filter((field) => field === '*' || field in properties);
  return { ...result, 'ui:order': kept.includes('*') ? kept : [...kept, '*'] };
}
