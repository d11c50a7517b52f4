import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';

/** The patient's monthly export (spec 001 sections 2 and 7): the Care Services tab's "Export patient data". */
export const patientExportFeature = {
  widgets: {
    patient_export: defineLazyWidget(NO_OPTIONS, () => import('./PatientExportWidget').then((m) => m.PatientExportWidget)),
  },
} as const satisfies RegistryContribution;
