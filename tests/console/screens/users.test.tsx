// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, environmentFor } from '../helpers/environments';
import { fixtureApi, type RecordedRequest } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;

/** The fixture API, plus PATCH (the Disable/Enable toggle), which answers the record with the change. */
function api() {
  const fixture = fixtureApi();
  server.use(
    ...fixture.handlers,
    http.patch('*/api/users/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      fixture.requests.push({ method: 'PATCH', path: new URL(request.url).pathname, query: new URLSearchParams(), headers: request.headers, body });
      const row = fixture.records.users?.find((r) => String(r.id) === params.id);
      if (row) Object.assign(row, body);
      return HttpResponse.json(row as JsonBodyType);
    }),
  );
  return fixture;
}
const sent = (requests: RecordedRequest[], method: string) => requests.filter((r) => r.method === method);

describe('Users list (spec 002 section 2)', () => {
  it('keeps the Active / Inactive / All tab in the status query parameter', async () => {
    const user = userEvent.setup();
    const fixture = api();
    const { location } = renderScreen('users.list', { path: '/users', environment: PROVIDER_ADMIN });
    expect(await screen.findByText('Nora Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(location.history?.at(-1)).toBe('/users?status=inactive');
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    const filter = JSON.parse(
      fixture.requests
        .filter((r) => r.path === '/api/users')
        .at(-1)
        ?.query.get('filter') ?? '{}',
    ) as unknown;
    expect(filter).toEqual({ 'is_internal[eq]': false, 'is_active[eq]': false });
  });

  it('opens on the tab the address names', async () => {
    api();
    renderScreen('users.list', { path: '/users?status=inactive', environment: PROVIDER_ADMIN });
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inactive' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Nora Admin')).toBeNull();
  });

  it('opens the edit page on row click for those who may edit users', async () => {
    const user = userEvent.setup();
    api();
    const { location } = renderScreen('users.list', { path: '/users', environment: PROVIDER_ADMIN });
    await user.click(await screen.findByText('Nora Admin'));
    expect(location.history?.at(-1)).toBe('/users/200/edit');
  });

  it('leaves rows alone for those who may only read users (a clinician)', async () => {
    const user = userEvent.setup();
    api();
    const { location } = renderScreen('users.list', { path: '/users', environment: environmentFor('clinician') });
    await user.click(await screen.findByText('Nora Admin'));
    expect(location.history).toEqual(['/users']);
    expect(screen.getByText('Nora Admin').closest('tr')).not.toHaveAttribute('tabindex');
  });
});

describe('Create User dialog (spec 002 section 5)', () => {
  async function openDialog(user: User, environment = PROVIDER_ADMIN) {
    const fixture = api();
    renderScreen('users.list', { path: '/users', environment });
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    return { fixture, dialog: await screen.findByRole('dialog', { name: 'Create User' }) };
  }

  it('requires first and last name, email, staff type and role, and sends nothing until given', async () => {
    const user = userEvent.setup();
    const { fixture, dialog } = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Phone Number/), '+1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(5));
    expect(within(dialog).queryByLabelText(/Provider/)).toBeNull();
    expect(sent(fixture.requests, 'POST')).toEqual([]);
  });

  it('creates a provider user; a phone of just +1 goes as null', async () => {
    const user = userEvent.setup();
    const { fixture, dialog } = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/First Name/), 'Lee');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Park');
    await user.type(within(dialog).getByLabelText(/Email/), 'lee.park@northwind.example');
    await user.type(within(dialog).getByLabelText(/Phone Number/), '+1');
    await user.click(within(dialog).getByRole('button', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Clinician' }));
    await user.click(within(dialog).getByRole('button', { name: /Staff Type/ }));
    await user.click(screen.getByRole('option', { name: 'Registered Nurse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created.')).toBeInTheDocument();
    expect(sent(fixture.requests, 'POST')[0]?.body).toEqual({
      first_name: 'Lee',
      last_name: 'Park',
      email: 'lee.park@northwind.example',
      phone_number: null,
      role: 'clinician',
      staff_type: 'registered_nurse',
    });
  });

  it('asks a clinician for a 10-digit NPI and at least one care program', async () => {
    const user = userEvent.setup();
    const { fixture, dialog } = await openDialog(user);
    expect(within(dialog).queryByLabelText(/NPI Number/)).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: /Clinician \(is a provider\)/ }));
    await user.type(within(dialog).getByLabelText(/NPI Number/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('NPI number must be 10 digits')).toBeInTheDocument();
    const programs = within(dialog).getByText('Care Programs').closest('div') as HTMLElement;
    expect(within(programs).getByRole('checkbox', { name: 'RPM' })).toBeInTheDocument();
    expect(within(programs).getByText('Required')).toBeInTheDocument();
    expect(within(dialog).queryByText(/must match/)).toBeNull();
    expect(sent(fixture.requests, 'POST')).toEqual([]);
  });

  it('asks an internal user for the provider', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user, INTERNAL_ADMIN);
    await user.type(within(dialog).getByLabelText(/First Name/), 'Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Four of the five fields every creator fills, and the provider.
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(5));
    expect(dialog.querySelector('#root_tenant_id__error')).toHaveTextContent('Required');
  });
});

describe('Edit user, Account (spec 002 sections 2, 4 and 5)', () => {
  function open(path = '/users/200/edit', environment = PROVIDER_ADMIN) {
    const fixture = api();
    const view = renderScreen('users.edit', { path, environment });
    return { ...view, fixture };
  }

  it('opens from the list address (/users/{id}/edit) and from /users/{id}, titled by the name', async () => {
    open();
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Nora');
    expect(screen.getByRole('heading', { name: 'Nora Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('saves the account by PUT with the role, and a cleared phone as null', async () => {
    const user = userEvent.setup();
    const { fixture } = open('/users/200');
    const last = await screen.findByLabelText(/Last Name/);
    await user.clear(last);
    await user.type(last, 'Adams');
    await user.click(screen.getByRole('button', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const put = sent(fixture.requests, 'PUT')[0];
    expect(put?.path).toBe('/api/users/200');
    expect(put?.body).toMatchObject({
      first_name: 'Nora',
      last_name: 'Adams',
      email: 'admin@northwind.example',
      role: 'staff',
      staff_type: 'supervisor',
      phone_number: null,
    });
  });

  it("checks first name, last name, email and staff type with 'Required' and sends nothing", async () => {
    const user = userEvent.setup();
    const { fixture } = open();
    await user.clear(await screen.findByLabelText(/First Name/));
    await user.clear(screen.getByLabelText(/Email/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(sent(fixture.requests, 'PUT')).toEqual([]);
  });

  it("disables an active user ('User disabled') and enables an inactive one ('User enabled')", async () => {
    const user = userEvent.setup();
    // An internal admin: the provider admin of the fixture is user 200, and nobody disables their own account.
    const { fixture } = open('/users/200/edit', INTERNAL_ADMIN);
    await screen.findByLabelText(/First Name/);
    expect(screen.queryByRole('button', { name: 'Enable User' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Disable User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable User' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User disabled')).toBeInTheDocument();
    expect(sent(fixture.requests, 'PATCH')[0]).toMatchObject({ path: '/api/users/200', body: { is_active: false } });
    // The record is read again: the toggle turns.
    await user.click(await screen.findByRole('button', { name: 'Enable User' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enable User' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User enabled')).toBeInTheDocument();
    expect(sent(fixture.requests, 'PATCH')[1]).toMatchObject({ path: '/api/users/200', body: { is_active: true } });
  });

  it('is refused to those who may not update users', async () => {
    open('/users/200/edit', environmentFor('clinician'));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
