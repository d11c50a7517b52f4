import { type CREATABLE_DEVICE_TYPES } from './enums';

export type CreatableDeviceType = (typeof CREATABLE_DEVICE_TYPES)[number];

/** The reading fields of a test measurement (spec 002 section 3, "Device measurement fields"). */
export const MEASUREMENT_FIELDS = ['spo2', 'pulse', 'systolic', 'diastolic', 'weight', 'unit', 'blood_glucose', 'peak_expiratory_flow_rate'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

/**
 * What each device type's measurement requires (spec 002 section 5, "Device measurement"): spo2
 * for a pulse oximeter; pulse for a pulse oximeter and blood pressure; systolic and diastolic for
 * blood pressure; weight and unit for a weight scale; blood_glucose for a glucometer;
 * peak_expiratory_flow_rate for a peak flow meter. The form shows exactly these fields.
 */
export const REQUIRED_MEASUREMENT_FIELDS: Readonly<Record<CreatableDeviceType, readonly MeasurementField[]>> = {
  pulse_oximeter: ['spo2', 'pulse'],
  blood_pressure: ['systolic', 'diastolic', 'pulse'],
  weight_scale: ['weight', 'unit'],
  glucometer: ['blood_glucose'],
  peak_flow_meter: ['peak_expiratory_flow_rate'],
};

export const WEIGHT_UNITS = ['lbs', 'kg'] as const;

/**
 * Plausible bounds of each reading. The spec leaves them open ("Other bounds: not shown"); these
 * keep a typo (spo2 970) out of the test data without refusing a sick patient's real values.
 */
export const MEASUREMENT_BOUNDS = {
  spo2: { minimum: 50, maximum: 100 },
  pulse: { minimum: 20, maximum: 250 },
  systolic: { minimum: 50, maximum: 300 },
  diastolic: { minimum: 20, maximum: 200 },
  weight: { minimum: 1, maximum: 1000 },
  blood_glucose: { minimum: 10, maximum: 1000 },
  peak_expiratory_flow_rate: { minimum: 50, maximum: 900 },
} as const;
