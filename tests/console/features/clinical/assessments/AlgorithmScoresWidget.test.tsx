// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clinicalAssessmentsFeature } from '../../../../../src/console/features/clinical/assessments';
import '../../../helpers/dom';
import { renderPart } from '../../../helpers/renderPart';

const AlgorithmScores = clinicalAssessmentsFeature.widgets.algorithm_scores.Component;

const risk = {
  name: 'exacerbation_risk',
  category: 'prediction',
  value: 63,
  tier: 'Medium - High',
  factors: [
    {
      name: 'vitals_deviation',
      points: 20,
      reason: 'Heart Rate 12% above its 7-day baseline of 72 bpm (+10); Peak Flow 11% below its 7-day baseline of 400 L/min (+10)',
    },
    { name: 'out_of_range_days', points: 18, reason: 'Readings out of range on 5 days of the past 7' },
    { name: 'symptom_severity', points: 15, reason: 'Worst symptom of the past 7 days: Cough at 6 of 10' },
    { name: 'latest_triage', points: 10, reason: 'Latest assessment triaged Medium (MEDIUM)' },
  ],
  updated_at: '2026-06-03T12:00:00Z',
};

describe('the algorithm scores (spec 001 sections 2 and 9)', () => {
  it('shows the score, its tier on the five-step scale, its factors, and that it is a rule', () => {
    renderPart(<AlgorithmScores options={{}} />, { record: { id: 7, measure_reports: [{ name: 'heart_rate', category: 'vital-signs', value: 80 }, risk] } });
    const card = screen.getByRole('region', { name: 'Exacerbation Risk' });
    expect(card).toHaveTextContent('63of 100,Medium - High');
    const tiers = within(card).getByRole('list', { name: 'Tiers' });
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((tier) => tier.textContent),
    ).toEqual(['Low', 'Low - Medium', 'Medium', 'Medium - High', 'High']);
    expect(within(tiers).getByText('Medium - High')).toHaveAttribute('aria-current', 'step');
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .filter((tier) => tier.hasAttribute('aria-current')),
    ).toHaveLength(1);
    const factors = within(within(card).getByRole('list', { name: 'Factors' })).getAllByRole('listitem');
    expect(factors.map((factor) => factor.textContent)).toEqual([
      `Vitals deviation +20${risk.factors[0]?.reason}`,
      'Out-of-range days +18Readings out of range on 5 days of the past 7',
      'Symptom severity +15Worst symptom of the past 7 days: Cough at 6 of 10',
      'Latest triage +10Latest assessment triaged Medium (MEDIUM)',
    ]);
    expect(screen.getByText("A documented rule over the patient's readings, symptoms and assessments; not a trained model.")).toBeInTheDocument();
  });

  it('says No data available without a prediction', () => {
    renderPart(<AlgorithmScores options={{}} />, { record: { id: 7, measure_reports: [{ name: 'heart_rate', category: 'vital-signs', value: 80 }] } });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
