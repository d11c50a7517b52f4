import { describe, expect, it } from 'vitest';
import { CHART_MEASURES, MEASURE_INFO, formatReading, isChartMeasure, roundReading } from '../../src/domain/clinical/measures';

describe('chart measures (spec 001 section 9)', () => {
  it('names the nine measures with their labels', () => {
    expect(CHART_MEASURES.map((measure) => MEASURE_INFO[measure].label)).toEqual([
      'Heart Rate',
      'Blood Pressure',
      'Oxygen Saturation',
      'Weight',
      'Blood Glucose',
      'FEV1',
      'Peak Flow',
      'BMI',
      'Temperature',
    ]);
  });

  it('tells a chart measure from another name', () => {
    expect(isChartMeasure('peak_expiratory_flow_rate')).toBe(true);
    expect(isChartMeasure('temperature')).toBe(false);
    expect(isChartMeasure(undefined)).toBe(false);
  });
});

describe('rounding (spec 001 section 9)', () => {
  it.each([
    ['oxygen_saturation', 94.5, 95, 95],
    ['heart_rate', 72.4, 72, 72],
    ['peak_expiratory_flow_rate', 350.6, 351, 351],
    ['blood_pressure', 128.5, 129, 129],
    ['blood_glucose', 142.49, 142, 142],
    ['body_mass', 182.46, 182.5, 182],
    ['forced_expiratory_volume_1', 2.46, 2.5, 2.5],
    ['body_temperature', 98.64, 98.6, 98.6],
    ['bmi', 27.45, 27.5, 27.5],
  ] as const)('%s %d: %d on the record, %d in the queue', (measure, value, record, queue) => {
    expect(roundReading(measure, value)).toBe(record);
    expect(roundReading(measure, value, 'record')).toBe(record);
    expect(roundReading(measure, value, 'queue')).toBe(queue);
  });

  it('rounds halves away from zero, binary halves included', () => {
    expect(roundReading('forced_expiratory_volume_1', 1.05)).toBe(1.1);
    expect(roundReading('bmi', 2.25)).toBe(2.3);
    expect(roundReading('heart_rate', 0.5)).toBe(1);
    expect(roundReading('body_temperature', -0.04)).toBe(0);
  });
});

describe('a reading as the record writes it', () => {
  it('writes blood pressure as systolic/diastolic, whole numbers', () => {
    expect(formatReading('blood_pressure', 120.4, 79.6)).toBe('120/80');
    expect(formatReading('blood_pressure', 131, null)).toBe('131');
  });

  it('keeps the record’s places', () => {
    expect(formatReading('forced_expiratory_volume_1', 2)).toBe('2.0');
    expect(formatReading('body_temperature', 98.64)).toBe('98.6');
    expect(formatReading('body_mass', 182.46)).toBe('182.5');
    expect(formatReading('oxygen_saturation', 96.7)).toBe('97');
    expect(formatReading('heart_rate', 72.4, 50)).toBe('72');
  });
});
