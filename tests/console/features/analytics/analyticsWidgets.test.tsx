// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { analyticsFeature } from '../../../../src/console/features/analytics';
import '../../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, PROVIDER_STAFF } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';
import { renderScreen } from '../../helpers/renderScreen';
import { useCanvasStub } from '../clinical/charts/canvasStub';

const server = useMswServer();
useCanvasStub();
const { widgets } = analyticsFeature;

const PROVIDER = {
  active_patients: 120,
  today_enrolled_count: 2,
  today_consented_count: 3,
  today_pending_enrollment_count: 4,
  monitoring_notes_count: 55,
  monitoring_minutes_sum: 610,
  claims_count: 17,
};
const series = (labels: string[], data: number[], label = 'Series') => ({
  id: 'x',
  freq: 'day',
  months: 6,
  time_zone: 'UTC',
  labels,
  datasets: [{ label, data }],
});

/** Answers GET metrics by chart id and records every query asked. */
function metricsServer(answers: Record<string, unknown>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/metrics', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const answer = answers[query.get('id') ?? ''];
      return answer === undefined ? HttpResponse.json({ detail: 'Not found' }, { status: 404 }) : HttpResponse.json(answer);
    }),
  );
  return asked;
}

describe('Home: Your metrics', () => {
  it('shows the seven figures of GET metrics/user with their labels', async () => {
    server.use(
      http.get('*/api/metrics/user', () =>
        HttpResponse.json({
          patients_under_care: 12,
          patients_enrolled_this_month: 3,
          patients_enrolled: 40,
          monitoring_notes_count: 9,
          monitoring_minutes_sum: 95,
          open_tasks: 5,
          completed_tasks: 21,
        }),
      ),
    );
    renderPart(<widgets.user_metrics.Component options={{}} />);
    const list = await screen.findByLabelText('Your metrics');
    expect(within(list).getByText('Patients under care').nextSibling).toHaveTextContent('12');
    expect(within(list).getByText('Monitoring minutes this month').nextSibling).toHaveTextContent('95');
    expect(within(list).getByText('Completed tasks').nextSibling).toHaveTextContent('21');
  });
});

