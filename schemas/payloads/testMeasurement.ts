import type { FromSchema } from 'json-schema-to-ts';
import { CREATABLE_DEVICE_TYPES } from '../../src/domain/enums';
import { MEASUREMENT_BOUNDS, REQUIRED_MEASUREMENT_FIELDS, WEIGHT_UNITS, type CreatableDeviceType } from '../../src/domain/testMeasurements';

/** Each device type's required readings, as JSON Schema conditions (from the domain table). */
const requiredByType = CREATABLE_DEVICE_TYPES.map((type: CreatableDeviceType) => ({
  if: { properties: { device_type: { const: type } }, required: ['device_type'] },
  then: { required: [...REQUIRED_MEASUREMENT_FIELDS[type]] },
}));

/**
 * POST testing/add-device-observation (spec 002 sections 3, 5 and 7): a reading of the patient's
 * assigned device of a type, the patient named by account e-mail or by patient_id; readings a
 * type does not take are ignored; measurement_date defaults to now.
 */
export const testMeasurementSchema = {
  title: 'TestMeasurement',
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', maxLength: 320 },
    patient_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    device_type: { type: 'string', enum: CREATABLE_DEVICE_TYPES },
    spo2: { type: 'integer', ...MEASUREMENT_BOUNDS.spo2 },
    pulse: { type: 'integer', ...MEASUREMENT_BOUNDS.pulse },
    systolic: { type: 'integer', ...MEASUREMENT_BOUNDS.systolic },
    diastolic: { type: 'integer', ...MEASUREMENT_BOUNDS.diastolic },
    weight: { type: 'number', ...MEASUREMENT_BOUNDS.weight },
    unit: { type: 'string', enum: WEIGHT_UNITS },
    blood_glucose: { type: 'number', ...MEASUREMENT_BOUNDS.blood_glucose },
    peak_expiratory_flow_rate: { type: 'integer', ...MEASUREMENT_BOUNDS.peak_expiratory_flow_rate },
    measurement_date: { type: 'string', format: 'date-time' },
  },
  required: ['device_type'],
  allOf: requiredByType,
  additionalProperties: false,
} as const;

export type TestMeasurement = FromSchema<typeof testMeasurementSchema>;
