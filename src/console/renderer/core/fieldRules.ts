import type { FormValidation } from '@rjsf/utils';
import type { FormDefinition } from '../../../../schemas/screen';
import { getPath, type ApiRow } from './context';
import type { CoreRegistries, FieldRule } from './coreRegistries';
import { resolveEntry } from './resolve';

/** Left to the `required` check; text of spaces only is the rule's to refuse in its own words. */
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

type FieldRules = CoreRegistries['fieldRules'];

/** The rules a form names, by field path; an unknown name is the screens test's to report first. */
function rulesOf(form: FormDefinition, fieldRules: FieldRules): [string, FieldRule][] {
  return Object.entries(form.validate ?? {}).map(([field, name]) => [
    field,
    resolveEntry(fieldRules, 'field rule', name, { file: 'a screen definition', path: `/form/validate/${field}` }),
  ]);
}

/**
 * RJSF's custom validation for a form's field rules: each filled-in field its rule refuses gets the
 * rule's text (spec 000 section 5: 'All items must have the same length', the gateway id texts).
 */
export function checkFieldRules(form: FormDefinition, fieldRules: FieldRules) {
  return <T>(data: T | undefined, errors: FormValidation<T>): FormValidation<T> => {
    for (const [field, rule] of rulesOf(form, fieldRules)) {
      const value = getPath(data, field);
      if (isBlank(value)) continue;
      const refusal = rule.check(value);
      const handler = getPath(errors, field) as FormValidation | undefined;
      if (refusal !== null) handler?.addError(refusal);
    }
    return errors;
  };
}

/** The text of the `required` check on a field whose rule words it ('Gateway ID is required'). */
export function ruleRequiredText(form: FormDefinition, field: string, fieldRules: FieldRules): string | undefined {
  return rulesOf(form, fieldRules).find(([path]) => path === field)?.[1].requiredText;
}

/** The form's values as the API takes them: each ruled field through its rule (an IMEI list becomes its items). */
export function sentValues(form: FormDefinition, data: ApiRow, fieldRules: FieldRules): ApiRow {
  return throughRules(form, data, fieldRules, (rule, value) => rule.toPayload?.(value));
}

/** A record's values as the form shows them: each ruled field through its rule's fromRecord (care time in seconds shown as minutes). */
export function shownValues(form: FormDefinition, data: ApiRow, fieldRules: FieldRules): ApiRow {
  return throughRules(form, data, fieldRules, (rule, value) => rule.fromRecord?.(value));
}

/** Each filled-in field of the form's rules through `convert` (undefined: the rule has no such conversion, the value stays). */
function throughRules(form: FormDefinition, data: ApiRow, fieldRules: FieldRules, convert: (rule: FieldRule, value: unknown) => unknown): ApiRow {
  let values: ApiRow = data;
  for (const [field, rule] of rulesOf(form, fieldRules)) {
    const value = getPath(values, field);
    if (isBlank(value)) continue;
    const converted = convert(rule, value);
    if (converted !== undefined) values = withPath(values, field.split('.'), converted);
  }
  return values;
}

/** A copy of `row` with the value at a path replaced. */
function withPath(row: ApiRow, [head = '', ...rest]: string[], value: unknown): ApiRow {
  if (rest.length === 0) return { ...row, [head]: value };
  return { ...row, [head]: withPath((row[head] ?? {}) as ApiRow, rest, value) };
}
