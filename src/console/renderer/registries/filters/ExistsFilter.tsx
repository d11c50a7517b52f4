import { NO_OPTIONS } from '../registryEntry';
import { defineFilter } from './filterTypes';
import { selectFilter } from './SelectFilter';

/** What an exists filter offers: a value is there, or none is. */
const EXISTS_CHOICES = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

const SelectControl = selectFilter.Component;

/**
 * Whether a field holds a value (a claim's billing provider): a select of All, Yes and No, whose
 * query is `field[ne]` null for Yes and `field[eq]` null for No (core/filterQueries.ts, `exists`).
 */
export const existsFilter = defineFilter(NO_OPTIONS, function ExistsFilter({ filter, value, onChange }) {
  return <SelectControl filter={filter} value={value} onChange={onChange} options={{ choices: EXISTS_CHOICES }} />;
});
