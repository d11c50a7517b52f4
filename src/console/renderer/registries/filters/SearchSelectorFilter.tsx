import type { ChosenRecord } from '../../core/filterQueries';
import { RecordCombobox } from '../../skin/RecordCombobox';
import { defineFilter } from './filterTypes';

/** One record of another resource, found by typing (the provider of a device): `field[eq]` its id. */
export const searchSelectorFilter = defineFilter(
  {
    type: 'object',
    properties: {
      resource: { type: 'string', minLength: 1 },
      label: { type: 'string', minLength: 1 },
      searchField: { type: 'string', minLength: 1 },
      minLength: { type: 'integer', minimum: 0 },
      debounceMs: { type: 'integer', minimum: 0 },
      filter: { type: 'object' },
    },
    required: ['resource', 'label'],
    additionalProperties: false,
  },
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