describe('Home: Your organization metrics', () => {
  it("reads a provider user's own tenant, with no picker", async () => {
    const asked = metricsServer({ provider: PROVIDER });
    renderPart(<widgets.organization_metrics.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const figures = await screen.findByLabelText('Organization metrics');
    expect(within(figures).getByText('Claims this month').nextSibling).toHaveTextContent('17');
    expect(asked[0]?.get('tenant_id')).toBe('1');
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
  });

  it('asks an internal user of no tenant to choose a provider, and asks nothing before', async () => {
    const asked = metricsServer({ provider: PROVIDER });
    renderPart(<widgets.organization_metrics.Component options={{}} />, { environment: INTERNAL_ADMIN });
    expect(await screen.findByText('Choose a provider to see its figures.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('reads the provider an internal user chose (the address holds it, for every widget of the page)', async () => {
    const asked = metricsServer({ provider: PROVIDER });
    server.use(http.get('*/api/providers/5', () => HttpResponse.json({ id: 5, name: 'Lakeside Clinic' })));
    renderPart(<widgets.organization_metrics.Component options={{}} />, { environment: INTERNAL_ADMIN, path: '/?tenant_id=5' });
    expect(await screen.findByLabelText('Organization metrics')).toBeInTheDocument();
    expect(asked[0]?.get('tenant_id')).toBe('5');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('Lakeside Clinic'));
  });
});

describe('Home: Patient Enrollment Dashboard', () => {
  it('asks week and 6 months by default, then the frequency and range chosen, and labels the axis by the spec', async () => {
    const asked = metricsServer({
      'enrollment-plot': {
        patient_onboarding_count: [
          { enrolled_date: '2026-02-02', count: 3 },
          { enrolled_date: '2026-02-09', count: 0 },
        ],
      },
    });
    renderPart(<widgets.enrollment_chart.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const table = await screen.findByRole('table', { name: 'Patients enrolled' });
    expect(asked[0]?.get('freq')).toBe('week');
    expect(asked[0]?.get('months')).toBe('6');
    expect(within(table).getByRole('rowheader', { name: 'Feb 2' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'month' } });
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '12' } });
    await waitFor(() => expect(asked.at(-1)?.get('months')).toBe('12'));
    expect(asked.at(-1)?.get('freq')).toBe('month');
    // The same answer, now written as months.
    expect(await within(screen.getByRole('table', { name: 'Patients enrolled' })).findAllByRole('rowheader', { name: 'Feb 2026' })).toHaveLength(2);
    expect(screen.getByRole('option', { name: '3 months' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Day' })).toBeInTheDocument();
  });
});

describe('Provider analytics: Enrollment Metrics', () => {
  it('shows Total unenrolled as the last cumulative count, with the enrolled and declined charts', async () => {
    const asked = metricsServer({
      'unenrollment-plot': {
        patient_unenrollment_count: [
          { unenrolled_date: '2026-02-02', count: 2 },
          { unenrolled_date: '2026-02-09', count: 7 },
        ],
      },
      'enrollment-plot': { patient_onboarding_count: [{ enrolled_date: '2026-02-02', count: 3 }] },
      'declined-plot': series(['2026-02-02'], [1], 'Declined patients'),
    });
    renderPart(<widgets.enrollment_metrics.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const total = await screen.findByText('Total unenrolled');
    await waitFor(() => expect(total.nextSibling).toHaveTextContent('7'));
    expect(await screen.findByRole('table', { name: 'Declined patients' })).toBeInTheDocument();
    const unenrollment = asked.find((q) => q.get('id') === 'unenrollment-plot');
    expect(unenrollment?.get('mode')).toBe('unenrollment');
    expect(unenrollment?.get('cumulative')).toBe('true');
    expect(unenrollment?.get('freq')).toBe('week');
    expect(unenrollment?.get('months')).toBe('6');
  });

  it('says N/A and No data available when nobody was unenrolled', async () => {
    metricsServer({
      'unenrollment-plot': { patient_unenrollment_count: [] },
      'enrollment-plot': { patient_onboarding_count: [] },
      'declined-plot': series(['2026-02-02'], [0]),
    });
    renderPart(<widgets.enrollment_metrics.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const total = await screen.findByText('Total unenrolled');
    await waitFor(() => expect(total.nextSibling).toHaveTextContent('N/A'));
    await waitFor(() => expect(screen.getAllByText('No data available')).toHaveLength(3));
  });
});

describe('Provider analytics: Clinical Metrics and the pie', () => {
  it('asks its three charts for day and 6 months by default, apart from the enrollment section', async () => {
    const asked = metricsServer({
      'compliance-plot': series(['2026-02-02', '2026-02-03'], [50, 62.5], 'Compliant patients (%)'),
      'baseline-deviation-plot': series(['2026-02-02', '2026-02-03'], [1, 0], 'Readings outside baseline'),
      'device-measurement-plot': series(['2026-02-02', '2026-02-03'], [10, 12], 'Device measurements'),
    });
    renderPart(<widgets.clinical_metrics.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const compliance = await screen.findByRole('table', { name: 'Compliance' });
    expect(within(compliance).getByRole('cell', { name: '62.5' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Baseline deviation' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Device measurements' })).toBeInTheDocument();
    expect(asked.map((q) => [q.get('id'), q.get('freq'), q.get('months')])).toEqual([
      ['compliance-plot', 'day', '6'],
      ['baseline-deviation-plot', 'day', '6'],
      ['device-measurement-plot', 'day', '6'],
    ]);
  });

  it('draws the primary conditions and lists every slice as text', async () => {
    metricsServer({ 'primary-condition-plot': { ...series(['Hypertension', 'Diabetes', 'COPD'], [80, 17, 3], 'Active patients') } });
    renderPart(<widgets.primary_condition_chart.Component options={{}} />, { environment: PROVIDER_ADMIN });
    const table = await screen.findByRole('table', { name: 'Active patients by primary condition' });
    expect(within(table).getByRole('rowheader', { name: 'COPD' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '3' })).toBeInTheDocument();
  });
});

describe('the /provider-analytics screen', () => {
  it('needs metrics.provider: a provider admin sees its sections, staff does not', async () => {
    metricsServer({
      provider: PROVIDER,
      'unenrollment-plot': { patient_unenrollment_count: [] },
      'enrollment-plot': { patient_onboarding_count: [] },
      'declined-plot': series([], []),
      'compliance-plot': series([], []),
      'baseline-deviation-plot': series([], []),
      'device-measurement-plot': series([], []),
      'primary-condition-plot': series([], []),
    });
    renderScreen('provider-analytics.dashboard', { path: '/provider-analytics', environment: PROVIDER_ADMIN });
    for (const title of ['Summary', 'Enrollment Metrics', 'Clinical Metrics']) expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText('Your organization')).toBeInTheDocument();
  });

  it('refuses staff', async () => {
    renderScreen('provider-analytics.dashboard', { path: '/provider-analytics', environment: PROVIDER_STAFF });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enrollment Metrics' })).not.toBeInTheDocument());
    expect(screen.queryByText('Total unenrolled')).not.toBeInTheDocument();
  });
});
