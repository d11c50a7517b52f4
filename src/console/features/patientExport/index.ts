import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { patientExportWidget } from './PatientExportWidget';

/** The patient's monthly export (spec 001 sections 2 and 7): the Care Services tab's "Export patient data". */
export const patientExportFeature = {
  widgets: { patient_export: patientExportWidget },
} as const satisfies RegistryContribution;
