import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { consentFormWidget } from './ConsentFormWidget';

/** The patient's documents (issue 16): the consent form's section. */
export const documentsFeature = {
  widgets: { consent_form: consentFormWidget },
} as const satisfies RegistryContribution;
