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

/** An internal clinician beside the fixture's provider users. */
const INTERNAL_USER = {
  id: 300,
  email: 'ivy@care.example',
  first_name: 'Ivy',
  last_name: 'Inside',
  full_name: 'Ivy Inside',
  role: 'internal_clinician',
  tenant_id: null,
  is_internal: true,
  is_active: true,
  is_email_verified: true,
  staff_type: 'registered_nurse',
  attendance_tracking_enabled: false,
  patient_access_level: 'all',
};

/** The fixture API with the internal user, auth logs, rates, and the user calls the edit page makes. */
function api() {
  const records = fixtureRecords();
  records.users = [...(records.users ?? []), INTERNAL_USER];
  records['auth-logs'] = [
    { id: 1, user_id: 300, event_type: 'login_success', ip_address: '10.0.0.1', timestamp: '2026-05-30T10:00:00Z' },
    { id: 2, user_id: 300, event_type: 'refresh_token_expired', ip_address: '10.0.0.1', timestamp: '2026-05-31T10:00:00Z' },
  ];
  records['reimbursement-rates'] = [{ id: 70, user_id: 300, as_of_date: '2026-01-01', hourly_reimbursement: 30, enrollment_reimbursement: null }];
  records.roles = [];
  const fixture = fixtureApi(records);
  const posted = (request: Request) => fixture.record(request);
  server.use(
    http.post('*/api/users/:id/reset-password', async ({ request }) => {
      await posted(request);
      return HttpResponse.json({ message: 'Successfully reset user password. They will receive an email with instructions.' });
    }),
    http.post('*/api/users/:id/reset-2fa', async ({ request }) => {
      await posted(request);
      return HttpResponse.json({ message: 'Successfully reset user 2FA.' });
    }),
    http.post('*/api/users/:id/send-email-verification', async ({ request }) => {
      await posted(request);
      return HttpResponse.json({ message: 'Email is already verified' }, { status: 422 });
    }),
    http.get('*/api/users/:id/care-teams', async ({ request }) => {
      await posted(request);
      return HttpResponse.json([{ id: 1, patient_id: 30, practitioner_id: 300, role: 'clinician', tenant_id: 1 }], {
        headers: { 'Content-Range': 'care-teams 0-0/1' },
      });
    }),
    http.get('*/api/roles', () => HttpResponse.json([{ role: 'internal_admin' }, { role: 'internal_clinician' }])),
    http.get('*/api/users/:id/locations', () => HttpResponse.json([])),
    ...fixture.handlers,
  );
  return fixture;
}
const sent = (requests: RecordedRequest[], method: string) => requests.filter((r) => r.method === method);
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the user edit page’s tabs (spec 002 section 2)', () => {
  it('shows a provider admin Account, Patients and Security only', async () => {
    api();
    renderScreen('users.edit', { path: '/users/200/edit', environment: PROVIDER_ADMIN });
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Nora');
    expect(tabNames()).toEqual(['Account', 'Patients', 'Security']);
  });

  it('shows an internal admin a provider user’s tabs without Roles (an internal user’s), and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const fixture = api();
    const { location } = renderScreen('users.edit', { path: '/users/200/edit' });
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Nora');
    expect(tabNames()).toEqual(['Account', 'Patients', 'Enrollment', 'Reimbursement', 'Locations', 'Security']);
    await user.click(screen.getByRole('tab', { name: 'Patients' }));
    expect(location.history?.at(-1)).toBe('/users/200/patients');
    const careTeams = await waitFor(() => {
      const call = fixture.requests.find((r) => r.path === '/api/users/200/care-teams');
      expect(call).toBeDefined();
      return call;
    });
    expect(careTeams?.query.get('limit')).toBe('10');
    expect(await screen.findByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');
  });

  it('shows an internal user every tab, and opens the one its address names', async () => {
    api();
    renderScreen('users.edit', { path: '/users/300/roles' });
    expect(await screen.findByRole('tab', { name: 'Roles', selected: true })).toBeVisible();
    expect(tabNames()).toEqual(['Account', 'Roles', 'Patients', 'Enrollment', 'Reimbursement', 'Locations', 'Security']);
    expect(await screen.findByRole('radio', { name: /Internal Clinician/ })).toBeChecked();
  });

  it('reads the user’s auth log 5 a page, newest first, without refresh-token expiries', async () => {
    const fixture = api();
    renderScreen('users.edit', { path: '/users/300/security' });
    expect(await screen.findByText('Login Success')).toBeVisible();
    const call = fixture.requests.find((r) => r.path === '/api/auth-logs');
    expect(JSON.parse(call?.query.get('filter') ?? '{}')).toEqual({ 'user_id[eq]': 300, 'event_type[ne]': 'refresh_token_expired' });
    expect(call?.query.get('limit')).toBe('5');
    expect([call?.query.get('sort'), call?.query.get('order')]).toEqual(['timestamp', 'desc']);
  });

  it('lists the patients an internal user enrolled', async () => {
    const fixture = api();
    renderScreen('users.edit', { path: '/users/300/enrollment' });
    await waitFor(() => expect(fixture.requests.some((r) => r.path === '/api/patients')).toBe(true));
    const call = fixture.requests.find((r) => r.path === '/api/patients');
    expect(JSON.parse(call?.query.get('filter') ?? '{}')).toEqual({ 'enrolled_by_id[eq]': 300 });
  });
});

