// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalAssessmentsFeature } from '../../../../../src/console/features/clinical/assessments';
import '../../../helpers/dom';
import { useMswServer } from '../../../helpers/msw';
import { renderPart } from '../../../helpers/renderPart';

const server = useMswServer();
const SymptomsGrid = clinicalAssessmentsFeature.widgets.symptoms_grid.Component;

const WEEK = {
  timeframe: 'week',
  start_date: '2026-06-01',
  end_date: '2026-06-03',
  days: ['2026-06-01', '2026-06-02', '2026-06-03'],
  symptoms: [
    { name: 'cough', label: 'Cough', severities: { '2026-06-01': 1, '2026-06-03': 7 } },
    { name: 'wheezing', label: 'Wheezing', severities: { '2026-06-02': 3 } },
    { name: 'nausea', label: 'Nausea', severities: {} },
  ],
};
const MONTH = { ...WEEK, timeframe: 'month', symptoms: [] };

function conditionsApi() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/patients/7/conditions/summary', ({ request }) => {
      const timeframe = new URL(request.url).searchParams.get('timeframe') ?? '';
      asked.push(timeframe);
      return HttpResponse.json(timeframe === 'month' ? MONTH : WEEK);
    }),
  );
  return asked;
}

describe('the symptoms grid (spec 001 sections 2 and 9)', () => {
  it('shows the week first: a table of the symptoms reported by day, each day’s severity with its band', async () => {
    const asked = conditionsApi();
    renderPart(<SymptomsGrid options={{}} />, { record: { id: 7 } });
    const table = await screen.findByRole('table', { name: 'Symptom severity by day, past week' });
    expect(asked).toEqual(['week']);
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Symptom', 'Jun 1Monday, June 1, 2026', 'Jun 2Tuesday, June 2, 2026', 'Jun 3Wednesday, June 3, 2026']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Cough', 'Wheezing']);
    const cough = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = within(cough).getAllByRole('cell');
    // The number is shown; a screen reader hears it with its band.
    expect(cells.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(['1', '', '7']);
    expect(cells.map((cell) => cell.querySelector('.sr-only')?.textContent)).toEqual(['1, Mild', 'None', '7, Severe']);
    expect(cells.map((cell) => cell.className.match(/bg-\S+/)?.[0])).toEqual(['bg-yellow-100', 'bg-slate-50', 'bg-red-600']);
    expect(
      within(screen.getByRole('list', { name: 'Severity legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['None', 'Mild (1)', 'Moderate (2–4)', 'Severe (5–10)']);
  });

  it('asks the month when Month is pressed, and says None reported when nothing was', async () => {
    const asked = conditionsApi();
    const user = userEvent.setup();
    renderPart(<SymptomsGrid options={{}} />, { record: { id: 7 } });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByText('None reported')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(asked).toEqual(['week', 'month']);
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a failed read, with Retry', async () => {
    server.use(http.get('*/api/patients/7/conditions/summary', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    renderPart(<SymptomsGrid options={{}} />, { record: { id: 7 } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Not found'));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
