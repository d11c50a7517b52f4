// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { deviceFacts } from '../../../src/console/features/devices/deviceRules';
import { isBulkSelectable } from '../../../src/domain/deviceActions';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { devices, fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
const [, gateway] = devices as unknown as [Record<string, unknown>, Record<string, unknown>];

function open(environment = INTERNAL_ADMIN, extra: Record<string, unknown>[] = []) {
  const records = fixtureRecords();
  records.devices = [...(records.devices ?? []), ...extra];
  const api = fixtureApi(records);
  server.use(...api.handlers);
  renderScreen('devices.list', { path: '/devices', environment });
  return api;
}

const CREATE_LINKS = { 'Create Device': '/devices/create', 'Create Tenovi Device': '/devices/create/tenovi', 'Bulk Create Devices': '/devices/create/bulk' };

describe('the devices list (spec 000 section 2.4)', () => {
  it.each([
    ['an internal admin', INTERNAL_ADMIN],
    ['a provider admin', PROVIDER_ADMIN],
  ])('offers %s the three ways to create devices', async (_, environment) => {
    open(environment);
    const actions = await screen.findByRole('toolbar', { name: 'List actions' });
    for (const [label, href] of Object.entries(CREATE_LINKS)) expect(within(actions).getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('hides device creation from internal clinicians', async () => {
    open(environmentFor('internal_clinician'));
    await screen.findByText('356938035643809');
    for (const label of Object.keys(CREATE_LINKS)) expect(screen.queryByRole('link', { name: label })).toBeNull();
  });

  it('lets a row be selected exactly when the domain says a device may take part in a bulk action', async () => {
    const shared = { ...gateway, id: 20, external_id: '356938035643820', status: 'active', is_shared_device: true };
    const withPatientPending = { ...gateway, id: 21, external_id: '356938035643821', status: 'pending', patient_id: 30 };
    const returned = { ...gateway, id: 22, external_id: '356938035643822', status: 'returned_to_manufacturer' };
    open(INTERNAL_ADMIN, [shared, withPatientPending, returned]);
    await screen.findByText('356938035643809');
    const rows = [...devices, shared, withPatientPending, returned] as unknown as Record<string, unknown>[];
    for (const row of rows) {
      const box = screen.getByRole('checkbox', { name: `Select row ${String(row.id)}` });
      if (isBulkSelectable(deviceFacts(row))) expect(box, String(row.id)).toBeEnabled();
      else expect(box, String(row.id)).toBeDisabled();
    }
  });

  it("words a failed bulk Mark as Received as 'Error marking devices as received. Please try again.'", async () => {
    const user = userEvent.setup();
    open();
    server.use(http.put('*/api/devices', () => HttpResponse.json({ detail: 'Device 2: Device is not pending' }, { status: 422 })));
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 2' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Mark as Received' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error marking devices as received. Please try again.')).toBeInTheDocument();
  });
});

describe('Device Issues (spec 000 section 2.6)', () => {
  it('lists issue reports 20 a page, each leading to its device', async () => {
    const user = userEvent.setup();
    const api = fixtureApi();
    server.use(...api.handlers);
    const { location } = renderScreen('device-issues.list', { path: '/device-issues' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Issues' })).toBeInTheDocument();
    await screen.findByText('Battery: Drains in a day');
    const first = api.requests.find((r) => r.path === '/api/device-activities');
    expect(JSON.parse(first?.query.get('filter') ?? '{}')).toEqual({ 'activity_type[eq]': 'issue_report' });
    expect(first?.query.get('limit')).toBe('20');
    await user.click(screen.getByText('Battery: Drains in a day'));
    expect(location.history.at(-1)).toBe('/devices/1/show');
  });

  it('searches the issues by the IMEI of their device', async () => {
    const user = userEvent.setup();
    const api = fixtureApi();
    server.use(...api.handlers);
    renderScreen('device-issues.list', { path: '/device-issues' });
    await screen.findByText('Battery: Drains in a day');
    await user.type(screen.getByRole('searchbox', { name: 'Search by IMEI' }), 'A1B2');
    await waitFor(() => expect(screen.queryByText('Battery: Drains in a day')).toBeNull());
    expect(await screen.findByText('Connection: Offline (resolved)')).toBeInTheDocument();
    const last = [...api.requests].reverse().find((r) => r.path === '/api/device-activities');
    expect(JSON.parse(last?.query.get('filter') ?? '{}')).toEqual({ 'activity_type[eq]': 'issue_report', q: { field: 'device.external_id', value: 'A1B2' } });
  });

  it("says 'No issues found.' when nothing is reported", async () => {
    const records = fixtureRecords();
    records['device-activities'] = [];
    server.use(...fixtureApi(records).handlers);
    renderScreen('device-issues.list', { path: '/device-issues' });
    expect(await screen.findByText('No issues found.')).toBeInTheDocument();
  });
});
