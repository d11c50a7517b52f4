import { filterQueries } from '../../core/filterQueries';
import { datePresetFilter } from './DatePresetFilter';
import { dateRangeFilter } from './DateRangeFilter';
import { dateTimeRangeFilter } from './DateTimeRangeFilter';
import { existsFilter } from './ExistsFilter';
import type { FilterEntry } from './filterTypes';
import { monthFilter } from './MonthFilter';
import { multiselectFilter } from './MultiselectFilter';
import { searchSelectorFilter } from './SearchSelectorFilter';
import { selectFilter } from './SelectFilter';
import { switchFilter } from './SwitchFilter';

/** The renderer's filter types, each its control and its query (core/filterQueries); features add their own. */
export const genericFilters = {
  date_preset: { ...datePresetFilter, query: filterQueries.date_preset },
  date_range: { ...dateRangeFilter, query: filterQueries.date_range },
  datetime_range: { ...dateTimeRangeFilter, query: filterQueries.datetime_range },
  exists: { ...existsFilter, query: filterQueries.exists },
  month: { ...monthFilter, query: filterQueries.month },
  multiselect: { ...multiselectFilter, query: filterQueries.multiselect },
  search_selector: { ...searchSelectorFilter, query: filterQueries.search_selector },
  select: { ...selectFilter, query: filterQueries.select },
  switch: { ...switchFilter, query: filterQueries.switch },
} satisfies Readonly<Record<string, FilterEntry>>;
