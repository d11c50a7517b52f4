import { describe, expect, it } from 'vitest';
import { measurementCards, trendWords } from '../../../../../src/console/features/clinical/charts/measurementCards';

const record = {
  id: 7,
  measure_reports: [
    { name: 'heart_rate', category: 'vital-signs', value: 118, unit: 'bpm', baseline: 72.4, trend: 'up', updated_at: '2026-06-01T12:00:00Z' },
    {
      name: 'blood_pressure',
      category: 'vital-signs',
      value: 128,
      value2: 84,
      unit: 'mmHg',
      baseline: 127.6,
      baseline2: 83.2,
      trend: 'flat',
      updated_at: '2026-06-01T12:00:00Z',
    },
    { name: 'body_mass', category: 'vital-signs', value: 182.46, unit: 'lbs', baseline: 185, trend: null, updated_at: '2026-05-30T12:00:00Z' },
    { name: 'body_temperature', category: 'vital-signs', value: 98.64, unit: '°F', baseline: null, trend: null, updated_at: '2026-05-30T12:00:00Z' },
    { name: 'exacerbation_risk', category: 'prediction', value: 40, tier: 'Medium', updated_at: '2026-06-01T12:00:00Z' },
    { name: 'steps', category: 'vital-signs', value: 4000, unit: 'steps' },
  ],
  observations: [
    { name: 'heart_rate', value: 118, unit: 'bpm', timestamp: '2026-06-01T12:00:00Z', out_of_range: { range: 'high', limit: 110 } },
    { name: 'blood_pressure', value: 128, systolic: 127.6, diastolic: 84.4, unit: 'mmHg', timestamp: '2026-06-01T12:00:00Z', out_of_range: null },
    { name: 'body_temperature', value: 98.64, unit: '°F', timestamp: '2026-05-30T12:00:00Z' },
  ],
};

describe('the measurement cards (spec 001 section 2, "Clinical view sections")', () => {
  it('gives a card per vital-signs measure, in the record’s order, from the latest reading', () => {
    const cards = measurementCards(record);
    expect(cards.map((card) => card.measure)).toEqual(['heart_rate', 'blood_pressure', 'body_mass', 'body_temperature']);
    expect(cards[0]).toEqual({
      measure: 'heart_rate',
      label: 'Heart Rate',
      value: '118',
      unit: 'bpm',
      at: '2026-06-01T12:00:00Z',
      trend: 'up',
      baseline: '72',
      outOfRange: { range: 'high', words: 'above 110' },
    });
    expect(cards[1]).toMatchObject({ label: 'Blood Pressure', value: '128/84', baseline: '128/83', trend: 'flat', outOfRange: null });
  });

  it('falls back on the report without a reading, rounds as the record does, and works the trend out when the API gives none', () => {
    const [, , weight, temperature] = measurementCards(record);
    // Weight on the record keeps 1 place (spec 001 section 9); 182.46 against 185 is more than 1% below.
    expect(weight).toMatchObject({ label: 'Weight', value: '182.5', unit: 'lbs', at: '2026-05-30T12:00:00Z', trend: 'down', baseline: '185.0' });
    // Without a baseline there is no trend.
    expect(temperature).toMatchObject({ value: '98.6', at: '2026-05-30T12:00:00Z', trend: null, baseline: null });
  });

  it('shows the report’s reading when the latest observation is another one (a flagged reading does not count)', () => {
    const flaggedLatest = {
      ...record,
      observations: [{ name: 'heart_rate', value: 190, unit: 'bpm', timestamp: '2026-06-01T13:00:00Z', out_of_range: { range: 'high', limit: 110 } }],
    };
    expect(measurementCards(flaggedLatest)[0]).toMatchObject({ value: '118', at: '2026-06-01T12:00:00Z', outOfRange: null });
  });

  it('shows only and in the order of the measures asked', () => {
    expect(measurementCards(record, ['blood_pressure', 'heart_rate', 'blood_pressure', 'oxygen_saturation']).map((card) => card.measure)).toEqual([
      'blood_pressure',
      'heart_rate',
    ]);
  });

  it('has no cards for a record without reports', () => {
    expect(measurementCards({ id: 1 })).toEqual([]);
    expect(measurementCards(undefined)).toEqual([]);
    expect(measurementCards({ id: 1, measure_reports: 'none', observations: null })).toEqual([]);
  });

  it('words the trend with its baseline', () => {
    expect(trendWords({ trend: 'up', baseline: '72', unit: 'bpm' })).toBe('Above baseline (baseline 72 bpm)');
    expect(trendWords({ trend: 'down', baseline: null, unit: 'bpm' })).toBe('Below baseline');
    expect(trendWords({ trend: 'flat', baseline: '98.6', unit: '°F' })).toBe('At baseline (baseline 98.6 °F)');
    expect(trendWords({ trend: null, baseline: '72', unit: 'bpm' })).toBeNull();
  });
});
