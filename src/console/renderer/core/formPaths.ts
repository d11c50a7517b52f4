import type { ApiRow } from './context';

/**
 * Values at dotted paths of a form's nested data (`user.first_name`, `profile.copd.exacerbations`),
 * read and written without changing the input: the form fields of a definition are such paths.
 */
type Doc = Record<string, unknown>;

export const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

export function getIn(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isDoc(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy of `row` with `value` at the path, creating the objects on the way. */
export function setIn(row: ApiRow, path: string, value: unknown): ApiRow {
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...row, [head]: value };
  return { ...row, [head]: setIn(isDoc(row[head]) ? row[head] : {}, rest.join('.'), value) };
}

/** A copy of `row` without the value at the path. */
export function deleteIn(row: ApiRow, path: string): ApiRow {
  const [head = '', ...rest] = path.split('.');
  if (!(head in row)) return row;
  const { [head]: inner, ...others } = row;
  if (rest.length === 0) return others;
  return isDoc(inner) ? { ...others, [head]: deleteIn(inner, rest.join('.')) } : row;
}

/** Nothing to send: undefined, null, '', an empty list or an object of nothing. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isDoc(value) && Object.values(value).every(isEmptyValue);
}

/** The data without its empty values, objects left empty included (spec 001 section 5: "Empty and null values are stripped"). */
export function withoutEmpty(row: ApiRow): ApiRow {
  const out: Doc = {};
  for (const [key, value] of Object.entries(row)) {
    const kept = isDoc(value) ? withoutEmpty(value) : value;
    if (!isEmptyValue(kept)) out[key] = kept;
  }
  return out;
}
