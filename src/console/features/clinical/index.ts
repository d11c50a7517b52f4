import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { carePlansWidget } from './carePlans/CarePlansWidget';
import { CodedSearchField } from './medicalHistory/CodedSearchField';
import { Icd10CodeWidget } from './medicalHistory/Icd10CodeWidget';
import { codedListCell, dosageCell } from './medicalHistory/medicalHistoryCells';
import { missingProfileWidget } from './MissingProfileWidget';

/**
 * The clinical record's own entries beside its charts (./charts) and assessments (./assessments):
 * the missing-profile warning of the clinical route, the medical history's coded fields and rules
 * (./medicalHistory) and the care plans (./carePlans).
 */
export const clinicalRecordFeature = {
  widgets: { missing_profile: missingProfileWidget, care_plans: carePlansWidget },
  cells: { dosage: dosageCell, coded_list: codedListCell },
  rjsfWidgets: { icd10_code: Icd10CodeWidget },
  rjsfFields: { coded_search: CodedSearchField },
} as const satisfies RegistryContribution;
