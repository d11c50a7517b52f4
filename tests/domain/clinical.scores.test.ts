import { describe, expect, it } from 'vitest';
import type { ChartMeasure } from '../../src/domain/clinical/measures';
import { PREDICTION_TIERS, exacerbationRisk, riskTier, type RiskInputs } from '../../src/domain/clinical/scores';

const calm: RiskInputs = { deviations: [], outOfRangeDays: 0, symptoms: [], latestTriage: null, daysSinceLastReading: 0 };
const risk = (inputs: Partial<RiskInputs>) => exacerbationRisk({ ...calm, ...inputs });

/** A latest reading `percent` % above a baseline of 100. */
const off = (measure: ChartMeasure, percent: number) => ({ measure, latest: 100 + percent, baseline: 100 });
const tenPercentOff = (count: number) => (['heart_rate', 'oxygen_saturation', 'body_mass', 'blood_glucose'] as const).slice(0, count).map((m) => off(m, 10));

describe('the five-tier scale, tiers of 20 (spec 001 section 9)', () => {
  it('names the tiers', () => {
    expect(PREDICTION_TIERS).toEqual(['Low', 'Low - Medium', 'Medium', 'Medium - High', 'High']);
  });

  it.each([
    [0, 0, 'Low'],
    [19, 0, 'Low'],
    [19.9, 0, 'Low'],
    [20, 1, 'Low - Medium'],
    [39, 1, 'Low - Medium'],
    [40, 2, 'Medium'],
    [59, 2, 'Medium'],
    [60, 3, 'Medium - High'],
    [79, 3, 'Medium - High'],
    [80, 4, 'High'],
    [100, 4, 'High'],
    [-5, 0, 'Low'],
    [150, 4, 'High'],
    [Number.NaN, 0, 'Low'],
  ])('%d is tier %d, %s', (score, index, label) => {
    expect(riskTier(score)).toEqual({ index, label });
  });
});

describe('exacerbation risk: one set of facts for each tier', () => {
  it('Low: readings at their baselines, nothing else: 0 with no factor', () => {
    expect(risk({ deviations: [off('heart_rate', 3)], latestTriage: 'LOW' })).toEqual({ score: 0, tier: { index: 0, label: 'Low' }, factors: [] });
  });

  it('Low - Medium: one measure 12 % off and a symptom at 6: 25', () => {
    const result = risk({ deviations: [off('heart_rate', 12)], symptoms: [{ name: 'cough', severity: 6 }] });
    expect([result.score, result.tier.label]).toEqual([25, 'Low - Medium']);
  });

  it('Medium: two measures off, 2 days out of range, a symptom at 5, triage Medium: 50', () => {
    const result = risk({ deviations: tenPercentOff(2), outOfRangeDays: 2, symptoms: [{ name: 'wheezing', severity: 5 }], latestTriage: 'MEDIUM' });
    expect(result.factors.map((f) => f.points)).toEqual([20, 7, 13, 10]);
    expect([result.score, result.tier.label]).toEqual([50, 'Medium']);
  });

  it('Medium - High: three measures off, 4 days out of range, a symptom at 4, triage Test: 64', () => {
    const result = risk({ deviations: tenPercentOff(3), outOfRangeDays: 4, symptoms: [{ name: 'fatigue', severity: 4 }], latestTriage: 'TEST' });
    expect([result.score, result.tier.label]).toEqual([64, 'Medium - High']);
  });

  it('High: everything at its most: 100', () => {
    const result = risk({ deviations: tenPercentOff(4), outOfRangeDays: 7, symptoms: [{ name: 'shortness_of_breath', severity: 10 }], latestTriage: 'ER_NOW' });
    expect(result.factors.map((f) => [f.name, f.points])).toEqual([
      ['vitals_deviation', 30],
      ['out_of_range_days', 25],
      ['symptom_severity', 25],
      ['latest_triage', 20],
    ]);
    expect([result.score, result.tier.label]).toEqual([100, 'High']);
  });
});

describe('exacerbation risk at the tier boundaries', () => {
  it('19 is Low: 1 day out of range (4) and triage Contact Physician (15)', () => {
    expect(risk({ outOfRangeDays: 1, latestTriage: 'DOC_24H' })).toMatchObject({ score: 19, tier: { index: 0, label: 'Low' } });
  });

  it('20 is Low - Medium: triage ER alone', () => {
    expect(risk({ latestTriage: 'ER' })).toMatchObject({ score: 20, tier: { index: 1, label: 'Low - Medium' } });
  });

  it('79 is Medium - High: vitals 30, a symptom at 10 (25), 1 day out of range (4), triage ER (20)', () => {
    const result = risk({ deviations: tenPercentOff(3), symptoms: [{ name: 'cough', severity: 10 }], outOfRangeDays: 1, latestTriage: 'ER' });
    expect(result).toMatchObject({ score: 79, tier: { index: 3, label: 'Medium - High' } });
  });

  it('80 is High: vitals 30, a symptom at 10 (25), 7 days out of range (25), triage Low', () => {
    const result = risk({ deviations: tenPercentOff(3), symptoms: [{ name: 'cough', severity: 10 }], outOfRangeDays: 7, latestTriage: 'LOW' });
    expect(result).toMatchObject({ score: 80, tier: { index: 4, label: 'High' } });
  });
});

