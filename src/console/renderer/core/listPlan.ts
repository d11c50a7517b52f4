import type { ListBody } from '../../../../schemas/screen';
import type { Filter, ListParams } from '../../api/dataProvider.utils';
import { evaluateCondition } from './conditions';
import { timeZoneOf, type EvalContext } from './context';
import { registriesOf } from './coreRegistries';
import type { FilterEnv } from './filterQueries';
import { resolveFilterValues } from './filterValues';
import type { ListState } from './listState';
import { resolveEntry } from './resolve';
import { SEARCH_MIN_LENGTH, searchQuery, type SearchField, type SearchQuery } from './search';
import { resolveValue } from './templates';

/**
 * Spec 000 section 9: the page sizes a list offers, on every list. A list whose definition asks
 * another size (the 20 of device issues, spec 000 section 9) starts at it, and its selector shows
 * it as the current size without offering it again once left.
 */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PER_PAGE = 10;

/** `now`: the day the definition's date presets start from (presetNow of the user's zone). */
export function initialListState(body: ListBody, searchFields: readonly SearchField[], now: Date = new Date()): ListState {
  return {
    sort: body.sort ?? null,
    page: 1,
    perPage: body.perPage ?? DEFAULT_PER_PAGE,
    filters: resolveFilterValues(body.initialFilters, now),
    search: { field: searchFields[0]?.field ?? '', text: '' },
    tab: body.tabs?.[0]?.key ?? null,
    selection: [],
  };
}

/** What one page of a list asks of the API. */
export interface ListPlan {
  params: ListParams;
  search: SearchQuery;
  /** The user narrowed the list (filters or a search): an empty answer is 'No results found.'. */
  filtered: boolean;
}

/**
 * The request of a list page: the definition's fixed filter and meta (templates resolved), the tab's
 * filter, each filter's `field[operator]` keys, and the search. Pure, for the reducer's state.
 */
export function listPlan(body: ListBody, state: ListState, searchFields: readonly SearchField[], context: EvalContext): ListPlan {
  const fixed = resolveValue(body.filter ?? {}, context) as Filter;
  const tab = resolveValue(body.tabs?.find((t) => t.key === state.tab)?.filter ?? {}, context) as Filter;
  const env: FilterEnv = { timeZone: timeZoneOf(context), now: new Date(), filters: state.filters };
  const chosen = (body.filters ?? []).reduce<Filter>((filter, definition) => {
    const value = state.filters[definition.field];
    // A filter that is not shown (another view's review status) sends nothing, whatever it held.
    if (value === undefined || !evaluateCondition(definition.visibleWhen, context)) return filter;
    const type = resolveEntry(registriesOf(context).filters, 'filter', definition.type, { file: 'a screen definition', path: '/filters' });
    return { ...filter, ...type.query(definition.field, value, definition.options, env) };
  }, {});
  const field = searchFields.find((f) => f.field === state.search.field) ?? searchFields[0];
  const search = field ? searchQuery(field, state.search.text, body.search?.minLength ?? SEARCH_MIN_LENGTH) : ({ kind: 'none' } as const);
  const searchFilter = search.kind === 'filter' ? search.filter : {};
  return {
    params: {
      ...(state.sort ? { sort: state.sort } : {}),
      pagination: { page: state.page, perPage: state.perPage },
      filter: { ...fixed, ...tab, ...chosen, ...searchFilter },
      ...(body.meta ? { meta: resolveValue(body.meta, context) as Filter } : {}),
    },
    search,
    filtered: Object.keys(chosen).length > 0 || search.kind === 'filter' || search.kind === 'lookup' || search.kind === 'nothing',
  };
}
