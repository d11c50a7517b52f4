import type { FormDefinition } from '../../../../schemas/screen';
import { evaluateCondition } from './conditions';
import type { ApiRow, EvalContext } from './context';
import type { SchemaNode } from './entityFields';
import { deleteIn, isDoc } from './formPaths';

type Section = NonNullable<FormDefinition['sections']>[number];
type Group = NonNullable<Section['groups']>[number];

/** Every field of a form, in order: `fields`, then each section's fields and its groups' fields. */
export function formFields(form: FormDefinition): string[] {
  const sectioned = (form.sections ?? []).flatMap((section) => [...(section.fields ?? []), ...(section.groups ?? []).flatMap((group) => group.fields)]);
  return [...new Set([...(form.fields ?? []), ...sectioned])];
}

/** The fields of the groups whose `showWhen` fails now: not shown, not checked, not sent. */
export function hiddenGroupFields(form: FormDefinition, context: EvalContext): Set<string> {
  const groups = (form.sections ?? []).flatMap((section) => section.groups ?? []);
  return new Set(groups.filter((group) => !evaluateCondition(group.showWhen, context)).flatMap((group) => group.fields));
}

/**
 * Properties keyed by dotted paths as nested object schemas: `{"user.first_name": {...}}` becomes
 * `{user: {type: "object", properties: {first_name: {...}}}}`. Top-level keys stay as they are.
 */
export function nestProperties(flat: Readonly<Record<string, SchemaNode>>): Record<string, SchemaNode> {
  const root: Record<string, SchemaNode> = {};
  for (const [path, schema] of Object.entries(flat)) {
    const parts = path.split('.');
    const leaf = parts.pop() as string;
    let level = root;
    for (const part of parts) {
      const node = level[part] ?? { type: 'object', properties: {} };
      const properties = { ...(node.properties as Record<string, SchemaNode> | undefined) };
      level[part] = { ...node, properties };
      level = properties;
    }
    level[leaf] = schema;
  }
  return root;
}

/** A nested schema with each dotted path required, and the objects on its way too (so that RJSF creates them). */
export function withRequired(properties: Record<string, SchemaNode>, paths: readonly string[]): { properties: Record<string, SchemaNode>; required: string[] } {
  const own = new Set<string>();
  const below = new Map<string, string[]>();
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.');
    if (!(head in properties)) continue;
    own.add(head);
    if (rest.length > 0) below.set(head, [...(below.get(head) ?? []), rest.join('.')]);
  }
  const result = { ...properties };
  for (const [head, inner] of below) {
    const node = result[head] as SchemaNode;
    const nested = withRequired((node.properties ?? {}) as Record<string, SchemaNode>, inner);
    result[head] = { ...node, properties: nested.properties, ...(nested.required.length > 0 ? { required: nested.required } : {}) };
  }
  return { properties: result, required: [...own] };
}

/** Whether a dotted path is a property of the form's schema now (hidden fields are not). */
export function hasProperty(schema: SchemaNode, path: string): boolean {
  let current: unknown = schema;
  for (const key of path.split('.')) {
    const properties = isDoc(current) ? current.properties : undefined;
    if (!isDoc(properties) || !(key in properties)) return false;
    current = properties[key];
  }
  return true;
}

const grid = (layout: string, props: Record<string, unknown>, children: unknown[]) => ({ 'ui:col': { layout, ...props, children } });

/**
 * The layout of a sectioned form as RJSF's LayoutGridField reads it (`ui:layoutGrid`): one column
 * per section (its title, description and number of columns) holding its shown fields, then its
 * groups that have a field shown. Our GridTemplate draws each `layout`.
 */
export function sectionsLayout(sections: readonly Section[], schema: SchemaNode): SchemaNode {
  const shown = (fields: readonly string[] = []) => fields.filter((field) => hasProperty(schema, field));
  const group = (g: Group, columns: number | undefined) => (shown(g.fields).length > 0 ? [grid('group', { title: g.title, columns }, shown(g.fields))] : []);
  const children = sections.map((section) =>
    grid('section', { title: section.title, description: section.description, columns: section.columns }, [
      ...shown(section.fields),
      ...(section.groups ?? []).flatMap((g) => group(g, section.columns)),
    ]),
  );
  return { 'ui:row': { layout: 'sections', children } };
}

/** The values without those of the groups hidden by them (checked against themselves: `form.` is these values). */
export function withoutHiddenGroups<T>(form: FormDefinition, values: T, context: EvalContext): T {
  if (!isDoc(values) || !form.sections) return values;
  let shown: ApiRow = values;
  for (const field of hiddenGroupFields(form, { ...context, form: values })) shown = deleteIn(shown, field);
  return shown as T;
}
