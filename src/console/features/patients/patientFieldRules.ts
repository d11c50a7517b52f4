import { birthdateError, greaterThanZeroError, localDay } from '../../../domain/patientForm';
import { heightError, weightError, type Height, type Weight } from '../../../domain/patientFormMeasures';
import type { FieldRule } from '../../renderer/core/coreRegistries';

const asObject = <T>(value: unknown): Partial<T> => (typeof value === 'object' && value !== null ? value : {});

/**
 * The patient form's field rules (spec 001 section 5), each one domain function of
 * src/domain/patientForm*.ts, the very ones the server checks a patient write with.
 */
export const patientFieldRules = {
  /** 13 to 120 years back from the user's today: 'Must be older then 13 y.o.', 'Must be younger then 120 y.o.'. */
  patient_birthdate: { check: (value) => birthdateError(value, localDay(new Date())) },
  /** Feet and inches 48-84 in, or 122-213 cm with one decimal, by the unit typed in. */
  height: { check: (value) => heightError(asObject<Height>(value)) },
  /** 88-440 lb, or 40-200 kg with one decimal, by the unit typed in. */
  weight: { check: (value) => weightError(asObject<Weight>(value)) },
  /** Ejection fraction, COPD exacerbations: 'Must be greater than 0'. */
  greater_than_zero: { check: greaterThanZeroError },
} as const satisfies Readonly<Record<string, FieldRule>>;
