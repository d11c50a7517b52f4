// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../../helpers/environments';
import { fixtureApi, type RecordedRequest } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

const INTERNAL_USERS = [
  {
    id: 300,
    email: 'ivy@care.example',
    first_name: 'Ivy',
    last_name: 'Inside',
    full_name: 'Ivy Inside',
    role: 'internal_clinician',
    tenant_id: null,
    is_internal: true,
    is_active: true,
    attendance_tracking_enabled: true,
  },
  {
    id: 301,
    email: 'otto@care.example',
    first_name: 'Otto',
    last_name: 'Out',
    full_name: 'Otto Out',
    role: 'internal_admin',
    tenant_id: null,
    is_internal: true,
    is_active: false,
    attendance_tracking_enabled: false,
  },
];

const TICKETS = [
  {
    id: 1,
    tenant_id: 1,
    user_id: 40,
    patient_id: 30,
    category: 'device',
    description: 'My cuff does not pair',
    device_id: 1,
    status: 'open',
    closed: false,
    created_on: '2026-05-20T10:00:00Z',
    reviewed_on: null,
    user: { id: 40, full_name: 'Ada Byron' },
  },
  {
    id: 2,
    tenant_id: 1,
    user_id: 40,
    patient_id: 30,
    category: 'billing',
    description: 'A question about my bill',
    device_id: null,
    status: 'closed',
    closed: true,
    created_on: '2026-05-10T10:00:00Z',
    reviewed_on: null,
    user: { id: 40, full_name: 'Ada Byron' },
  },
];

function api() {
  const records = fixtureRecords();
  records.users = [...(records.users ?? []), ...INTERNAL_USERS];
  records['support-tickets'] = TICKETS;
  records.patients = (records.patients ?? []).map((patient) => ({ ...patient, enrolled_by_id: 100, enrollment_valid: false }));
  const fixture = fixtureApi(records);
  server.use(...fixture.handlers);
  return fixture;
}
const lastFilter = (requests: RecordedRequest[], path: string) =>
  JSON.parse(
    requests
      .filter((r) => r.path === path)
      .at(-1)
      ?.query.get('filter') ?? '{}',
  ) as unknown;

describe('Internal users (spec 002 sections 2 and 5)', () => {
  it('lists internal users by tab, kept in the address, with the attendance-tracked filter', async () => {
    const user = userEvent.setup();
    const fixture = api();
    const { location } = renderScreen('internal-users.list', { path: '/internal-users' });
    expect(await screen.findByText('Ivy Inside')).toBeVisible();
    expect(screen.queryByText('Otto Out')).toBeNull();
    expect(lastFilter(fixture.requests, '/api/users')).toEqual({ 'is_internal[eq]': true, 'is_active[eq]': true });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(location.history?.at(-1)).toBe('/internal-users?status=all');
    expect(await screen.findByText('Otto Out')).toBeVisible();
    expect(screen.getByRole('button', { name: /Attendance Tracked/ })).toBeVisible();
  });

  it('opens /internal-users/{id}/ on row click', async () => {
    const user = userEvent.setup();
    api();
    const { location } = renderScreen('internal-users.list', { path: '/internal-users' });
    await user.click(await screen.findByText('Ivy Inside'));
    expect(location.history?.at(-1)).toBe('/internal-users/300/');
  });

  it('creates an internal user with the internal and e-mail-invite flags and an internal role', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('internal-users.list', { path: '/internal-users' });
    await user.click(await screen.findByRole('button', { name: 'Create Internal User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Internal User' });
    await user.type(within(dialog).getByLabelText(/First Name/), 'Lee');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Park');
    await user.type(within(dialog).getByLabelText(/Email/), 'lee@care.example');
    await user.click(within(dialog).getByRole('button', { name: /Role/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Internal Admin',
      'Internal Billing Admin',
      'Internal Clinician',
      'Product Analyst',
    ]);
    await user.click(screen.getByRole('option', { name: 'Internal Clinician' }));
    await user.click(within(dialog).getByRole('button', { name: /Staff Type/ }));
    await user.click(screen.getByRole('option', { name: 'Registered Nurse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created.')).toBeVisible();
    expect(fixture.requests.find((r) => r.method === 'POST')?.body).toEqual({
      first_name: 'Lee',
      last_name: 'Park',
      email: 'lee@care.example',
      phone_number: null,
      role: 'internal_clinician',
      staff_type: 'registered_nurse',
      is_internal: true,
      send_email_invite: true,
    });
  });

  it('is refused to provider users', async () => {
    api();
    renderScreen('internal-users.list', { path: '/internal-users', environment: PROVIDER_ADMIN });
    expect(await screen.findByText('You do not have access to this page.')).toBeVisible();
  });

  it('edits an internal user under /internal-users/{id}/{tab}', async () => {
    api();
    renderScreen('internal-users.edit', { path: '/internal-users/300/' });
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ivy');
    expect(screen.getByRole('link', { name: 'Internal Users' })).toHaveAttribute('href', '/internal-users');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account',
      'Roles',
      'Patients',
      'Enrollment',
      'Reimbursement',
      'Locations',
      'Security',
    ]);
  });
});

