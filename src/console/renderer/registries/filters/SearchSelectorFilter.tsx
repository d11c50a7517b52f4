import type { ChosenRecord } from '../../core/filterQueries';
import { LazyRecordCombobox } from '../../skin/LazyRecordCombobox';
import { defineFilter, recordSearchOptionsSchema, recordSearchProps } from './filterTypes';

/**
 * One record of another resource, found by typing (the provider of a device): `field[eq]` its id.
 * Its combobox loads on demand; `preload` fetches it (preloadScreenParts, when a list names the filter).
 */
export const searchSelectorFilter = {
  ...defineFilter(recordSearchOptionsSchema, function SearchSelectorFilter({ filter, value, onChange, options }) {
    return (
      <div className="w-56">
        <LazyRecordCombobox
          {...recordSearchProps(filter, options)}
          value={(value as ChosenRecord | undefined) ?? null}
          onChange={(chosen) => onChange(chosen ?? undefined)}
        />
      </div>
    );
  }),
  preload: LazyRecordCombobox.preload,
};
