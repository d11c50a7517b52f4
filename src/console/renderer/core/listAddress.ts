import type { ListBody } from '../../../../schemas/screen';
import { PAGE_SIZES } from './listPlan';
import type { ListState } from './listState';
import { tabInQuery } from './listTabs';
import type { SearchField } from './search';

/**
 * A list screen's state in its address, so that a reload or a shared link shows the same list and
 * Back and Forward move through list states:
 *
 *   /patients?q=lee&searchBy=phone&sort=last_name&order=desc&page=3&perPage=25&status=active&device_type=["cgm","bp"]
 *
 * Keys are readable: `q` the search text, `searchBy` the search field, `sort` and `order`, `page`,
 * `perPage`, the definition's `tabParam` for the tab, and each filter under its own field. A value
 * equal to the list's default is left out, so a list at its defaults has a plain address. A filter
 * is its text when it is a plain word and JSON otherwise (arrays, ranges, numbers); a filter that
 * has a default and was cleared is `field=` (empty). Parameters the list does not own stay as they
 * are. The selection is not part of the address: it is what the user is doing, not what they see.
 */
export const LIST_ADDRESS_KEYS = ['q', 'searchBy', 'sort', 'order', 'page', 'perPage'] as const;

/** The part of a list's state its address holds. */
export type AddressedListState = Omit<ListState, 'selection'>;

const SORT_FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A filter value as it stands in the address: `active`, `["cgm","bp"]`, `{"gte":"2026-11-01"}`, `"42"` (a text that would read as a number). */
export function filterValueToText(value: unknown): string {
  if (typeof value === 'string' && !parsed(value).ok) return value;
  return JSON.stringify(value);
}

/** The reverse of `filterValueToText`; an empty text is "no filter" (undefined). */
export function filterValueFromText(text: string): unknown {
  if (text === '') return undefined;
  const read = parsed(text);
  return read.ok ? read.value : text;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const positiveInteger = (text: string | null): number | undefined => {
  const number = Number(text);
  return text !== null && Number.isInteger(number) && number >= 1 ? number : undefined;
};

/** The keys a list owns in its address; others (another widget's) are left alone. */
function ownedKeys(body: ListBody): Set<string> {
  return new Set<string>([...LIST_ADDRESS_KEYS, ...(body.tabParam ? [body.tabParam] : []), ...(body.filters ?? []).map((filter) => filter.field)]);
}

/**
 * The list's state read from its address, on top of `defaults` (its definition's initial state).
 * Anything the address says that the list cannot show (an unknown search field, a page size the
 * list does not offer, a filter it does not have) is ignored rather than sent.
 */
export function listStateFromAddress(
  body: ListBody,
  query: URLSearchParams,
  defaults: AddressedListState,
  searchFields: readonly SearchField[],
): AddressedListState {
  const sortField = query.get('sort');
  const searchBy = query.get('searchBy');
  const perPage = positiveInteger(query.get('perPage'));
  const filters: Record<string, unknown> = { ...defaults.filters };
  for (const { field } of body.filters ?? []) {
    const text = query.get(field);
    if (text === null) continue;
    const value = filterValueFromText(text);
    if (value === undefined) delete filters[field];
    else filters[field] = value;
  }
  return {
    tab: body.tabParam === undefined ? defaults.tab : tabInQuery(body, query),
    search: {
      field: searchFields.some((field) => field.field === searchBy) ? (searchBy ?? '') : defaults.search.field,
      text: query.get('q') ?? defaults.search.text,
    },
    sort: sortField && SORT_FIELD.test(sortField) ? { field: sortField, order: query.get('order') === 'desc' ? 'desc' : 'asc' } : defaults.sort,
    page: positiveInteger(query.get('page')) ?? 1,
    perPage: perPage !== undefined && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaults.perPage,
    filters,
  };
}

/** The address of a list in `state`: `current`'s other parameters, and the state's differences from `defaults`. */
export function addressOfListState(body: ListBody, state: AddressedListState, defaults: AddressedListState, current: URLSearchParams): URLSearchParams {
  const owned = ownedKeys(body);
  const next = new URLSearchParams([...current].filter(([key]) => !owned.has(key)));
  if (body.tabParam !== undefined && state.tab !== null && state.tab !== body.tabs?.[0]?.key) next.set(body.tabParam, state.tab);
  if (state.search.text !== '') next.set('q', state.search.text);
  if (state.search.field !== defaults.search.field) next.set('searchBy', state.search.field);
  if (state.sort && !sameValue(state.sort, defaults.sort)) {
    next.set('sort', state.sort.field);
    if (state.sort.order === 'desc') next.set('order', 'desc');
  }
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.perPage !== defaults.perPage) next.set('perPage', String(state.perPage));
  for (const { field } of body.filters ?? []) {
    const value = state.filters[field];
    if (sameValue(value, defaults.filters[field])) continue;
    next.set(field, value === undefined ? '' : filterValueToText(value));
  }
  return next;
}
