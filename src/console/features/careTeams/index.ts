import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { careTeamFilter } from './CareTeamFilter';
import { careTeamQuery } from './CareTeamFilter.utils';

/** Care teams (spec 001 sections 4 and 7): All Patients' 'Care Team' filter, Include or Exclude its members. */
export const careTeamsFeature = {
  filters: { care_team: { ...careTeamFilter, query: careTeamQuery } },
} as const satisfies RegistryContribution;
