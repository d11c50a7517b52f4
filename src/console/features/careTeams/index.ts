import { createElement } from 'react';
import { recordSearchOptionsSchema, type FilterProps } from '../../renderer/registries/filters/filterTypes';
import { defineLazyEntry } from '../../renderer/registries/lazyEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { LazyRecordCombobox } from '../../renderer/skin/LazyRecordCombobox';
import { CareTeamFilterLoading } from './CareTeamFilterLoading';
import { careTeamQuery } from './CareTeamFilter.utils';

/**
 * The filter's control (CareTeamFilter.tsx, with Headless UI's RadioGroup) loads when a list draws it
 * (issue 20: only All Patients has one); its combobox too (skin/LazyRecordCombobox.tsx). Its `preload`
 * fetches both: preloadScreenParts starts it with the list.
 */
const careTeamControl = defineLazyEntry<FilterProps>(createElement(CareTeamFilterLoading))(recordSearchOptionsSchema, () =>
  import('./CareTeamFilter').then((m) => m.CareTeamFilter),
);

/** Care teams (spec 001 sections 4 and 7): All Patients' 'Care Team' filter, Include or Exclude its members. */
export const careTeamsFeature = {
  filters: {
    care_team: {
      ...careTeamControl,
      preload: () => Promise.all([careTeamControl.preload?.(), LazyRecordCombobox.preload()]),
      query: careTeamQuery,
    },
  },
} as const satisfies RegistryContribution;
