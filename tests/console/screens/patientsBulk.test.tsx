// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHOOSABLE_CARE_TEAM_ROLES } from '../../../src/domain/enums';
import '../helpers/dom';
import { environmentFor, PROVIDER_ADMIN } from '../helpers/environments';
import { fixtureApi, type RecordedRequest } from '../helpers/fixtureApi';
import { patients } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/** Two patients, and the writes of the two bulk actions; `failing` paths answer the API's 422. */
function bulkApi({ failing = [] as string[] } = {}) {
  const [ada] = patients;
  const api = fixtureApi({
    ...fixtureApi().records,
    patients: [
      { ...ada, user: { ...ada?.user, id: 500 } },
      { ...ada, id: 31, user: { ...ada?.user, id: 501, full_name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper' } },
    ] as Record<string, unknown>[],
  });
  const answer = async (request: Request) => {
    const url = new URL(request.url);
    const entry: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: JSON.parse(await request.text()) as unknown,
    };
    api.requests.push(entry);
    if (failing.includes(url.pathname))
      return HttpResponse.json({ detail: [{ loc: ['body', 'practitioner_id'], msg: 'Refused', type: 'care_team_practitioner' }] }, { status: 422 });
    return HttpResponse.json({ id: 1, ...(entry.body as object) });
  };
  server.use(
    ...api.handlers,
    http.post('*/api/patient-groups/:id/patients', ({ request }) => answer(request)),
    http.post('*/api/patients/:id/care-teams', ({ request }) => answer(request)),
  );
  return api;
}

async function selectBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select row 30' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select row 31' }));
}

/** Picks a record in a reference field of the dialog by its label. */
async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const posts = (api: { requests: RecordedRequest[] }) => api.requests.filter((r) => r.method === 'POST');

describe('All Patients: Add to group', () => {
  it('needs a group, then sends the selected patients to it in one call', async () => {
    const user = userEvent.setup();
    const api = bulkApi();
    renderScreen('patients.list', { path: '/patients', environment: PROVIDER_ADMIN });
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await pick(user, dialog, /Patient Group/, 'Weekend Calls');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully added patients to group.')).toBeInTheDocument();
    expect(posts(api)).toEqual([expect.objectContaining({ path: '/api/patient-groups/41/patients', body: { patient_ids: [30, 31] } })]);
    // The selection is done with: the bulk bar goes.
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it("says 'Error adding patients to group.' when the API refuses", async () => {
    const user = userEvent.setup();
    bulkApi({ failing: ['/api/patient-groups/40/patients'] });
    renderScreen('patients.list', { path: '/patients', environment: PROVIDER_ADMIN });
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to group' });
    await pick(user, dialog, /Patient Group/, 'COPD Follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error adding patients to group.')).toBeInTheDocument();
  });
});

describe('All Patients: Add to care team', () => {
  it('needs a clinician and a role, offers only the roles that may be chosen, and calls once per selected patient', async () => {
    const user = userEvent.setup();
    const api = bulkApi();
    renderScreen('patients.list', { path: '/patients', environment: PROVIDER_ADMIN });
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Add to care team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to care team' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Replace the current members/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);

    await pick(user, dialog, /Clinician/, 'Nora Admin');
    const users = api.requests.find((r) => r.path === '/api/users');
    expect(JSON.parse(users?.query.get('filter') ?? '{}')).toMatchObject({ 'role[ne]': 'patient', 'is_active[eq]': true });
    expect(users?.query.get('limit')).toBe('100');
    await user.click(within(dialog).getByRole('button', { name: /Role/ }));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['RPM Clinician', 'RTM Clinician', 'CCM Clinician', 'PCM Clinician', 'Provider Success', 'Other']);
    expect(offered).toHaveLength(CHOOSABLE_CARE_TEAM_ROLES.length);
    await user.click(screen.getByRole('option', { name: 'RPM Clinician' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Successfully added clinician to care team.')).toBeInTheDocument();
    const body = { practitioner_id: 200, role: 'rpm_clinician', clear_existing: true };
    expect(posts(api)).toEqual([
      expect.objectContaining({ path: '/api/patients/30/care-teams', body }),
      expect.objectContaining({ path: '/api/patients/31/care-teams', body }),
    ]);
  });

  it("tries every patient and says 'Error: {message}' when one is refused", async () => {
    const user = userEvent.setup();
    const api = bulkApi({ failing: ['/api/patients/30/care-teams'] });
    renderScreen('patients.list', { path: '/patients', environment: PROVIDER_ADMIN });
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Add to care team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to care team' });
    await pick(user, dialog, /Clinician/, 'Nora Admin');
    await user.click(within(dialog).getByRole('button', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Error: Form is missing information: body.practitioner_id')).toBeInTheDocument();
    expect(posts(api).map((r) => r.path)).toEqual(['/api/patients/30/care-teams', '/api/patients/31/care-teams']);
  });

  it('is not offered to those who may not change care teams or groups', async () => {
    const user = userEvent.setup();
    bulkApi();
    renderScreen('patients.list', { path: '/patients', environment: environmentFor('staff') });
    await selectBoth(user);
    expect(screen.queryByRole('button', { name: 'Add to care team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to group' })).toBeNull();
  });
});

describe('All Patients: Assign to Provider', () => {
  it("is an internal user's: moves the selected patients' accounts to the chosen provider in one PUT users", async () => {
    const user = userEvent.setup();
    const api = bulkApi();
    renderScreen('patients.list', { path: '/patients', environment: environmentFor('internal_admin') });
    await selectBoth(user);
    await user.click(screen.getByRole('button', { name: 'Assign to Provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to Provider' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await pick(user, dialog, /Provider/, 'Lakeside Health');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    // The accounts' ids (user.id), not the patients' ids.
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/users', body: { ids: [500, 501], data: { tenant_id: 2 } } }),
    ]);
  });

  it('is not offered to provider users', async () => {
    const user = userEvent.setup();
    bulkApi();
    renderScreen('patients.list', { path: '/patients', environment: PROVIDER_ADMIN });
    await selectBoth(user);
    expect(screen.getByRole('button', { name: 'Add to group' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to Provider' })).toBeNull();
  });
});