describe('/account/enrolled-patients (spec 002 section 2)', () => {
  it('lists the patients the signed-in user enrolled, with the Valid / Not met badge; a row opens the record', async () => {
    const user = userEvent.setup();
    const fixture = api();
    const { location } = renderScreen('account.enrolled-patients.list', { path: '/account/enrolled-patients' });
    expect(await screen.findByText('Not met')).toBeVisible();
    expect(lastFilter(fixture.requests, '/api/patients')).toEqual({ 'enrolled_by_id[eq]': INTERNAL_ADMIN.identity.id });
    await user.click(screen.getByText('Ada Byron'));
    expect(location.history?.at(-1)).toBe('/patients/30/show');
  });

  it('sends those without patients.list (and provider users) to /, asking nothing', async () => {
    for (const environment of [environmentFor('internal_admin', { permissions: {} }), PROVIDER_ADMIN]) {
      const fixture = api();
      const { location, unmount } = renderScreen('account.enrolled-patients.list', { path: '/account/enrolled-patients', environment });
      await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
      expect(fixture.requests.filter((r) => r.path === '/api/patients')).toEqual([]);
      unmount();
    }
  });
});

describe('Support tickets (spec 002 sections 2, 4 and 8)', () => {
  it('opens on Open tickets, keeps the tab in the address, and links the patient', async () => {
    const user = userEvent.setup();
    const fixture = api();
    const { location } = renderScreen('support-tickets.list', { path: '/support-tickets' });
    expect(await screen.findByText('device')).toBeVisible();
    expect(screen.queryByText('billing')).toBeNull();
    expect(lastFilter(fixture.requests, '/api/support-tickets')).toEqual({ 'status[eq]': 'open' });
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(location.history?.at(-1)).toBe('/support-tickets?status=closed');
    expect(await screen.findByText('billing')).toBeVisible();
  });

  it('shows a ticket and closes it with PUT {status: closed}', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('support-tickets.show', { path: '/support-tickets/1/show' });
    expect(await screen.findByText('My cuff does not pair')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Device #1' })).toHaveAttribute('href', '/devices/1/show');
    await user.click(screen.getByRole('button', { name: 'Mark Closed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark Closed' })).getByRole('button', { name: 'Mark Closed' }));
    expect(await screen.findByText('Support ticket closed')).toBeVisible();
    expect(fixture.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/support-tickets/1', body: { status: 'closed' } });
  });

  it('shows a failure to close as a warning with the server’s message', async () => {
    const user = userEvent.setup();
    api();
    server.use(http.put('*/api/support-tickets/1', () => HttpResponse.json({ message: 'Ticket already closed' }, { status: 422 })));
    renderScreen('support-tickets.show', { path: '/support-tickets/1/show' });
    await user.click(await screen.findByRole('button', { name: 'Mark Closed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark Closed' })).getByRole('button', { name: 'Mark Closed' }));
    expect((await screen.findByText('Ticket already closed')).closest('[data-kind]')).toHaveAttribute('data-kind', 'warning');
  });

  it('offers no Mark Closed on a closed ticket, nor a device link without a device', async () => {
    api();
    renderScreen('support-tickets.show', { path: '/support-tickets/2/show' });
    expect(await screen.findByText('A question about my bill')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark Closed' })).toBeNull();
    expect(screen.queryByText('Related Device')).toBeNull();
  });
});
