/**
 * The measures the clinical record charts (spec 001 section 9, "Charts" and "Enrollment export and
 * chart options"), with their labels, units and rounding.
 */

/** The record's chart measures, in the order the record shows their cards. */
export const CHART_MEASURES = [
  'heart_rate',
  'blood_pressure',
  'oxygen_saturation',
  'body_mass',
  'blood_glucose',
  'forced_expiratory_volume_1',
  'peak_expiratory_flow_rate',
  'bmi',
  'body_temperature',
] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

/** How a measure is shown: its label, the unit its readings are stored in, and its decimal places. */
export interface MeasureInfo {
  label: string;
  unit: string;
  /** Places on the patient record (cards, charts, tables, summaries). */
  decimals: number;
  /** Places in the patient queue's observations cell. */
  queueDecimals: number;
}

/**
 * Spec 001 section 9, Rounding: "oxygen saturation, heart rate, peak flow, blood pressure, weight
 * (queue) and blood glucose 0 places; FEV1, temperature and BMI 1 (weight on the record also 1)".
 * Units are those the readings are stored in (weight in pounds, temperature in degrees Fahrenheit).
 */
export const MEASURE_INFO: Readonly<Record<ChartMeasure, MeasureInfo>> = {
  heart_rate: { label: 'Heart Rate', unit: 'bpm', decimals: 0, queueDecimals: 0 },
  blood_pressure: { label: 'Blood Pressure', unit: 'mmHg', decimals: 0, queueDecimals: 0 },
  oxygen_saturation: { label: 'Oxygen Saturation', unit: '%', decimals: 0, queueDecimals: 0 },
  body_mass: { label: 'Weight', unit: 'lbs', decimals: 1, queueDecimals: 0 },
  blood_glucose: { label: 'Blood Glucose', unit: 'mg/dL', decimals: 0, queueDecimals: 0 },
  forced_expiratory_volume_1: { label: 'FEV1', unit: 'L', decimals: 1, queueDecimals: 1 },
  peak_expiratory_flow_rate: { label: 'Peak Flow', unit: 'L/min', decimals: 0, queueDecimals: 0 },
  bmi: { label: 'BMI', unit: 'kg/m²', decimals: 1, queueDecimals: 1 },
  body_temperature: { label: 'Temperature', unit: '°F', decimals: 1, queueDecimals: 1 },
};

/** Whether a name (a chart route's parameter, a reading's name) is one of the chart measures. */
export function isChartMeasure(name: unknown): name is ChartMeasure {
  return typeof name === 'string' && (CHART_MEASURES as readonly string[]).includes(name);
}

/** Rounds half away from zero; the nudge keeps binary halves (1.005) from rounding down as toFixed does. */
function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  const rounded = Math.round((Math.abs(value) + Number.EPSILON * Math.abs(value)) * factor) / factor;
  // `|| 0` turns -0 into 0.
  return Math.sign(value) * rounded || 0;
}

/**
 * A reading rounded as spec 001 section 9 says for where it shows: on the record (`'record'`, the
 * default) or in the patient queue (`'queue'`). Only weight differs: 1 place on the record, 0 in the queue.
 * @example roundReading('body_mass', 182.46) // 182.5
 * @example roundReading('body_mass', 182.46, 'queue') // 182
 */
export function roundReading(measure: ChartMeasure, value: number, place: 'record' | 'queue' = 'record'): number {
  const info = MEASURE_INFO[measure];
  return roundTo(value, place === 'queue' ? info.queueDecimals : info.decimals);
}

/**
 * A reading as the record writes it, without its unit, with the record's places kept (FEV1 2.0,
 * not 2); blood pressure as systolic/diastolic, or the systolic alone when the diastolic is missing.
 * @example formatReading('blood_pressure', 120.4, 79.6) // '120/80'
 * @example formatReading('body_temperature', 98.64) // '98.6'
 */
export function formatReading(measure: ChartMeasure, y: number, y2?: number | null): string {
  const { decimals } = MEASURE_INFO[measure];
  const text = (value: number) => roundReading(measure, value).toFixed(decimals);
  if (measure === 'blood_pressure' && typeof y2 === 'number' && Number.isFinite(y2)) return `${text(y)}/${text(y2)}`;
  return text(y);
}
