import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';

/** The patient's data exports (spec 001, profile section 13): the data_exports widget. */
export const dataExportsFeature = {
  widgets: {
    data_exports: defineLazyWidget(NO_OPTIONS, () => import('./DataExportsWidget').then((m) => m.DataExportsWidget)),
  },
} as const satisfies RegistryContribution;
