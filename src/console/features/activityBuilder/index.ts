import type { RegistryContribution } from '../../renderer/registries/screenRegistries';

/** The template builders (issue 23; spec 002 sections 2, 5): /clinical-activities and the editors. */
export const activityBuilderFeature = {} as const satisfies RegistryContribution;
