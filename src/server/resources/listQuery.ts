import { invalid } from '../errors';
import type { Field } from './fields';
import { checkedCondition, parseFilter, parseJsonObject, type Condition, type FilterFields, type Operator, type ParsedFilter } from './filterQuery';

/** The largest page a list answers (the spec's biggest page is 500 trigger cues). */
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 10;
const MAX_SKIP = 2_147_483_647;
const RANGE = /^([\w-]+)=(\d{1,10})-(\d{1,10})$/;
/** Names of `meta.expand`: a resource loads a handful, and each runs its loader once. */
const MAX_EXPAND = 20;

export interface ListQuery extends ParsedFilter {
  sort: Field;
  order: 'asc' | 'desc';
  skip: number;
  limit: number;
  /** The names of `meta.expand` (`["profile", "observations"]`). */
  expand: string[];
}

export interface ListFields extends FilterFields {
  sortable: ReadonlySet<string>;
  defaultSort: { field: Field; order: 'asc' | 'desc' };
  /** The meta keys the resource reads, each a condition on a field (`patient_group_id` of patients). */
  meta?: ReadonlyMap<string, { field: Field; op: Operator; value?: 'caller' }>;
}

/**
 * Reads `sort, order, skip, limit, filter, meta` and the `Range: {resource}=0-9` header (used when
 * neither skip nor limit is given). Anything malformed is a 422 in the spec's shape.
 * Example: `?sort=added_on&order=desc&skip=0&limit=10&filter={"device_type[eq]":"glucometer"}`.
 */
export function parseListQuery(query: Record<string, unknown>, rangeHeader: string | undefined, resource: ListFields, callerId?: number): ListQuery {
  const sortName = single(query, 'sort');
  const sort = sortName === undefined ? resource.defaultSort.field : resource.sortable.has(sortName) ? resource.fields.get(sortName) : undefined;
  if (!sort) throw invalid(['query', 'sort'], `Cannot sort by ${sortName}`, 'unknown_field');
  const orderText = single(query, 'order')?.toLowerCase();
  if (orderText !== undefined && orderText !== 'asc' && orderText !== 'desc') {
    throw invalid(['query', 'order'], "Input should be 'asc' or 'desc'", 'enum');
  }
  const order = orderText ?? (sortName === undefined ? resource.defaultSort.order : 'asc');
  const metaText = single(query, 'meta');
  const meta = metaText === undefined ? {} : parseJsonObject(metaText, 'meta');
  const filter = parseFilter(single(query, 'filter'), resource);
  const conditions = [...filter.conditions, ...metaConditions(meta, resource, callerId)];
  return { sort, order, ...page(query, rangeHeader), ...filter, conditions, expand: expandOf(meta) };
}

function page(query: Record<string, unknown>, rangeHeader: string | undefined): { skip: number; limit: number } {
  const skipText = single(query, 'skip');
  const limitText = single(query, 'limit');
  if (skipText === undefined && limitText === undefined && rangeHeader !== undefined) return range(rangeHeader);
  const skip = skipText === undefined ? 0 : integer(skipText, ['query', 'skip'], 0, MAX_SKIP);
  const limit = limitText === undefined ? DEFAULT_LIMIT : integer(limitText, ['query', 'limit'], 1, MAX_LIMIT);
  return { skip, limit };
}

function range(header: string): { skip: number; limit: number } {
  const match = RANGE.exec(header.trim());
  const start = Number(match?.[2]);
  const end = Number(match?.[3]);
  if (!match || end < start || end - start + 1 > MAX_LIMIT || start > MAX_SKIP) {
    throw invalid(['header', 'range'], `Range should be {resource}=start-end with at most ${MAX_LIMIT} items`, 'range');
  }
  return { skip: start, limit: end - start + 1 };
}

function integer(text: string, loc: string[], min: number, max: number): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) throw invalid(loc, `Input should be an integer from ${min} to ${max}`, 'int_range');
  return n;
}

/**
 * The conditions of the meta keys the resource declares; other keys are ignored, as the console
 * may send options a resource does not read. A declared key with a null value is left out.
 */
function metaConditions(meta: Record<string, unknown>, resource: ListFields, callerId: number | undefined): Condition[] {
  return [...(resource.meta ?? [])].flatMap(([key, { field, op, value }]) => {
    const given = meta[key];
    if (given === undefined || given === null) return [];
    if (value !== 'caller') return [checkedCondition(field, op, given, ['query', 'meta', key])];
    if (typeof given !== 'boolean') throw invalid(['query', 'meta', key], 'Input should be a valid boolean', 'bool_type');
    return given && callerId !== undefined ? [checkedCondition(field, op, callerId, ['query', 'meta', key])] : [];
  });
}

/**
 * The `meta.expand` of a read (`GET /patients/12?meta={"expand":["devices"]}`): a record is read
 * with what a list page may add to its records, checked the same way; other meta keys are ignored.
 */
export function parseReadExpand(query: Record<string, unknown>): string[] {
  const metaText = single(query, 'meta');
  return metaText === undefined ? [] : expandOf(parseJsonObject(metaText, 'meta'));
}

/** `meta.expand`: a list of names; which of them a resource can add is its own business. */
function expandOf(meta: Record<string, unknown>): string[] {
  const expand = meta.expand ?? [];
  if (!Array.isArray(expand) || expand.some((name) => typeof name !== 'string')) {
    throw invalid(['query', 'meta', 'expand'], 'Input should be a list of names', 'list_type');
  }
  if (expand.length > MAX_EXPAND) {
    throw invalid(['query', 'meta', 'expand'], `List should have at most ${MAX_EXPAND} items, not ${expand.length}`, 'too_long');
  }
  return expand as string[];
}

/** A query parameter given at most once. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw invalid(['query', name], 'Input should be a single value', 'string_type');
}
