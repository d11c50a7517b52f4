// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/dom';
import { environmentFor } from '../helpers/environments';
import { monitoringProgress } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/** The API of the screen: every list request is kept; the answer is `rows`, whatever the filter. */
function api(rows: Record<string, unknown>[] = monitoringProgress) {
  const lists: URLSearchParams[] = [];
  const settings: unknown[] = [];
  server.use(
    http.get('/api/screens', () => HttpResponse.json([])),
    http.get('/api/monitoring-progress', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `monitoring-progress ${rows.length ? `0-${rows.length - 1}` : '*'}/${rows.length}` } });
    }),
    http.put('/api/users/settings', async ({ request }) => {
      settings.push(await request.json());
      return HttpResponse.json({ settings: {}, preferred_mfa_method: null });
    }),
  );
  const json = (name: string) => JSON.parse(lists.at(-1)?.get(name) ?? '{}') as Record<string, unknown>;
  return { lists, settings, json };
}

const clinician = environmentFor('clinician');
const june = { 'start_date[gte]': '2026-06-01', 'start_date[lt]': '2026-07-01' };

// Wednesday June 17th 2026 in New York (the fixtures' zone). Only Date is faked: user events need real timers.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-17T16:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('Monitoring Progress', () => {
  it('asks for this month of every patient, by overall progress, with the services; the simple view shows the bars', async () => {
    const { json } = api();
    renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    expect(await screen.findByText('Ada Byron')).toBeInTheDocument();
    expect(json('filter')).toEqual(june);
    expect(json('meta')).toEqual({ expand: ['services'] });
    expect(screen.getByRole('switch')).not.toBeChecked();
    expect(screen.getByText('Showing all Patients')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Month/ })).toHaveTextContent('June');
    expect(screen.getByRole('button', { name: /^Year/ })).toHaveTextContent('2026');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, ''));
    expect(headers).toEqual(['Patient', 'Enrolled On', 'RPM', 'CCM', 'PCM', 'Overall', 'Last Updated']);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('45%')).toBeInTheDocument();
  });

  it("'Showing Patients in my Care' asks under_care and is saved as the user's preference", async () => {
    const user = userEvent.setup();
    const { json, settings } = api();
    renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    await screen.findByText('Ada Byron');
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Showing Patients in my Care')).toBeInTheDocument();
    await waitFor(() => expect(json('meta')).toEqual({ expand: ['services'], under_care: true }));
    expect(settings).toEqual([{ monitoring_under_care: true }]);
  });

  it("a program's view keeps its patients in that program and lists their codes", async () => {
    const user = userEvent.setup();
    const { json } = api();
    const { location } = renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    await screen.findByText('Ada Byron');
    await user.click(screen.getByRole('button', { name: /View/ }));
    await user.click(screen.getByRole('option', { name: 'RPM' }));
    await waitFor(() => expect(json('filter')).toEqual({ ...june, 'progress_rpm[ne]': null }));
    expect(location.history.at(-1)).toBe('/monitoring?view=rpm');
    expect(await screen.findByRole('columnheader', { name: 'RPM Services' })).toBeInTheDocument();
    expect(screen.getByText('8 min left')).toBeInTheDocument();
    expect(screen.getByText('excluded')).toBeInTheDocument();
  });

  it('another month, and the forecast of that month', async () => {
    const user = userEvent.setup();
    const { json } = api();
    renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    await screen.findByText('Ada Byron');
    await user.click(screen.getByRole('button', { name: /^Month/ }));
    await user.click(screen.getByRole('option', { name: 'May' }));
    await waitFor(() => expect(json('filter')).toEqual({ 'start_date[gte]': '2026-05-01', 'start_date[lt]': '2026-06-01' }));
    await user.click(screen.getByRole('button', { name: /Forecast/ }));
    await user.click(screen.getByRole('option', { name: 'At risk' }));
    await waitFor(() =>
      expect(json('filter')).toEqual({
        'start_date[gte]': '2026-05-01',
        'start_date[lt]': '2026-06-01',
        'reachable_until[gte]': '2026-06-17',
        'progress_all[lt]': 1,
      }),
    );
  });

  it('cleared, it asks nothing until a month is chosen', async () => {
    const user = userEvent.setup();
    const { lists } = api();
    renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    await screen.findByText('Ada Byron');
    const asked = lists.length;
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No month selected')).toBeInTheDocument();
    expect(lists).toHaveLength(asked);
  });

  it("searches by the patient's name from 2 characters, and a row opens the patient's Care Services", async () => {
    const user = userEvent.setup();
    const { json } = api();
    const { location } = renderScreen('monitoring.list', { path: '/monitoring', environment: clinician });
    await screen.findByText('Ada Byron');
    await user.type(screen.getByRole('searchbox'), 'Ad');
    await waitFor(() => expect(json('filter').q).toEqual({ field: 'patient.user_full_name', value: 'Ad' }));
    await user.click(screen.getByText('Ada Byron'));
    expect(location.history.at(-1)).toBe('/patients/30/show/clinical/care-services');
  });

  it('opens the profile instead for a user without patients.queue (spec 001 section 2)', async () => {
    const user = userEvent.setup();
    api();
    const { 'patients.queue': _queue, ...permissions } = clinician.permissions;
    const noQueue = { ...clinician, permissions };
    const { location } = renderScreen('monitoring.list', { path: '/monitoring', environment: noQueue });
    await user.click(await screen.findByText('Ada Byron'));
    expect(location.history.at(-1)).toBe('/patients/30/show');
  });
});
