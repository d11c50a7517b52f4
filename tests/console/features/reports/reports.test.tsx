// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

const MONITORING = {
  id: 5,
  name: 'Monitoring Report, Northwind Clinic, 05/01/2026 to 05/31/2026',
  type: 'monitoring_report',
  report_date: '2026-06-01T14:00:00Z',
  range_start: '2026-05-01',
  range_end: '2026-05-31',
  tenant_id: 1,
  patient_id: null,
  created_by_id: 100,
  content: {
    timezone: 'America/New_York',
    provider_name: 'Northwind Clinic',
    rows: [
      { patient_id: 30, patient_name: 'Ada Byron', minutes: 25.5, notes: 3, readings: 28, reading_days: 17, codes_met: ['99454', '99457'] },
      { patient_id: 31, patient_name: 'Alan Turing', minutes: 0, notes: 0, readings: 0, reading_days: 0, codes_met: [] },
    ],
    totals: { patients: 2, minutes: 25.5, notes: 3, readings: 28 },
  },
};
const CARE_PLANS = {
  ...MONITORING,
  id: 6,
  name: 'Care Plan Report, Northwind Clinic, 05/01/2026 to 05/31/2026',
  type: 'care_plan_report',
  content: {
    timezone: 'America/New_York',
    provider_name: 'Northwind Clinic',
    rows: [],
    totals: { patients: 0, care_plans: 0, active: 0, reviews: 0, revisions: 0 },
  },
};
const LEGACY = { ...MONITORING, id: 7, name: 'An old report', type: 'weekly_summary', content: {} };

const api = () => fixtureApi({ ...fixtureRecords(), reports: [MONITORING, CARE_PLANS, LEGACY] });
const showReport = (id: number) => {
  const fixtures = api();
  server.use(...fixtures.handlers);
  return { ...renderScreen('reports.show', { path: `/reports/${id}/show` }), api: fixtures };
};

afterEach(() => vi.restoreAllMocks());

describe('/reports/{id}/show', () => {
  it('shows the report: its summary, totals and table as the type lays them out', async () => {
    showReport(5);
    const table = await screen.findByRole('table', { name: 'Patients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Monitoring minutes', 'Notes', 'Readings', 'Days with readings', 'Codes met']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada Byron', '25.5', '3', '28', '17', '99454, 99457']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Alan Turing', '0.0', '0', '0', '0', '—']);
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('Monitoring minutes').nextSibling?.textContent).toBe('25.5');
    expect(within(totals).getByText('Patients').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('05/01/2026 – 05/31/2026')).toBeInTheDocument();
    expect(await screen.findByText('Northwind Clinic')).toBeInTheDocument();
    expect(screen.getAllByText('Monitoring Report').length).toBeGreaterThan(0);
  });

  it('an empty table says so', async () => {
    showReport(6);
    expect(await screen.findByText('No care plan in this range')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Care plans' })).toBeInTheDocument();
  });

  it('any other type shows Unsupported report type', async () => {
    showReport(7);
    expect(await screen.findByText('Unsupported report type')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("Export PDF downloads the file under the server's name", async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.use(
      http.get(
        '*/api/reports/5/export',
        () =>
          new HttpResponse('%PDF-1.3', {
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="monitoring_report-2026-05-01-2026-05-31-5.pdf"' },
          }),
      ),
    );
    showReport(5);
    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('monitoring_report-2026-05-01-2026-05-31-5.pdf');
  });

  it('a failed export says Error exporting report.', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/reports/5/export', () => HttpResponse.json({ detail: 'Internal server error' }, { status: 500 })));
    showReport(5);
    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('Error exporting report.')).toBeInTheDocument();
  });

  it('View PDF opens /pdf with the signed link', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/reports/5/signed-link', () => HttpResponse.json({ signed_link: '/api/reports/5/pdf?expires=1&by=2&sig=x', title: MONITORING.name })),
    );
    const view = showReport(5);
    await user.click(await screen.findByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/pdf'));
  });

  it('a failed View PDF says Error exporting report.', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/reports/5/signed-link', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    const view = showReport(5);
    await user.click(await screen.findByRole('button', { name: 'View PDF' }));
    expect(await screen.findByText('Error exporting report.')).toBeInTheDocument();
    expect(view.location.history.at(-1)).toBe('/reports/5/show');
  });
});

describe('/reports', () => {
  it('lists reports newest first with their type, provider and range, and opens one', async () => {
    const user = userEvent.setup();
    const fixtures = api();
    server.use(...fixtures.handlers);
    const view = renderScreen('reports.list', { path: '/reports' });
    const row = (await screen.findByText(MONITORING.name)).closest('tr')!;
    expect(within(row).getByText('Monitoring Report')).toBeInTheDocument();
    expect(within(row).getByText('05/01/2026 – 05/31/2026')).toBeInTheDocument();
    expect(await within(row).findByText('Northwind Clinic')).toBeInTheDocument();
    const listed = fixtures.requests.find((r) => r.method === 'GET' && r.path === '/api/reports');
    expect(listed?.query.get('sort')).toBe('report_date');
    expect(listed?.query.get('order')).toBe('desc');
    await user.click(within(row).getByText(MONITORING.name));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/reports/5/show'));
  });

  it('the Type filter asks for one type', async () => {
    const user = userEvent.setup();
    const fixtures = api();
    server.use(...fixtures.handlers);
    renderScreen('reports.list', { path: '/reports' });
    await screen.findByText(MONITORING.name);
    // The filter's listbox comes before the column's sort button of the same name.
    await user.click(screen.getAllByRole('button', { name: 'Type' })[0]!);
    await user.click(await screen.findByRole('option', { name: 'Care Plan Report' }));
    await waitFor(() => expect(screen.queryByText(MONITORING.name)).not.toBeInTheDocument());
    expect(screen.getByText(CARE_PLANS.name)).toBeInTheDocument();
    const last = fixtures.requests.filter((r) => r.method === 'GET' && r.path === '/api/reports').at(-1);
    expect(JSON.parse(last?.query.get('filter') ?? '{}')).toMatchObject({ 'type[eq]': 'care_plan_report' });
  });

  it('Generate report posts the type, the provider and the range', async () => {
    const user = userEvent.setup();
    const fixtures = api();
    server.use(...fixtures.handlers);
    renderScreen('reports.list', { path: '/reports' });
    await screen.findByText(MONITORING.name);
    await user.click(screen.getByRole('button', { name: 'Generate report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate report' });
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Clinician Monitoring Report' }));
    await user.type(within(dialog).getByRole('combobox', { name: /Provider/ }), 'North');
    await user.click(await within(dialog).findByRole('option', { name: 'Northwind Clinic' }));
    await user.type(within(dialog).getByLabelText(/Range Start/), '2026-05-01');
    await user.type(within(dialog).getByLabelText(/Range End/), '2026-05-31');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Report generated')).toBeInTheDocument();
    expect(fixtures.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/reports',
      body: { type: 'clinician_monitoring_report', tenant_id: 1, range_start: '2026-05-01', range_end: '2026-05-31' },
    });
  });
});
