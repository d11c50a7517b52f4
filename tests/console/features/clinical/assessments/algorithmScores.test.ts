import { describe, expect, it } from 'vitest';
import { pointsText, predictionScores } from '../../../../../src/console/features/clinical/assessments/algorithmScores';

const risk = {
  name: 'exacerbation_risk',
  category: 'prediction',
  value: 42,
  tier: 'Medium',
  factors: [
    { name: 'symptom_severity', points: 13, reason: 'Worst symptom of the past 7 days: Cough at 5 of 10' },
    { name: 'no_recent_readings', points: 0, reason: 'No reading for 4 days: the score may be out of date' },
  ],
  updated_at: '2026-06-03T12:00:00Z',
};

describe('the algorithm scores (spec 001 sections 2 and 9)', () => {
  it('reads the prediction reports of the measure reports, with their tier and factors', () => {
    const scores = predictionScores([{ name: 'heart_rate', category: 'vital-signs', value: 70 }, risk]);
    expect(scores).toEqual([
      {
        name: 'exacerbation_risk',
        title: 'Exacerbation Risk',
        score: 42,
        tier: { index: 2, label: 'Medium' },
        factors: [
          { name: 'symptom_severity', label: 'Symptom severity', points: 13, reason: 'Worst symptom of the past 7 days: Cough at 5 of 10' },
          { name: 'no_recent_readings', label: 'No recent readings', points: 0, reason: 'No reading for 4 days: the score may be out of date' },
        ],
        updatedAt: '2026-06-03T12:00:00Z',
      },
    ]);
  });

  it('takes the tier from the score when the report gives none it knows', () => {
    expect(predictionScores([{ ...risk, value: 85, tier: undefined }])[0]?.tier).toEqual({ index: 4, label: 'High' });
    expect(predictionScores([{ ...risk, value: 20, tier: 'Very high' }])[0]?.tier).toEqual({ index: 1, label: 'Low - Medium' });
    expect(predictionScores([{ ...risk, name: 'readmission_score', value: 150 }])[0]).toMatchObject({ title: 'Readmission score', score: 100 });
  });

  it('has none without prediction reports', () => {
    expect(predictionScores(undefined)).toEqual([]);
    expect(predictionScores([{ name: 'exacerbation_risk', category: 'prediction', value: null }])).toEqual([]);
  });

  it('writes points with their sign', () => {
    expect(pointsText(10)).toBe('+10');
    expect(pointsText(0)).toBe('0');
  });
});
