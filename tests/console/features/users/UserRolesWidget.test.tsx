// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { usersFeature } from '../../../../src/console/features/users';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Roles = usersFeature.widgets.user_roles.Component;

const ROLES = [
  { role: 'superadmin', description: 'Everything' },
  { role: 'internal_admin', description: 'Administers the product' },
  { role: 'internal_billing_admin', description: 'Billing' },
  { role: 'internal_clinician', description: 'Cares for patients' },
];

interface Sent {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** The calls of the Roles tab as the server answers them; what was sent is in `sent`. */
function api(tenantRoles: { id: number; tenant_id: number; tenant_name: string; start_date: string | null }[] = []) {
  const sent: Sent[] = [];
  const note = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ method: request.method, path: url.pathname, query: url.search, body: text ? (JSON.parse(text) as unknown) : undefined });
  };
  server.use(
    http.get('/api/roles', async ({ request }) => {
      await note(request);
      return HttpResponse.json(ROLES);
    }),
    http.patch('/api/users/:id', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ id: 7 });
    }),
    http.get('/api/users/7/tenant-user-roles', async ({ request }) => {
      await note(request);
      return HttpResponse.json(tenantRoles, { headers: { 'Content-Range': `tenant-user-roles 0-${tenantRoles.length - 1}/${tenantRoles.length}` } });
    }),
    http.post('/api/users/7/tenant-user-roles', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ id: 90, tenant_id: 1, tenant_name: 'Northwind Clinic', start_date: null }, { status: 201 });
    }),
    http.delete('/api/users/7/tenant-user-roles', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ message: 'Provider access removed' });
    }),
    http.get('/api/providers', () => HttpResponse.json([{ id: 1, name: 'Northwind Clinic' }], { headers: { 'Content-Range': 'providers 0-0/1' } })),
  );
  return sent;
}

const render = (record: Record<string, unknown>) => renderPart(<Roles options={{}} />, { record: { id: 7, ...record }, params: { id: '7' } });

describe('the Roles tab of an internal user', () => {
  it('lists the internal roles without superadmin, with the user’s checked, and applies a choice at once', async () => {
    const user = userEvent.setup();
    const sent = api();
    render({ role: 'internal_admin', is_internal: true });
    const roles = await screen.findByRole('group', { name: 'Role' });
    const radios = await within(roles).findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['internal_admin', 'internal_billing_admin', 'internal_clinician']);
    expect(within(roles).getByRole('radio', { name: /Internal Admin/ })).toBeChecked();
    expect(sent[0]?.query).toBe(`?meta=${encodeURIComponent('{"is_internal":true}')}`);
    await user.click(within(roles).getByRole('radio', { name: /Internal Clinician/ }));
    expect(await screen.findByText('Role updated to internal_clinician')).toBeVisible();
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([{ method: 'PATCH', path: '/api/users/7', query: '', body: { role: 'internal_clinician' } }]);
  });

  it('offers no patient access level to the three admin roles', async () => {
    api();
    render({ role: 'internal_billing_admin', is_internal: true });
    await screen.findByRole('group', { name: 'Role' });
    expect(screen.queryByRole('group', { name: 'Patient Access Level' })).toBeNull();
  });

  it('sets the patient access level of a clinician, and lists no providers while it is all', async () => {
    const user = userEvent.setup();
    const sent = api();
    render({ role: 'internal_clinician', is_internal: true, patient_access_level: 'all' });
    const level = await screen.findByRole('group', { name: 'Patient Access Level' });
    expect(within(level).getByRole('radio', { name: 'All providers' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Provider Access' })).toBeNull();
    await user.click(within(level).getByRole('radio', { name: 'Only the providers listed below' }));
    await screen.findByText('Changes saved');
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([{ patient_access_level: 'tenant_scoped' }]);
  });

  it('lists a tenant_scoped user’s providers 20 a page, adds one with a start date and removes one', async () => {
    const user = userEvent.setup();
    const sent = api([{ id: 5, tenant_id: 2, tenant_name: 'Southside Health', start_date: '2026-01-01' }]);
    render({ role: 'internal_clinician', is_internal: true, patient_access_level: 'tenant_scoped' });
    expect(await screen.findByRole('cell', { name: 'Southside Health' })).toBeVisible();
    const listCall = sent.find((s) => s.method === 'GET' && s.path.endsWith('/tenant-user-roles'));
    expect(new URLSearchParams(listCall?.query).get('limit')).toBe('20');

    await user.type(screen.getByRole('combobox', { name: 'Provider' }), 'North');
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }, { timeout: 3000 }));
    await user.type(screen.getByLabelText('Start Date'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(await screen.findByText('Role added for user')).toBeVisible();
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ tenant_id: 1, start_date: '2026-06-01' });

    await user.click(screen.getByRole('button', { name: 'Remove Southside Health' }));
    await screen.findByText('Provider access removed');
    const removal = sent.find((s) => s.method === 'DELETE');
    expect(removal?.query).toBe('?tenant_id=2');
  });

  it('says the server’s refusal of a role', async () => {
    const user = userEvent.setup();
    api();
    server.use(http.patch('/api/users/7', () => HttpResponse.json({ message: "You can't set a user as a superadmin." }, { status: 422 })));
    render({ role: 'internal_admin', is_internal: true });
    await user.click(await screen.findByRole('radio', { name: /Internal Clinician/ }));
    await waitFor(() => expect(screen.getByText("Error: You can't set a user as a superadmin.")).toBeVisible());
  });
});
