import type { ChosenRecord } from '../../core/filterQueries';
import { RecordCombobox } from '../../skin/RecordCombobox';
import { defineFilter, recordSearchOptionsSchema, recordSearchProps } from './filterTypes';

/** One record of another resource, found by typing (the provider of a device): `field[eq]` its id. */
export const searchSelectorFilter = defineFilter(recordSearchOptionsSchema, function SearchSelectorFilter({ filter, value, onChange, options }) {
  return (
    <div className="w-56">
      <RecordCombobox
        {...recordSearchProps(filter, options)}
        value={(value as ChosenRecord | undefined) ?? null}
        onChange={(chosen) => onChange(chosen ?? undefined)}
      />
    </div>
  );
});
