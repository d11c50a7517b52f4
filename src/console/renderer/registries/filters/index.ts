import { filterQueries } from '../../core/filterQueries';
import { dateRangeFilter } from './DateRangeFilter';
import { dateTimeRangeFilter } from './DateTimeRangeFilter';
import type { FilterEntry } from './filterTypes';
import { multiselectFilter } from './MultiselectFilter';
import { searchSelectorFilter } from './SearchSelectorFilter';
import { selectFilter } from './SelectFilter';
import { switchFilter } from './SwitchFilter';

/** The renderer's filter types, each its control and its query (core/filterQueries); features add their own. */
export const genericFilters = {
  date_range: { ...dateRangeFilter, query: filterQueries.date_range },
  datetime_range: { ...dateTimeRangeFilter, query: filterQueries.datetime_range },
  multiselect: { ...multiselectFilter, query: filterQueries.multiselect },
  search_selector: { ...searchSelectorFilter, query: filterQueries.search_selector },
  select: { ...selectFilter, query: filterQueries.select },
  switch: { ...switchFilter, query: filterQueries.switch },
} satisfies Readonly<Record<string, FilterEntry>>;
