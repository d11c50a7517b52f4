import { invalid, rejectNul } from '../errors';
import { rejectDeepJson } from '../jsonDepth';
import type { Field, FieldKind } from './fields';
import { checkFieldValue, checkValue } from './filterValue';
import { RELATION_OPERATORS } from './relations';

export const OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin', 'like', 'inall'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  field: Field;
  op: Operator;
  value: unknown;
}

/** `q`: one field, or every search field of the resource when `fields` holds several. */
export interface Search {
  fields: readonly Field[];
  value: string;
}

export interface ParsedFilter {
  conditions: Condition[];
  search: Search | null;
}

/** Which operators make sense for a kind of field. */
const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  integer: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin'],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin'],
  date: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin'],
  'date-time': ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin'],
  string: ['eq', 'ne', 'in', 'notin', 'like'],
  enum: ['eq', 'ne', 'in', 'notin'],
  boolean: ['eq', 'ne'],
  // An array column: `in` has any of the values, `notin` none of them, `inall` every one.
  array: ['in', 'notin', 'inall'],
  json: [],
};
/**
 * Items of an `in` / `notin` list: the API's largest page (MAX_LIMIT, 500 trigger cues), so that
 * the ids of any page fit in one getMany and a lookup search's 500 ids in one `[in]` (the console
 * sends both). No constant of the spec says more; longer lists cost the database without helping anyone.
 */
const MAX_LIST = 500;
/** Values of an `inall`: each is one more related row every record must have; the care-team filter names a few members. */
const MAX_ALL_LIST = 100;
/** Text of a `like` or `q` search: each row's text is scanned for it, and nobody types more. */
const MAX_SEARCH_TEXT = 200;
const KEY = /^([A-Za-z_][\w.]*)(?:\[([a-z]+)\])?$/;

export interface FilterFields {
  filterable: ReadonlySet<string>;
  fields: ReadonlyMap<string, Field>;
  search: readonly Field[];
}

/** A query parameter that carries a JSON object (`filter`, `meta`): 422 at its place when it is not valid JSON, nests too deep, holds a NUL or is no object. */
export function parseJsonObject(raw: string, parameter: string): Record<string, unknown> {
  const loc = ['query', parameter];
  rejectDeepJson(raw, loc);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(loc, 'Invalid JSON', 'json_invalid');
  }
  rejectNul(value, loc);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(loc, 'Input should be a JSON object', 'dict_type');
  return value as Record<string, unknown>;
}

/**
 * Parses the `filter` query parameter: a JSON object of `field[operator]` keys (a bare `field`
 * means `[eq]`) and `q`. Every key, operator and value is checked here, so SQL only ever sees
 * fields of the definition and values of the field's type. Throws a 422 naming the key.
 */
export function parseFilter(raw: string | undefined, resource: FilterFields): ParsedFilter {
  const parsed: ParsedFilter = { conditions: [], search: null };
  if (raw === undefined || raw === '') return parsed;
  for (const [key, value] of Object.entries(parseJsonObject(raw, 'filter'))) {
    if (key === 'q') parsed.search = parseSearch(value, resource.search);
    else parsed.conditions.push(parseCondition(key, value, resource));
  }
  return parsed;
}

function parseCondition(key: string, value: unknown, resource: FilterFields): Condition {
  const loc = ['query', 'filter', key];
  const match = KEY.exec(key);
  const path = match?.[1] ?? key;
  const field = resource.filterable.has(path) ? resource.fields.get(path) : undefined;
  if (!match || !field) throw invalid(loc, `Unknown filter field: ${path}`, 'unknown_field');
  const op = (match[2] ?? 'eq') as Operator;
  if (!OPERATORS.includes(op)) throw invalid(loc, `Unknown operator: ${op}`, 'unknown_operator');
  const allowed = field.relation ? RELATION_OPERATORS : OPERATORS_BY_KIND[field.kind];
  if (!allowed.includes(op)) {
    throw invalid(loc, `Operator ${op} does not apply to ${path}`, 'operator_not_allowed');
  }
  return checkedCondition(field, op, value, loc);
}

/** A condition whose value is checked against the field's kind; a 422 at `loc` otherwise. */
export function checkedCondition(field: Field, op: Operator, value: unknown, loc: (string | number)[]): Condition {
  if (op === 'in' || op === 'notin' || op === 'inall') {
    const max = op === 'inall' ? MAX_ALL_LIST : MAX_LIST;
    if (!Array.isArray(value)) throw invalid(loc, `Input should be a list of at most ${max} values`, 'list_type');
    if (value.length > max) throw invalid(loc, `List should have at most ${max} items, not ${value.length}`, 'too_long');
    // inall on a relation field lists values of the related column; on an array column, its items.
    const itemKind = field.kind === 'array' ? (field.itemKind ?? 'json') : field.kind;
    // A null item of `in` / `notin` on a nullable field asks "or none" / "and not none" (the care-team
    // picker's "this tenant or none"); an array's items and `inall`'s values are never null.
    const nullItem = (op === 'in' || op === 'notin') && field.kind !== 'array' && field.nullable;
    const item = (entry: unknown, i: number) =>
      entry === null
        ? checked([...loc, i], nullItem ? { ok: true, value: null } : { ok: false, msg: 'Input should not be null' })
        : checked([...loc, i], checkValue(itemKind, entry, field.enumValues));
    return { field, op, value: value.map(item) };
  }
  if (op === 'like') checkSearchLength(value, loc);
  if (op === 'eq' || op === 'ne') return { field, op, value: checked(loc, checkFieldValue(field, value)) };
  return { field, op, value: checked(loc, checkValue(field.kind, value, field.enumValues)) };
}

function parseSearch(value: unknown, searchFields: readonly Field[]): Search | null {
  const loc = ['query', 'filter', 'q'];
  checkSearchLength(value, loc);
  if (typeof value === 'string') return value === '' ? null : { fields: searchFields, value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(loc, 'Input should be a string or {"field": ..., "value": ...}', 'q_type');
  }
  const { field: name, value: text, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid([...loc, extra], 'Extra inputs are not permitted', 'extra_forbidden');
  const field = searchFields.find((f) => f.path === name);
  if (!field) throw invalid([...loc, 'field'], `Not a search field: ${String(name)}`, 'unknown_field');
  if (typeof text === 'number' && field.kind === 'integer') return { fields: [field], value: String(text) };
  if (typeof text !== 'string') throw invalid([...loc, 'value'], 'Input should be a valid string', 'string_type');
  checkSearchLength(text, [...loc, 'value']);
  if (field.kind === 'integer') checked([...loc, 'value'], checkValue('integer', text));
  return text === '' ? null : { fields: [field], value: text };
}

function checkSearchLength(value: unknown, loc: (string | number)[]): void {
  if (typeof value === 'string' && value.length > MAX_SEARCH_TEXT) {
    throw invalid(loc, `Search text should have at most ${MAX_SEARCH_TEXT} characters`, 'string_too_long');
  }
}

function checked(loc: (string | number)[], result: ReturnType<typeof checkValue>): unknown {
  if (!result.ok) throw invalid(loc, result.msg, 'value_error');
  return result.value;
}
