// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalAssessmentsFeature } from '../../../../../src/console/features/clinical/assessments';
import { sliceLabels } from '../../../../../src/console/features/clinical/assessments/TriageDoughnutChart';
import { triageDonut } from '../../../../../src/console/features/clinical/assessments/triageDonut';
import '../../../helpers/dom';
import { useMswServer } from '../../../helpers/msw';
import { renderPart } from '../../../helpers/renderPart';
import { useCanvasStub } from '../charts/canvasStub';

const server = useMswServer();
// chart.js draws (nothing) on a stub canvas, slice labels included.
useCanvasStub();
const TriageDonut = clinicalAssessmentsFeature.widgets.triage_donut.Component;

const summary = (body: Record<string, unknown>) => server.use(http.get('*/api/patients/7/runs/summary', () => HttpResponse.json(body)));

describe('the 7-day triage donut (spec 001 sections 2 and 9)', () => {
  it('lists each triage with its count as text beside the chart, and the week’s and month’s totals', async () => {
    summary({ total_runs_past_week: 4, total_runs_past_month: 9, triage_counts: { LOW: 2, DOC_24H: 1, ER: 1 }, triage_by_name_counts: {} });
    renderPart(<TriageDonut options={{}} />, { record: { id: 7 } });
    const legend = await screen.findByRole('list', { name: 'Triage, past 7 days' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Low2 (50%)', 'Contact Physician1 (25%)', 'ER1 (25%)']);
    expect(screen.getByText('Past week: 4')).toBeInTheDocument();
    expect(screen.getByText('Past month: 9')).toBeInTheDocument();
    // The canvas says nothing a screen reader would hear twice: the legend is its text.
    await waitFor(() => expect(document.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true'));
  });

  it('says No data available without runs in the past week', async () => {
    summary({ total_runs_past_week: 0, total_runs_past_month: 3, triage_counts: {}, triage_by_name_counts: {} });
    renderPart(<TriageDonut options={{}} />, { record: { id: 7 } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Past month: 3')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('the donut’s slice labels', () => {
  it('writes the percentage on slices of 5 percent and more only', () => {
    const { slices } = triageDonut({ triage_counts: { LOW: 20, MEDIUM: 3, ER: 1 } });
    const written: [string, number, number][] = [];
    const ctx = { save: () => undefined, restore: () => undefined, fillText: (text: string, x: number, y: number) => written.push([text, x, y]) };
    const arcs = slices.map((_, index) => ({ tooltipPosition: () => ({ x: index * 10, y: 5 }) }));
    const chart = { ctx, getDatasetMeta: () => ({ data: arcs }) };
    const plugin = sliceLabels(slices) as unknown as { afterDatasetsDraw: (chart: unknown) => void };
    plugin.afterDatasetsDraw(chart);
    // 20, 3 and 1 of 24: 83 %, 13 % and 4 %.
    expect(written).toEqual([
      ['83%', 0, 5],
      ['13%', 10, 5],
    ]);
  });
});
