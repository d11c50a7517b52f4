import type { RegistryContribution } from '../../renderer/registries/screenRegistries';

/**
 * Clinical activities in the console (issue 23): the runner (a bespoke widget), the patient panel's
 * Activity tab, the instances' review list and its details dialog. The builders are activityBuilder/.
 */
export const clinicalActivitiesFeature = {} as const satisfies RegistryContribution;
