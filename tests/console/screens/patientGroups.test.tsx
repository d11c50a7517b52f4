// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { environmentFor, INTERNAL_ADMIN, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/**
 * The fixture API plus the writes of groups: PATCH and DELETE of a group, DELETE of a member.
 * `failRemoval` answers the removal with the server's 404.
 */
function groupsApi({ failRemoval = false } = {}) {
  const api = fixtureApi();
  const { record } = api;
  server.use(
    ...api.handlers,
    http.patch('*/api/patient-groups/:id', async ({ request, params }) => {
      const { body } = await record(request);
      const group = api.records['patient-groups']?.find((g) => String(g.id) === params.id);
      return HttpResponse.json({ ...group, ...(body as object) });
    }),
    http.delete('*/api/patient-groups/:id', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(api.records['patient-groups']?.find((g) => String(g.id) === params.id) ?? {});
    }),
    http.delete('*/api/patient-groups/:id/patients/:patientId', async ({ request }) => {
      await record(request);
      return failRemoval ? HttpResponse.json({ detail: 'Not found' }, { status: 404 }) : HttpResponse.json({ id: 40, count_patients: 0 });
    }),
  );
  return api;
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('Patient Groups list', () => {
  it('asks for 10 groups sorted by name and lists them with their number of patients', async () => {
    const api = groupsApi();
    renderScreen('patient-groups.list', { path: '/patient-groups', environment: PROVIDER_ADMIN });
    expect(await screen.findByRole('cell', { name: 'COPD Follow-up' })).toBeInTheDocument();
    expect(within(rowOf('Weekend Calls')).getByRole('cell', { name: '0' })).toBeInTheDocument();
    const list = api.requests.find((r) => r.path === '/api/patient-groups');
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ sort: 'name', order: 'asc', skip: '0', limit: '10' });
  });

  it("creates a group in the user's provider with the name only, and says 'Patient group created.'", async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    renderScreen('patient-groups.list', { path: '/patient-groups', environment: PROVIDER_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Patient Group' });
    expect(within(dialog).queryByText('Provider')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Group Name/), 'Tuesday Rounds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Patient group created.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/patient-groups', body: { name: 'Tuesday Rounds' } });
  });

  it('asks an internal user for the provider of a new group', async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    renderScreen('patient-groups.list', { path: '/patient-groups', environment: INTERNAL_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Patient Group' });
    await user.type(within(dialog).getByLabelText(/Group Name/), 'Tuesday Rounds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('edits a row in a dialog holding its name, without opening the row', async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    const { location } = renderScreen('patient-groups.list', { path: '/patient-groups', environment: PROVIDER_ADMIN });
    await screen.findByRole('cell', { name: 'Weekend Calls' });
    await user.click(within(rowOf('Weekend Calls')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Patient Group' });
    const name = within(dialog).getByLabelText(/Group Name/);
    expect(name).toHaveValue('Weekend Calls');
    await user.clear(name);
    await user.type(name, 'Saturday Calls');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/api/patient-groups/41', body: { name: 'Saturday Calls' } });
    expect(location.history).toEqual(['/patient-groups']);
  });

  it('deletes a row after asking, naming the group', async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    renderScreen('patient-groups.list', { path: '/patient-groups', environment: PROVIDER_ADMIN });
    await screen.findByRole('cell', { name: 'Weekend Calls' });
    await user.click(within(rowOf('Weekend Calls')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Patient Group' });
    expect(within(dialog).getByText('Delete the group Weekend Calls? Its patients stay in the console; only the group goes.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Patient group deleted.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/patient-groups/41');
  });

  it('offers each user only what their permissions allow', async () => {
    groupsApi();
    renderScreen('patient-groups.list', { path: '/patient-groups', environment: environmentFor('clinician') });
    await screen.findByRole('cell', { name: 'Weekend Calls' });
    expect(within(rowOf('Weekend Calls')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(rowOf('Weekend Calls')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Group' })).toBeInTheDocument();
  });

  it('opens a group on a row click', async () => {
    const user = userEvent.setup();
    groupsApi();
    const { location } = renderScreen('patient-groups.list', { path: '/patient-groups', environment: PROVIDER_ADMIN });
    await user.click(await screen.findByRole('cell', { name: 'COPD Follow-up' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/patient-groups/40/show'));
  });
});

describe('Patient group show', () => {
  it('shows the breadcrumbs and the patients of the group only', async () => {
    const api = groupsApi();
    renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: PROVIDER_ADMIN });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(crumbs).toHaveTextContent('Patient Management/Patient Groups/COPD Follow-up'));
    expect(await screen.findByRole('cell', { name: 'Ada Byron' })).toBeInTheDocument();
    const list = api.requests.find((r) => r.path === '/api/patients');
    expect(JSON.parse(list?.query.get('meta') ?? '{}')).toEqual({ patient_group_id: '40' });
    expect(list?.query.get('limit')).toBe('10');
  });

  it("removes a patient from the group and says 'Patient removed from group'", async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: PROVIDER_ADMIN });
    await screen.findByRole('cell', { name: 'Ada Byron' });
    await user.click(within(rowOf('Ada Byron')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from group' });
    expect(within(dialog).getByText('Remove Ada Byron from this group? The patient stays in the console.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Patient removed from group')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/patient-groups/40/patients/30');
  });

  it("adds patients of the group's provider, one picker each, and says 'Successfully added patients to group.'", async () => {
    const user = userEvent.setup();
    const api = groupsApi();
    const added: unknown[] = [];
    server.use(
      http.post('*/api/patient-groups/:id/patients', async ({ request }) => {
        const { body } = await api.record(request);
        added.push(body);
        return HttpResponse.json({ id: 40, count_patients: 2 });
      }),
    );
    renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: PROVIDER_ADMIN });
    await screen.findByRole('cell', { name: 'Ada Byron' });
    await user.click(screen.getByRole('button', { name: 'Add patients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patients to group' });
    // An added picker left empty is Required, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add another patient' }));
    await user.type(within(dialog).getAllByRole('combobox', { name: /Patient/ })[0] as HTMLElement, 'Ad');
    await user.click(await screen.findByRole('option', { name: 'Ada Byron' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(added).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove item 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully added patients to group.')).toBeInTheDocument();
    expect(added).toEqual([{ patient_ids: [30] }]);
    expect(api.requests.find((r) => r.method === 'POST')?.path).toBe('/api/patient-groups/40/patients');
    // The pickers offer the group's provider's patients only.
    const searches = api.requests.filter((r) => r.path === '/api/patients' && r.query.get('filter')?.includes('full_name'));
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(JSON.parse(search.query.get('filter') ?? '{}')).toMatchObject({ 'tenant_id[eq]': 1 });
  });

  it("offers Add patients only to a user who may change groups, and says 'Error adding patients to group.' on a refusal", async () => {
    const user = userEvent.setup();
    groupsApi();
    server.use(http.post('*/api/patient-groups/:id/patients', () => HttpResponse.json({ detail: 'Patient 30 belongs to another provider' }, { status: 422 })));
    const { unmount } = renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: environmentFor('staff') });
    await screen.findByRole('cell', { name: 'Ada Byron' });
    expect(screen.queryByRole('button', { name: 'Add patients' })).toBeNull();
    unmount();
    renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: PROVIDER_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add patients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add patients to group' });
    await user.type(within(dialog).getByRole('combobox', { name: /Patient/ }), 'Ad');
    await user.click(await screen.findByRole('option', { name: 'Ada Byron' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error adding patients to group.')).toBeInTheDocument();
  });

  it("says 'Error: {message}' when the removal fails", async () => {
    const user = userEvent.setup();
    groupsApi({ failRemoval: true });
    renderScreen('patient-groups.show', { path: '/patient-groups/40/show', environment: PROVIDER_ADMIN });
    await screen.findByRole('cell', { name: 'Ada Byron' });
    await user.click(within(rowOf('Ada Byron')).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error: Not found')).toBeInTheDocument();
  });
});