describe('the Account tab (spec 002 sections 4, 5 and 8)', () => {
  it('leaves an unchanged role out of the update, and hides the role of an internal user', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('users.edit', { path: '/users/200/account', environment: PROVIDER_ADMIN });
    const last = await screen.findByLabelText(/Last Name/);
    await user.clear(last);
    await user.type(last, 'Adams');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeVisible();
    const body = sent(fixture.requests, 'PUT')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ last_name: 'Adams' });
    expect(body).not.toHaveProperty('role');
  });

  it('offers an internal user no role on the Account tab (the Roles tab sets it), and the attendance switch', async () => {
    api();
    renderScreen('users.edit', { path: '/users/300/account' });
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ivy');
    expect(screen.queryByRole('button', { name: /Role/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Attendance Tracking' })).toBeVisible();
  });

  it('resets the password and two-factor with the spec’s texts', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('users.edit', { path: '/users/300/account', environment: INTERNAL_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset Password' })).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Successfully reset user password. They will receive an email with instructions.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reset 2FA' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset 2FA' })).getByRole('button', { name: 'Reset 2FA' }));
    expect(await screen.findByText('Successfully reset user 2FA.')).toBeVisible();
    expect(sent(fixture.requests, 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/users/300/reset-password', {}],
      ['/api/users/300/reset-2fa', {}],
    ]);
  });

  it('offers Reset 2FA only to internal users of the three admin roles', async () => {
    // The same permissions for each, so that only the role and being internal differ.
    const as = (role: Parameters<typeof environmentFor>[0]) => environmentFor(role, { permissions: INTERNAL_ADMIN.permissions });
    for (const [environment, offered] of [
      [INTERNAL_ADMIN, true],
      [as('superadmin'), true],
      [as('internal_billing_admin'), true],
      [as('internal_clinician'), false],
      [as('admin'), false],
    ] as const) {
      api();
      const view = renderScreen('users.edit', { path: '/users/200/account', environment });
      await screen.findByRole('button', { name: 'Reset Password' });
      expect(screen.queryByRole('button', { name: 'Reset 2FA' }) !== null).toBe(offered);
      view.unmount();
    }
  });

  it("sends the verification e-mail of an unverified address, and says 'Error: {message}' when refused", async () => {
    const user = userEvent.setup();
    api();
    renderScreen('users.edit', { path: '/users/200/account' });
    await user.click(await screen.findByRole('button', { name: 'Send Verification Email' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send Verification Email' })).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error: Email is already verified')).toBeVisible();
  });

  it("keeps Disable User from one's own account, saying why", async () => {
    const user = userEvent.setup();
    const fixture = api();
    const me = { ...INTERNAL_ADMIN, identity: { ...INTERNAL_ADMIN.identity, id: 300 } };
    renderScreen('users.edit', { path: '/users/300/account', environment: me });
    const disable = await screen.findByRole('button', { name: 'Disable User' });
    expect(disable).toHaveAttribute('aria-disabled', 'true');
    expect(disable).toHaveAccessibleDescription("You can't disable your own account.");
    await user.click(disable);
    expect(screen.queryByRole('dialog', { name: 'Disable User' })).toBeNull();
    expect(sent(fixture.requests, 'PATCH')).toEqual([]);
  });

  it('hides Send Verification Email for a verified address', async () => {
    api();
    renderScreen('users.edit', { path: '/users/300/account' });
    await screen.findByRole('button', { name: 'Reset Password' });
    expect(screen.queryByRole('button', { name: 'Send Verification Email' })).toBeNull();
  });
});

describe('the Reimbursement tab (spec 002 section 5)', () => {
  it('adds a rate for the user: as-of date and hourly rate required, 2 decimals at most', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('users.edit', { path: '/users/300/reimbursement' });
    expect(await screen.findByText('$30.00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reimbursement Rate' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2));
    await user.type(within(dialog).getByLabelText(/As of Date/), '2026-06-01');
    await user.type(within(dialog).getByLabelText(/Hourly Rate/), '31.255');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 2 decimals')).toBeVisible();
    await user.clear(within(dialog).getByLabelText(/Hourly Rate/));
    await user.type(within(dialog).getByLabelText(/Hourly Rate/), '31.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reimbursement rate added')).toBeVisible();
    expect(sent(fixture.requests, 'POST')[0]).toMatchObject({
      path: '/api/reimbursement-rates',
      body: { user_id: 300, as_of_date: '2026-06-01', hourly_reimbursement: 31.25 },
    });
  });

  it('edits a rate in its row by PUT reimbursement-rates/{id}', async () => {
    const user = userEvent.setup();
    const fixture = api();
    renderScreen('users.edit', { path: '/users/300/reimbursement' });
    await screen.findByText('$30.00');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reimbursement Rate' });
    const shift = within(dialog).getByLabelText(/Shift Rate/);
    await user.type(shift, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reimbursement rate saved')).toBeVisible();
    expect(sent(fixture.requests, 'PUT')[0]).toMatchObject({
      path: '/api/reimbursement-rates/70',
      body: { hourly_reimbursement: 30, shift_reimbursement: 12.5 },
    });
  });
});
