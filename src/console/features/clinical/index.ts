import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { missingProfileWidget } from './MissingProfileWidget';

/**
 * The clinical record's own entries beside its charts (./charts) and assessments (./assessments):
 * the missing-profile warning of the clinical route.
 */
export const clinicalRecordFeature = {
  widgets: { missing_profile: missingProfileWidget },
} as const satisfies RegistryContribution;
