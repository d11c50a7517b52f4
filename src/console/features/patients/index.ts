import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { ageCell } from './AgeCell';
import { daysSinceFilter } from './DaysSinceFilter';
import { inlineEditCellOptions } from './InlineEditCell.options';
import { mobileAppInvitationOptions } from './MobileAppInvitationWidget.options';
import { patientPhoneCell } from './PatientPhoneCell';
import { patientChoices } from './patientChoices';
import { patientFieldRules } from './patientFieldRules';
import { patientFormGenerators } from './patientFormGenerators';
import { patientRules } from './patientRules';

/**
 * Patients (spec 001): the status machine's rules and choices, the patient form's field rules,
 * height and weight fields and mock generator, the queues' cells and days-since filter, the phone cell, and
 * the record's Mobile App Invitation card.
 */
export const patientsFeature = {
  cells: {
    age: ageCell,
    inline_edit: defineLazyCell(inlineEditCellOptions, () => import('./InlineEditCell').then((m) => m.inlineEditCell)),
    observations: defineLazyCell(NO_OPTIONS, () => import('./ObservationsCell').then((m) => m.observationsCell)),
    patient_phone: patientPhoneCell,
  },
  filters: { days_since: daysSinceFilter },
  choices: patientChoices,
  rules: patientRules,
  fieldRules: patientFieldRules,
  formGenerators: patientFormGenerators,
  rjsfFields: {
    height: onDemandPart(() => import('./measures/HeightField').then((m) => m.HeightField)),
    weight: onDemandPart(() => import('./measures/WeightField').then((m) => m.WeightField)),
  },
  widgets: {
    mobile_app_invitation: defineLazyWidget(mobileAppInvitationOptions, () => import('./MobileAppInvitationWidget').then((m) => m.MobileAppInvitationWidget)),
  },
} as const satisfies RegistryContribution;
