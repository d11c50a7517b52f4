import type { FilterType } from '../../core/filterQueries';
import type { RegistryEntry } from '../registryEntry';
import { careTeamFilter } from './CareTeamFilter';
import { dateRangeFilter } from './DateRangeFilter';
import { dateTimeRangeFilter } from './DateTimeRangeFilter';
import { daysSinceFilter } from './DaysSinceFilter';
import type { FilterProps } from './filterTypes';
import { multiselectFilter } from './MultiselectFilter';
import { searchSelectorFilter } from './SearchSelectorFilter';
import { selectFilter } from './SelectFilter';
import { switchFilter } from './SwitchFilter';

/** Filter controls by type; each type's query keys are in core/filterQueries, and TypeScript keeps the two in step. */
export const filterRegistry: Readonly<Record<FilterType, RegistryEntry<FilterProps>>> = {
  care_team: careTeamFilter,
  date_range: dateRangeFilter,
  datetime_range: dateTimeRangeFilter,
  days_since: daysSinceFilter,
  multiselect: multiselectFilter,
  search_selector: searchSelectorFilter,
  select: selectFilter,
  switch: switchFilter,
};
