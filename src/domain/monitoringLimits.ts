import { roundObservation, type QueueObservation } from './patientQueue';

/**
 * Monitoring limits (spec 001 section 3, care_plan.monitoring_limits; spec 002 section 3, a provider's
 * settings.monitoring_limits): per parameter, and for blood pressure per sub-parameter, the range a
 * reading should stay in. A patient's own limit of a parameter wins; where the patient has none, the
 * provider's applies. Limits are in the unit the readings are stored in.
 */
export interface MonitoringLimit {
  /** A measure of the queue (`heart_rate`, `blood_glucose` ...), or `systolic` / `diastolic`. */
  parameter: string;
  /** For blood pressure: `systolic` or `diastolic`. */
  sub_parameter?: string | null;
  min?: number | string | null;
  max?: number | string | null;
}

/** Where a reading stands against its limit: under the minimum or over the maximum. */
export type ReadingRange = 'low' | 'high';

/** The verdict on one reading: the side it left the range by and the bound it crossed. */
export interface OutOfRange {
  range: ReadingRange;
  /** The bound crossed: the minimum when low, the maximum when high. */
  limit: number;
}

/** A bound as stored: a number, a numeric text, or none (empty texts become null on save, spec 002). */
function bound(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const asLimits = (value: unknown): MonitoringLimit[] =>
  Array.isArray(value)
    ? value.filter((item): item is MonitoringLimit => typeof item === 'object' && item !== null && typeof (item as MonitoringLimit).parameter === 'string')
    : [];

/** `blood_pressure/systolic`, `heart_rate`: what a limit applies to. */
const keyOf = (limit: MonitoringLimit) => {
  const sub = limit.sub_parameter ?? '';
  // A limit of `systolic` alone is the systolic of blood pressure (spec 001 section 9 lists them as measurement types).
  if (sub === '' && (limit.parameter === 'systolic' || limit.parameter === 'diastolic')) return `blood_pressure/${limit.parameter}`;
  return sub === '' ? limit.parameter : `${limit.parameter}/${sub}`;
};

/** The `monitoring_limits` of a document that holds them: a patient's care_plan, a provider's settings. */
export const monitoringLimitsOf = (document: unknown): unknown =>
  typeof document === 'object' && document !== null ? (document as { monitoring_limits?: unknown }).monitoring_limits : undefined;

/**
 * The limits that apply to a patient: each parameter's from the patient's care plan, else the
 * provider's. Either list may be missing or malformed (read from JSON); what is not a limit is left out.
 * @example applicableLimits([{parameter: 'heart_rate', max: 110}], [{parameter: 'heart_rate', max: 100}, {parameter: 'blood_glucose', max: 180}])
 * // [{parameter: 'heart_rate', max: 110}, {parameter: 'blood_glucose', max: 180}]
 */
export function applicableLimits(patientLimits: unknown, providerLimits: unknown): MonitoringLimit[] {
  const own = asLimits(patientLimits);
  const covered = new Set(own.map(keyOf));
  return [...own, ...asLimits(providerLimits).filter((limit) => !covered.has(keyOf(limit)))];
}

/**
 * A value against the limit of one key: low, high or within (null); no limit or no number is within.
 * The value is compared as the queue shows it (rounded per measure), so that a reading shown as 92
 * is never marked below a minimum of 92.
 */
function check(measure: string, raw: number | null | undefined, key: string, limits: readonly MonitoringLimit[]): OutOfRange | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  const limit = limits.find((candidate) => keyOf(candidate) === key);
  if (!limit) return null;
  const value = Number(roundObservation(measure, raw));
  const [min, max] = [bound(limit.min), bound(limit.max)];
  if (min !== null && value < min) return { range: 'low', limit: min };
  if (max !== null && value > max) return { range: 'high', limit: max };
  return null;
}

/**
 * Whether a reading is out of the range its limits allow (a value equal to a bound is within, as
 * rounded for the queue), and how: blood pressure by its systolic, then its diastolic; other measures by their value.
 * @example readingOutOfRange({name: 'blood_glucose', value: 212}, [{parameter: 'blood_glucose', min: 70, max: 180}]) // {range: 'high', limit: 180}
 */
export function readingOutOfRange(observation: QueueObservation, limits: readonly MonitoringLimit[]): OutOfRange | null {
  const { name } = observation;
  if (name === 'blood_pressure') {
    return check(name, observation.systolic, 'blood_pressure/systolic', limits) ?? check(name, observation.diastolic, 'blood_pressure/diastolic', limits);
  }
  return check(name, observation.value, name, limits);
}
