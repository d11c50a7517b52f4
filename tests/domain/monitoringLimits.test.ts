import { describe, expect, it } from 'vitest';
import { applicableLimits, readingOutOfRange, type MonitoringLimit } from '../../src/domain/monitoringLimits';

const provider: MonitoringLimit[] = [
  { parameter: 'heart_rate', min: 50, max: 100 },
  { parameter: 'blood_pressure', sub_parameter: 'systolic', min: 90, max: 140 },
  { parameter: 'blood_pressure', sub_parameter: 'diastolic', min: 60, max: 90 },
  { parameter: 'blood_glucose', min: 70, max: 180 },
  { parameter: 'oxygen_saturation', min: 92, max: null },
];

describe('monitoring limits: the patient’s, else the provider’s (spec 001 section 3, spec 002 section 3)', () => {
  it("takes each parameter's limit from the patient where it has one, else from the provider", () => {
    const patient = [{ parameter: 'heart_rate', min: 45, max: 110 }];
    const limits = applicableLimits(patient, provider);
    expect(limits.filter((l) => l.parameter === 'heart_rate')).toEqual([{ parameter: 'heart_rate', min: 45, max: 110 }]);
    expect(limits).toContainEqual({ parameter: 'blood_glucose', min: 70, max: 180 });
    expect(limits).toHaveLength(provider.length);
  });

  it('uses the provider’s limits when the patient has none, and none when neither has any', () => {
    expect(applicableLimits(null, provider)).toEqual(provider);
    expect(applicableLimits([], provider)).toEqual(provider);
    expect(applicableLimits(undefined, undefined)).toEqual([]);
  });

  it('leaves out what is not a limit (read from JSON)', () => {
    expect(applicableLimits([{ min: 1 }, 'x', null, { parameter: 'bmi', max: 30 }], { not: 'a list' })).toEqual([{ parameter: 'bmi', max: 30 }]);
  });

  it('treats a systolic limit given without blood pressure as the systolic of blood pressure, for both sides', () => {
    const limits = applicableLimits([{ parameter: 'systolic', max: 150 }], provider);
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 145, diastolic: 80 }, limits)).toBeNull();
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 151, diastolic: 80 }, limits)).toEqual({ range: 'high', limit: 150 });
  });
});

describe('a reading against its limits', () => {
  it.each([
    ['above the maximum', { name: 'blood_glucose', value: 212 }, { range: 'high', limit: 180 }],
    ['under the minimum', { name: 'heart_rate', value: 44 }, { range: 'low', limit: 50 }],
    ['on the maximum (within)', { name: 'blood_glucose', value: 180 }, null],
    ['on the minimum (within)', { name: 'heart_rate', value: 50 }, null],
    ['within', { name: 'heart_rate', value: 72 }, null],
    ['under a minimum with no maximum', { name: 'oxygen_saturation', value: 89 }, { range: 'low', limit: 92 }],
    ['of a measure with no limit', { name: 'body_temperature', value: 104 }, null],
    ['with no number', { name: 'heart_rate', value: null }, null],
  ] as const)('%s', (_name, observation, expected) => {
    expect(readingOutOfRange(observation, provider)).toEqual(expected);
  });

  it('checks blood pressure by its systolic, then its diastolic', () => {
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 150, diastolic: 95 }, provider)).toEqual({ range: 'high', limit: 140 });
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 120, diastolic: 55 }, provider)).toEqual({ range: 'low', limit: 60 });
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 120, diastolic: 80 }, provider)).toBeNull();
  });

  it('compares the reading as the queue shows it, rounded for its measure', () => {
    // SpO2 91.6 shows as 92: not below a minimum of 92; 91.4 shows as 91: below it.
    expect(readingOutOfRange({ name: 'oxygen_saturation', value: 91.6 }, provider)).toBeNull();
    expect(readingOutOfRange({ name: 'oxygen_saturation', value: 91.4 }, provider)).toEqual({ range: 'low', limit: 92 });
    expect(readingOutOfRange({ name: 'blood_pressure', value: null, systolic: 140.4, diastolic: 80 }, provider)).toBeNull();
  });

  it('reads bounds saved as text, and an empty bound as none', () => {
    const limits = [{ parameter: 'heart_rate', min: '', max: '100' }];
    expect(readingOutOfRange({ name: 'heart_rate', value: 101 }, limits)).toEqual({ range: 'high', limit: 100 });
    expect(readingOutOfRange({ name: 'heart_rate', value: 10 }, limits)).toBeNull();
  });
});
