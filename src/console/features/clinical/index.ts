import { onDemandPart } from '../../renderer/registries/lazyEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { carePlansOptions } from './carePlans/CarePlansWidget.options';
import { codedListCell, dosageCell } from './medicalHistory/medicalHistoryCells';
import { missingProfileOptions } from './MissingProfileWidget.options';

/**
 * The clinical record's own entries beside its charts (./charts) and assessments (./assessments):
 * the missing-profile warning of the clinical route, the medical history's coded fields and rules
 * (./medicalHistory) and the care plans (./carePlans).
 */
export const clinicalRecordFeature = {
  widgets: {
    missing_profile: defineLazyWidget(missingProfileOptions, () => import('./MissingProfileWidget').then((m) => m.MissingProfileWidget)),
    care_plans: defineLazyWidget(carePlansOptions, () => import('./carePlans/CarePlansWidget').then((m) => m.CarePlansWidget)),
  },
  cells: { dosage: dosageCell, coded_list: codedListCell },
  rjsfWidgets: { icd10_code: onDemandPart(() => import('./medicalHistory/Icd10CodeWidget').then((m) => m.Icd10CodeWidget)) },
  rjsfFields: { coded_search: onDemandPart(() => import('./medicalHistory/CodedSearchField').then((m) => m.CodedSearchField)) },
} as const satisfies RegistryContribution;
