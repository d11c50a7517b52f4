import { PATIENT_PRIORITIES } from './enums';
import { addDays, endOfZonedDay, zonedDay } from './zonedDays';

/**
 * The patient queue (spec 001 sections 2, 3, 4 and 9): active patients by risk, seen through one of
 * four views, each with its own review status; the latest observation of each measure in the row.
 */

/** Spec 001 section 3, Enumerations: the queue's views. */
export const QUEUE_VIEWS = ['general', 'rpm', 'ccm', 'pcm'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export const REVIEW_STATUSES = ['pending', 'reviewed'] as const;

/** `{view}_review_status` of the row. */
export const reviewStatusField = <V extends QueueView>(view: V) => `${view}_review_status` as const;
/** `{view}_last_reviewed` of the row. */
export const lastReviewedField = <V extends QueueView>(view: V) => `${view}_last_reviewed` as const;

/**
 * The flag a view filters on (`has_{view}[eq]`): the patient has an active care program of the
 * view's type. The general view needs no program: it shows every active patient.
 */
export function programFlagOf(view: QueueView): `has_${Exclude<QueueView, 'general'>}` | null {
  return view === 'general' ? null : `has_${view}`;
}

/** The views that have a care-program flag, derived from the list above. */
export const PROGRAM_VIEWS = QUEUE_VIEWS.filter((v): v is Exclude<QueueView, 'general'> => v !== 'general');

/**
 * Risk as a number, highest first when sorted descending: acute 4, high 3, medium 2, normal 1,
 * none 0. The database computes the same numbers (migration 0010, priority_rank).
 */
export function priorityRank(priority: string | null | undefined): number {
  const index = (PATIENT_PRIORITIES as readonly (string | null | undefined)[]).indexOf(priority);
  return index < 0 ? 0 : PATIENT_PRIORITIES.length - index;
}

/** Orders patients as the queue does: acute, high, medium, normal, then N/A. */
export function compareByPriority(a: string | null | undefined, b: string | null | undefined): number {
  return priorityRank(b) - priorityRank(a);
}

/** Spec 001 section 3, Patient queue row: the measures the observations cell shows, in this order. */
export const QUEUE_MEASURES = [
  'heart_rate',
  'blood_pressure',
  'body_mass',
  'oxygen_saturation',
  'blood_glucose',
  'peak_expiratory_flow_rate',
  'forced_expiratory_volume_1',
  'body_temperature',
  'bmi',
] as const;
export type QueueMeasure = (typeof QUEUE_MEASURES)[number];

/**
 * Spec 001 section 9, Rounding: oxygen saturation, heart rate, peak flow, blood pressure, weight
 * (in the queue) and blood glucose to whole numbers; FEV1, temperature and BMI to one place.
 */
export const QUEUE_DECIMALS: Readonly<Record<QueueMeasure, 0 | 1>> = {
  heart_rate: 0,
  blood_pressure: 0,
  body_mass: 0,
  oxygen_saturation: 0,
  blood_glucose: 0,
  peak_expiratory_flow_rate: 0,
  forced_expiratory_volume_1: 1,
  body_temperature: 1,
  bmi: 1,
};

/** Short names of the measures for the row. */
export const MEASURE_LABELS: Readonly<Record<QueueMeasure, string>> = {
  heart_rate: 'HR',
  blood_pressure: 'BP',
  body_mass: 'Weight',
  oxygen_saturation: 'SpO2',
  blood_glucose: 'Glucose',
  peak_expiratory_flow_rate: 'PEF',
  forced_expiratory_volume_1: 'FEV1',
  body_temperature: 'Temp',
  bmi: 'BMI',
};

/** One observation of the row (spec 001 section 3: name, value, unit; blood pressure also systolic and diastolic). */
export interface QueueObservation {
  name: string;
  value: number | null;
  unit?: string | null;
  systolic?: number | null;
  diastolic?: number | null;
  timestamp?: string | null;
}

const isQueueMeasure = (name: string): name is QueueMeasure => (QUEUE_MEASURES as readonly string[]).includes(name);

/** A value rounded as the queue shows its measure (unknown measures keep one place): `roundObservation('bmi', 27.46)` -> '27.5'. */
export function roundObservation(name: string, value: number): string {
  const places = isQueueMeasure(name) ? QUEUE_DECIMALS[name] : 1;
  // toFixed rounds binary halves down (1.005 -> '1.00'); nudging by epsilon rounds them as a person does.
  const rounded = Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * 10 ** places) / 10 ** places;
  return rounded.toFixed(places);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Units as they are written for a reader, where the stored text spells them for a keyboard: BMI's kg/m2 is kg/m². */
const UNIT_LABELS: Readonly<Record<string, string>> = { 'kg/m2': 'kg/m²', 'kg/m^2': 'kg/m²' };

/** A unit as the console and the exports show it: `unitLabel('kg/m2')` -> 'kg/m²'; others as stored. */
export function unitLabel(unit: string): string {
  return UNIT_LABELS[unit] ?? unit;
}

/** One observation as the row reads it: 'BP 128/84 mmHg', 'SpO2 97 %', 'Temp 98.6 °F', 'BMI 27.5 kg/m²'. Null when it holds no number. */
export function formatObservation(observation: QueueObservation): string | null {
  const label = isQueueMeasure(observation.name) ? MEASURE_LABELS[observation.name] : observation.name;
  const unit = observation.unit ? ` ${unitLabel(observation.unit)}` : '';
  if (observation.name === 'blood_pressure' && finite(observation.systolic) && finite(observation.diastolic)) {
    return `${label} ${roundObservation('blood_pressure', observation.systolic)}/${roundObservation('blood_pressure', observation.diastolic)}${unit}`;
  }
  return finite(observation.value) ? `${label} ${roundObservation(observation.name, observation.value)}${unit}` : null;
}

/** The row's observations in the queue's order of measures, others after them. */
export function orderObservations<O extends QueueObservation>(observations: readonly O[]): O[] {
  const rank = (o: O) => (isQueueMeasure(o.name) ? QUEUE_MEASURES.indexOf(o.name) : QUEUE_MEASURES.length);
  return [...observations].sort((a, b) => rank(a) - rank(b));
}

/**
 * "At least `days` days since the last device activity" as the filter's bound
 * (`last_device_activity[lte]`): the end of the calendar day `days` days before today, in the
 * user's zone. One value all day long, so that a list asks the same question until midnight.
 * Patients with no device activity at all have no date to compare and are not matched.
 */
export function lastActivityBound(days: number, now: Date, timeZone: string): string {
  return endOfZonedDay(addDays(zonedDay(now, timeZone), -days), timeZone).toISOString();
}

/**
 * The queue views a monitoring activity counts as a review for (spec silent on what marks a view
 * reviewed): every activity a clinician logs reviews the general view; one billed under a care
 * program's code (rpm_, ccm_, pcm_) also reviews that program's view. Activities the server writes
 * for status changes (type activity) review nothing. New device data puts the views back to pending
 * (migration 0010).
 */
export function viewsReviewedBy(activityType: string): QueueView[] {
  if (activityType === 'activity') return [];
  const program = PROGRAM_VIEWS.find((view) => activityType.startsWith(`${view}_`));
  return program ? ['general', program] : ['general'];
}
