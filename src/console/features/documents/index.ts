import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { consentFormOptions } from './ConsentFormWidget.options';

/** The patient's documents (issue 16): the consent form's section. */
export const documentsFeature = {
  widgets: { consent_form: defineLazyWidget(consentFormOptions, () => import('./ConsentFormWidget').then((m) => m.ConsentFormWidget)) },
} as const satisfies RegistryContribution;
