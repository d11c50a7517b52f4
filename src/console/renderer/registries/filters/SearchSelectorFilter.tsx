import type { ChosenRecord } from '../../core/filterQueries';
import { RecordCombobox } from '../../skin/RecordCombobox';
import { defineFilter, recordSearchOptionsSchema } from './filterTypes';

/** One record of another resource, found by typing (the provider of a device): `field[eq]` its id. */
export const searchSelectorFilter = defineFilter(
  recordSearchOptionsSchema,
  function SearchSelectorFilter({ filter, value, onChange, options }) {
    return (
      <div className="w-56">
        <RecordCombobox
          label={filter.label}
          resource={options.resource}
          labelPath={options.label}
          searchField={options.searchField}
          minLength={options.minLength}
          debounceMs={options.debounceMs}
          filter={options.filter}
          value={(value as ChosenRecord | undefined) ?? null}
          onChange={(chosen) => onChange(chosen ?? undefined)}
        />
      </div>
    );
  },
);
