import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { ageCell } from './AgeCell';
import { daysSinceFilter } from './DaysSinceFilter';
import { inlineEditCell } from './InlineEditCell';
import { HeightField } from './measures/HeightField';
import { WeightField } from './measures/WeightField';
import { observationsCell } from './ObservationsCell';
import { patientChoices } from './patientChoices';
import { patientFieldRules } from './patientFieldRules';
import { patientFormGenerators } from './patientFormGenerators';
import { patientRules } from './patientRules';

/**
 * Patients (spec 001): the status machine's rules and choices, the patient form's field rules,
 * height and weight fields and mock generator, and the queues' cells and days-since filter.
 */
export const patientsFeature = {
  cells: { age: ageCell, inline_edit: inlineEditCell, observations: observationsCell },
  filters: { days_since: daysSinceFilter },
  choices: patientChoices,
  rules: patientRules,
  fieldRules: patientFieldRules,
  formGenerators: patientFormGenerators,
  rjsfFields: { height: HeightField, weight: WeightField },
} as const satisfies RegistryContribution;
