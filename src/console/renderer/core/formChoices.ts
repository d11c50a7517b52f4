import type { FormDefinition } from '../../../../schemas/screen';
import type { EvalContext } from './context';
import { registriesOf, type Choice } from './coreRegistries';
import type { SchemaNode } from './entityFields';
import { resolveEntry } from './resolve';

/** The choices a named source offers here; an unknown name is the screens test's to report first. */
export function choicesOf(source: string, context: EvalContext): readonly Choice[] {
  return resolveEntry(registriesOf(context).choices, 'choice source', source, { file: 'a screen definition', path: '/form/choices' })(context);
}

/** The property at a dotted path of a form's properties (`address.state`: the state of the nested address). */
function propertyAt(properties: Record<string, SchemaNode>, path: string): SchemaNode | undefined {
  const [head = '', ...rest] = path.split('.');
  let current: SchemaNode | undefined = properties[head];
  for (const part of rest) current = (current?.properties as Record<string, SchemaNode> | undefined)?.[part];
  return current;
}

/** The properties with the one at a dotted path replaced (or removed), copying only the objects on the way. */
function withPropertyAt(properties: Record<string, SchemaNode>, path: string, value: SchemaNode | undefined): Record<string, SchemaNode> {
  const [head = '', ...rest] = path.split('.');
  const result = { ...properties };
  if (rest.length === 0) {
    if (value === undefined) delete result[head];
    else result[head] = value;
    return result;
  }
  const parent = result[head] ?? {};
  result[head] = { ...parent, properties: withPropertyAt((parent.properties ?? {}) as Record<string, SchemaNode>, rest.join('.'), value) };
  return result;
}

/**
 * A form's properties with each field named in `choices` limited to its source's choices, as
 * one-of values with their labels (RJSF shows them as a select): the status dialog offers what
 * the status table allows the user. A field whose source offers nothing is left out of the form.
 * A field may be nested: `{"address.state": "us_states"}`. A field with a single choice starts
 * with it (a location's country: the United States only).
 */
export function withChoices(
  properties: Record<string, SchemaNode>,
  form: FormDefinition,
  context: EvalContext,
): { properties: Record<string, SchemaNode>; empty: string[] } {
  let result = { ...properties };
  const empty: string[] = [];
  for (const [field, source] of Object.entries(form.choices ?? {})) {
    const property = propertyAt(result, field);
    if (!property) continue;
    const choices = choicesOf(source, context);
    if (choices.length === 0) {
      result = withPropertyAt(result, field, undefined);
      empty.push(field);
      continue;
    }
    const { enum: _, ...rest } = property;
    const only = choices.length === 1 ? { default: choices[0]?.value } : {};
    result = withPropertyAt(result, field, {
      ...rest,
      type: 'string',
      ...only,
      oneOf: choices.map((choice) => ({ const: choice.value, title: choice.label })),
    });
  }
  return { properties: result, empty };
}