describe('the rule’s parts', () => {
  it.each([
    [4.9, 0],
    [5, 5],
    [9.9, 5],
    [10, 10],
    [40, 10],
    [-5, 5],
    [-10, 10],
  ])('a reading %d % from its baseline adds %d', (percent, points) => {
    expect(risk({ deviations: [off('heart_rate', percent)] }).score).toBe(points);
  });

  it('counts 5 % exactly in binary-awkward numbers (94.5 against 90)', () => {
    expect(risk({ deviations: [{ measure: 'oxygen_saturation', latest: 85.5, baseline: 90 }] }).score).toBe(5);
    expect(risk({ deviations: [{ measure: 'oxygen_saturation', latest: 94.5, baseline: 90 }] }).score).toBe(5);
  });

  it('skips a baseline of 0 and caps the vitals at 30, saying so', () => {
    expect(risk({ deviations: [{ measure: 'heart_rate', latest: 5, baseline: 0 }] }).factors).toEqual([]);
    const capped = risk({ deviations: tenPercentOff(4) }).factors[0];
    expect(capped?.points).toBe(30);
    expect(capped?.reason).toMatch(/; capped at 30$/);
  });

  it('explains each measure’s deviation with its label, direction and baseline', () => {
    const factor = risk({
      deviations: [
        { measure: 'body_mass', latest: 198, baseline: 180 },
        { measure: 'oxygen_saturation', latest: 88, baseline: 95 },
      ],
    }).factors[0];
    expect(factor).toEqual({
      name: 'vitals_deviation',
      points: 15,
      reason: 'Weight 10% above its 7-day baseline of 180.0 lbs (+10); Oxygen Saturation 7% below its 7-day baseline of 95 % (+5)',
    });
  });

  it('weighs each out-of-range day a seventh of 25, rounded', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9, -1].map((days) => risk({ outOfRangeDays: days }).score)).toEqual([0, 4, 7, 11, 14, 18, 21, 25, 25, 0]);
    expect(risk({ outOfRangeDays: 3 }).factors).toEqual([{ name: 'out_of_range_days', points: 11, reason: 'Readings out of range on 3 days of the past 7' }]);
  });

  it('weighs the worst symptom 2.5 a step, rounded half up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((severity) => risk({ symptoms: [{ name: 'cough', severity }] }).score)).toEqual([
      3, 5, 8, 10, 13, 15, 18, 20, 23, 25,
    ]);
    const worst = risk({
      symptoms: [
        { name: 'cough', severity: 3 },
        { name: 'shortness_of_breath', severity: 8 },
        { name: 'swelling', severity: 8 },
      ],
    });
    expect(worst.factors).toEqual([{ name: 'symptom_severity', points: 20, reason: 'Worst symptom of the past 7 days: Shortness of Breath at 8 of 10' }]);
  });

  it('adds the latest triage: LOW 0, MEDIUM 10, TEST 10, DOC variants 15, ER variants 20, none 0', () => {
    expect(['LOW', 'MEDIUM', 'TEST', 'DOC', 'DOC_24H', 'ER', 'ER_NOW'].map((code) => risk({ latestTriage: code }).score)).toEqual([0, 10, 10, 15, 15, 20, 20]);
    expect(risk({ latestTriage: null }).score).toBe(0);
    expect(risk({ latestTriage: 'DOC_24H' }).factors).toEqual([
      { name: 'latest_triage', points: 15, reason: 'Latest assessment triaged Contact Physician (DOC_24H)' },
    ]);
  });

  it('names a gap of 3 or more days without readings, adding nothing', () => {
    expect(risk({ daysSinceLastReading: 2 }).factors).toEqual([]);
    expect(risk({ daysSinceLastReading: 3, latestTriage: 'MEDIUM' })).toMatchObject({
      score: 10,
      factors: [
        { name: 'latest_triage', points: 10 },
        { name: 'no_recent_readings', points: 0, reason: 'No reading for 3 days: the score may be out of date' },
      ],
    });
    expect(risk({ daysSinceLastReading: null }).factors).toEqual([
      { name: 'no_recent_readings', points: 0, reason: 'No readings on record: the score rests on symptoms and assessments alone' },
    ]);
  });

  it('is an integer from 0 to 100 whose factors add up to it, the same for the same facts', () => {
    const inputs: RiskInputs = {
      deviations: [off('blood_pressure', 7.3), off('heart_rate', 11.2)],
      outOfRangeDays: 5,
      symptoms: [{ name: 'dizziness', severity: 3.4 }],
      latestTriage: 'DOC',
      daysSinceLastReading: 4,
    };
    const first = exacerbationRisk(inputs);
    expect(Number.isInteger(first.score)).toBe(true);
    expect(first.factors.reduce((sum, f) => sum + f.points, 0)).toBe(first.score);
    expect(exacerbationRisk(structuredClone(inputs))).toEqual(first);
  });
});
