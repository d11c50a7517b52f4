import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { dataExportsWidget } from './DataExportsWidget';

/** The patient's data exports (spec 001, profile section 13): the data_exports widget. */
export const dataExportsFeature = {
  widgets: { data_exports: dataExportsWidget },
} as const satisfies RegistryContribution;
