// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clinicalChartsFeature } from '../../../../../src/console/features/clinical/charts';
import '../../../helpers/dom';
import { renderPart } from '../../../helpers/renderPart';
import { PATIENT } from './patientRecord';

const { Component: MeasurementCards, optionsSchema } = clinicalChartsFeature.widgets.measurement_cards;

const cards = () => within(screen.getByRole('list', { name: 'Measurements' })).getAllByRole('button');

describe('the measurement_cards widget (spec 001 section 2, "Clinical view sections")', () => {
  it('takes no options, or the measures to show', () => {
    expect(optionsSchema).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('shows a card per measure: latest value rounded, unit, time, and the trend in words with the baseline', () => {
    renderPart(<MeasurementCards options={{}} />, { record: PATIENT });
    expect(cards().map((card) => within(card).getByText(/^(Heart Rate|Blood Pressure|Oxygen Saturation)$/).textContent)).toEqual([
      'Heart Rate',
      'Blood Pressure',
      'Oxygen Saturation',
    ]);
    const [heartRate, bloodPressure, oxygen] = cards();
    expect(bloodPressure).toHaveTextContent('128/84 mmHg');
    expect(bloodPressure).toHaveTextContent('At baseline (baseline 128/83 mmHg)');
    expect(bloodPressure).toHaveTextContent('about 1 hour ago');
    expect(bloodPressure).not.toHaveTextContent('Out of range');
    expect(heartRate).toHaveTextContent('Above baseline (baseline 72 bpm)');
    expect(oxygen).toHaveTextContent('Below baseline (baseline 96 %)');
    // Each card opens a dialog.
    expect(bloodPressure).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('marks a reading out of the patient’s limits in words as well as in red', () => {
    renderPart(<MeasurementCards options={{}} />, { record: PATIENT });
    const [heartRate, , oxygen] = cards();
    expect(heartRate).toHaveTextContent('Out of range (above 110)');
    expect(oxygen).toHaveTextContent('Out of range (below 92)');
    expect(within(heartRate!).getByText('Out of range (above 110)')).toHaveClass('text-red-800');
  });

  it('shows only the measures its options name, in their order', () => {
    renderPart(<MeasurementCards options={{ measures: ['oxygen_saturation', 'heart_rate', 'body_mass'] }} />, { record: PATIENT });
    expect(cards().map((card) => card.querySelector('span > span')?.textContent)).toEqual(['Oxygen Saturation', 'Heart Rate']);
  });

  it("says 'No data available' for a patient without readings", () => {
    renderPart(<MeasurementCards options={{}} />, { record: { id: 8, measure_reports: [], observations: [] } });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
