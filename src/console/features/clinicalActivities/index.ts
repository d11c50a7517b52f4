import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { instanceDetailsCellOptions } from './InstanceDetailsCell.options';

/**
 * Clinical activities in the console (issue 23): the runner (runner/ActivityRunner.tsx, also the
 * builders' live preview), the patient panel's Activity tab (`available_activities`: the activities
 * offered, Start and Resume, the runner in a dialog) and the runs' details dialog
 * (`clinical_activity_details`, the review list's and the record's lists'). The builders are activityBuilder/.
 */
export const clinicalActivitiesFeature = {
  cells: { clinical_activity_details: defineLazyCell(instanceDetailsCellOptions, () => import('./InstanceDetailsCell').then((m) => m.instanceDetailsCell)) },
  widgets: {
    available_activities: defineLazyWidget(NO_OPTIONS, () => import('./AvailableActivitiesWidget').then((m) => m.AvailableActivitiesWidget)),
  },
} as const satisfies RegistryContribution;
