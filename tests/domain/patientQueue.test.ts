import { describe, expect, test } from 'vitest';
import {
  compareByPriority,
  formatObservation,
  lastActivityBound,
  lastReviewedField,
  orderObservations,
  priorityRank,
  programFlagOf,
  QUEUE_DECIMALS,
  QUEUE_MEASURES,
  QUEUE_VIEWS,
  reviewStatusField,
  roundObservation,
  unitLabel,
  viewsReviewedBy,
} from '../../src/domain/patientQueue';

describe('priority', () => {
  test('the queue order is acute, high, medium, normal, then N/A (no priority)', () => {
    const shuffled = ['normal', null, 'acute', 'medium', 'high', 'unknown-level'];
    expect([...shuffled].sort(compareByPriority)).toEqual(['acute', 'high', 'medium', 'normal', null, 'unknown-level']);
    expect(compareByPriority(undefined, 'normal')).toBeGreaterThan(0);
  });

  test('the rank is the one the database computes (migration 0010): acute 4 ... normal 1, none 0', () => {
    expect(['acute', 'high', 'medium', 'normal', null].map(priorityRank)).toEqual([4, 3, 2, 1, 0]);
  });
});

describe('views', () => {
  test('four views, each with its review status and last review field; general needs no care program', () => {
    expect(QUEUE_VIEWS).toEqual(['general', 'rpm', 'ccm', 'pcm']);
    expect(QUEUE_VIEWS.map(reviewStatusField)).toEqual(['general_review_status', 'rpm_review_status', 'ccm_review_status', 'pcm_review_status']);
    expect(QUEUE_VIEWS.map(lastReviewedField)).toEqual(['general_last_reviewed', 'rpm_last_reviewed', 'ccm_last_reviewed', 'pcm_last_reviewed']);
    expect(QUEUE_VIEWS.map(programFlagOf)).toEqual([null, 'has_rpm', 'has_ccm', 'has_pcm']);
  });
});

describe('observation rounding (spec 001 section 9)', () => {
  test('whole numbers for oxygen saturation, heart rate, peak flow, blood pressure, weight and glucose; one place for FEV1, temperature and BMI', () => {
    const zero = ['oxygen_saturation', 'heart_rate', 'peak_expiratory_flow_rate', 'blood_pressure', 'body_mass', 'blood_glucose'];
    const one = ['forced_expiratory_volume_1', 'body_temperature', 'bmi'];
    expect(
      Object.entries(QUEUE_DECIMALS)
        .filter(([, d]) => d === 0)
        .map(([m]) => m)
        .sort(),
    ).toEqual([...zero].sort());
    expect(
      Object.entries(QUEUE_DECIMALS)
        .filter(([, d]) => d === 1)
        .map(([m]) => m)
        .sort(),
    ).toEqual([...one].sort());
    expect(Object.keys(QUEUE_DECIMALS).sort()).toEqual([...QUEUE_MEASURES].sort());
  });

  test.each([
    ['heart_rate', 72.5, '73'],
    ['oxygen_saturation', 96.4, '96'],
    ['body_mass', 181.56, '182'],
    ['blood_glucose', 99.5, '100'],
    ['peak_expiratory_flow_rate', 350.49, '350'],
    ['forced_expiratory_volume_1', 2.25, '2.3'],
    ['body_temperature', 98.64, '98.6'],
    ['bmi', 27.05, '27.1'],
    ['bmi', 30, '30.0'],
    ['something_else', 1.25, '1.3'],
  ])('%s %d shows as %s', (name, value, shown) => {
    expect(roundObservation(name, value)).toBe(shown);
  });

  test('blood pressure shows systolic/diastolic; a reading without a number shows nothing', () => {
    expect(formatObservation({ name: 'blood_pressure', value: 90, systolic: 128.6, diastolic: 84.2, unit: 'mmHg' })).toBe('BP 129/84 mmHg');
    expect(formatObservation({ name: 'body_temperature', value: 98.64, unit: '°F' })).toBe('Temp 98.6 °F');
    expect(formatObservation({ name: 'heart_rate', value: null })).toBeNull();
  });

  test("BMI's unit is written kg/m², however it was stored", () => {
    expect(formatObservation({ name: 'bmi', value: 27.46, unit: 'kg/m2' })).toBe('BMI 27.5 kg/m²');
    expect(formatObservation({ name: 'bmi', value: 27.46, unit: 'kg/m²' })).toBe('BMI 27.5 kg/m²');
    expect(unitLabel('mmHg')).toBe('mmHg');
  });

  test('observations follow the order of the row measures, unknown measures last', () => {
    const ordered = orderObservations([
      { name: 'bmi', value: 1 },
      { name: 'zzz', value: 1 },
      { name: 'heart_rate', value: 1 },
      { name: 'blood_glucose', value: 1 },
    ]);
    expect(ordered.map((o) => o.name)).toEqual(['heart_rate', 'blood_glucose', 'bmi', 'zzz']);
  });
});

describe('days since last device activity', () => {
  test('the bound is the end of the day that many days ago in the user zone, the same all day long', () => {
    const morning = new Date('2026-06-15T13:00:00Z'); // 08:00 in Chicago
    const evening = new Date('2026-06-16T04:59:00Z'); // 23:59 in Chicago, still the 15th
    expect(lastActivityBound(7, morning, 'America/Chicago')).toBe('2026-06-09T04:59:59.999Z');
    expect(lastActivityBound(7, evening, 'America/Chicago')).toBe('2026-06-09T04:59:59.999Z');
    expect(lastActivityBound(1, morning, 'UTC')).toBe('2026-06-14T23:59:59.999Z');
  });
});

describe('what a monitoring activity reviews', () => {
  test('a program-coded activity reviews its view and the general one; a note the general one; a status change nothing', () => {
    expect(viewsReviewedBy('rpm_99457_99458')).toEqual(['general', 'rpm']);
    expect(viewsReviewedBy('ccm_99490_99439')).toEqual(['general', 'ccm']);
    expect(viewsReviewedBy('pcm_99424_99425')).toEqual(['general', 'pcm']);
    expect(viewsReviewedBy('rtm_98975')).toEqual(['general']);
    expect(viewsReviewedBy('cccm_99487_99489')).toEqual(['general']);
    expect(viewsReviewedBy('note')).toEqual(['general']);
    expect(viewsReviewedBy('emr_review_note')).toEqual(['general']);
    expect(viewsReviewedBy('activity')).toEqual([]);
  });
});
