// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, environmentFor } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();

/** One patient per status, registered a day apart (the newest last). */
const STATUSES = ['pending_enrollment', 'consented', 'active', 'declined', 'unseen', 'disabled'] as const;
const NAMES = ['Pia Pending', 'Cory Consented', 'Ari Active', 'Dee Declined', 'Una Unseen', 'Ulla Unenrolled'];

function records() {
  const patients = STATUSES.map((status, i) => ({
    id: 40 + i,
    tenant_id: 1,
    patient_status: status,
    birthdate: `195${i}-03-0${i + 1}`,
    gender: 'Female',
    primary_condition: i % 2 === 0 ? 'general' : 'COPD',
    billing_provider_id: 200,
    created_at: `2026-05-0${i + 1}T10:00:00Z`,
    user: { first_name: NAMES[i]?.split(' ')[0], last_name: NAMES[i]?.split(' ')[1], full_name: NAMES[i], phone_number: `+1608555000${i}` },
  }));
  const users = [
    { id: 300, full_name: 'Cleo Carter', role: 'clinician', is_provider: true },
    { id: 301, full_name: 'Cal Cooper', role: 'staff', is_provider: false },
    { id: 303, full_name: 'Dan Doe', role: 'clinician', is_provider: true },
  ];
  return { ...fixtureRecords(), patients, users };
}

/** Current care-team members by patient: Cory (41) has Cleo, Ari (42) has Cleo and Dan. */
const CARE_TEAMS: Readonly<Record<number, readonly number[]>> = { 41: [300], 42: [300, 303] };

/** The fixture API knows no relation filters: GET /patients with one is answered here as the server would (spec 001 section 4). */
function answerCareTeamFilters(api: ReturnType<typeof fixtureApi>) {
  server.use(
    http.get('*/api/patients', ({ request }) => {
      const url = new URL(request.url);
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
      const all = filter['care_team_members.practitioner_id[inall]'] as number[] | undefined;
      const none = filter['care_team_members.practitioner_id[notin]'] as number[] | undefined;
      if (!all && !none) return undefined;
      api.requests.push({ method: 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body: undefined });
      const rows = (api.records.patients ?? [])
        .filter((row) => {
          const team = CARE_TEAMS[row.id as number] ?? [];
          return (all ?? []).every((id) => team.includes(id)) && !(none ?? []).some((id) => team.includes(id));
        })
        .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
      return HttpResponse.json(rows as JsonBodyType, { headers: { 'Content-Range': `patients 0-${rows.length - 1}/${rows.length}` } });
    }),
  );
}

function open(path = '/patients', environment = INTERNAL_ADMIN) {
  const api = fixtureApi(records());
  server.use(...api.handlers);
  const view = renderScreen('patients.list', { path, environment });
  const lists = () => api.requests.filter((r) => r.path === '/api/patients' && r.method === 'GET');
  const filterOf = () => JSON.parse(lists().at(-1)?.query.get('filter') ?? '{}') as Record<string, unknown>;
  return { ...view, api, lists, filterOf };
}
const tab = (name: string) => within(screen.getByRole('tablist')).getByRole('tab', { name });
const address = (location: { history?: string[] | undefined }) => location.history?.at(-1);

describe('All Patients (spec 001 section 2)', () => {
  it('lists every status under All, newest registration first, with the spec status labels', async () => {
    const { lists } = open();
    const rows = await screen.findAllByRole('row');
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(lists()[0]?.query.get('sort')).toBe('created_at');
    expect(lists()[0]?.query.get('order')).toBe('desc');
    expect(lists()[0]?.query.get('filter')).toBeNull();
    // The header row, then Ulla (registered last) down to Pia.
    expect(rows[1]).toHaveTextContent('Ulla Unenrolled');
    expect(rows[6]).toHaveTextContent('Pia Pending');
    expect(within(rows[1] as HTMLElement).getByText('Unenrolled')).toBeInTheDocument();
    expect(within(rows[6] as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[6] as HTMLElement).getByText('General Monitoring')).toBeInTheDocument();
    expect(within(rows[6] as HTMLElement).getByText('(608) 555-0000')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Pending', 'Consented', 'Active', 'Declined', 'Unseen', 'Unenrolled']);
  });

  it('keeps the clicked tab in the status query parameter and asks for that status', async () => {
    const user = userEvent.setup();
    const { location, filterOf } = open();
    await screen.findByText('Cory Consented');
    await user.click(tab('Consented'));
    expect(address(location)).toBe('/patients?status=consented');
    await waitFor(() => expect(filterOf()).toEqual({ 'patient_status[eq]': 'consented' }));
    await waitFor(() => expect(screen.queryByText('Ari Active')).toBeNull());
    expect(screen.getByText('Cory Consented')).toBeInTheDocument();
    expect(tab('Consented')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Unenrolled'));
    expect(address(location)).toBe('/patients?status=disabled');
    await waitFor(() => expect(filterOf()).toEqual({ 'patient_status[eq]': 'disabled' }));
    await user.click(tab('All'));
    expect(address(location)).toBe('/patients');
    // All was asked for at first and is still fresh in the cache: the rows come back without a request.
    expect(await screen.findByText('Ari Active')).toBeInTheDocument();
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the tab the address names, and asks for nothing else first', async () => {
    const { lists } = open('/patients?status=consented');
    expect(await screen.findByText('Cory Consented')).toBeInTheDocument();
    expect(tab('Consented')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Ari Active')).toBeNull();
    expect(lists().length).toBeGreaterThan(0);
    expect(lists().every((r) => (JSON.parse(r.query.get('filter') ?? '{}') as Record<string, unknown>)['patient_status[eq]'] === 'consented')).toBe(true);
  });

  it('follows the address when it changes (Back to the list without the parameter)', async () => {
    const { location, filterOf } = open('/patients?status=declined');
    await screen.findByText('Dee Declined');
    act(() => location.navigate('/patients'));
    await waitFor(() => expect(filterOf()).toEqual({}));
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Ari Active')).toBeInTheDocument();
  });

  it('falls back to All for a status the list has no tab for', async () => {
    const { filterOf } = open('/patients?status=archived');
    await screen.findByText('Ari Active');
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(filterOf()).toEqual({});
  });

  it('searches by name from 2 characters, by phone in US format and by id', async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('Ari Active');
    const box = () => screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box(), 'A');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter at least 2 characters to search');
    await user.type(box(), 'r');
    await waitFor(() => expect(filterOf()).toEqual({ q: { field: 'user.full_name', value: 'Ar' } }));
    await user.click(screen.getByRole('button', { name: /Search by/ }));
    await user.click(screen.getByRole('option', { name: 'Phone' }));
    await user.clear(box());
    await user.type(box(), '(608) 555-0003');
    await waitFor(() => expect(filterOf()).toEqual({ q: { field: 'user.phone_number', value: '+16085550003' } }));
    expect(await screen.findByText('Dee Declined')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Search by/ }));
    await user.click(screen.getByRole('option', { name: 'ID' }));
    await user.clear(box());
    await user.type(box(), '42');
    await waitFor(() => expect(filterOf()).toEqual({ 'id[eq]': '42' }));
  });

  it('filters by care-team members: Include has ALL of them, Exclude NONE; removing both clears the filter', async () => {
    const user = userEvent.setup();
    const { api, filterOf } = open();
    answerCareTeamFilters(api);
    await screen.findByText('Ari Active');
    const key = 'care_team_members.practitioner_id';
    const pick = async (text: string, name: string) => {
      await user.type(screen.getByRole('combobox', { name: 'Care Team' }), text);
      await user.click(await screen.findByRole('option', { name }, { timeout: 3000 }));
    };
    expect(screen.getByRole('radio', { name: 'Include Care Team members' })).toBeChecked();
    await pick('Cl', 'Cleo Carter');
    await waitFor(() => expect(filterOf()).toEqual({ [`${key}[inall]`]: [300] }));
    await pick('Da', 'Dan Doe');
    await waitFor(() => expect(filterOf()).toEqual({ [`${key}[inall]`]: [300, 303] }));
    await waitFor(() => expect(screen.queryByText('Cory Consented')).toBeNull());
    expect(screen.getByText('Ari Active')).toBeInTheDocument();
    // The clinicians offered are provider users that are no patients, searched by name.
    const search = api.requests.filter((r) => r.path === '/api/users').at(-1);
    expect(JSON.parse(search?.query.get('filter') ?? '')).toEqual({ 'is_provider[eq]': true, 'role[ne]': 'patient', q: { field: 'full_name', value: 'Da' } });

    await user.click(screen.getByRole('radio', { name: 'Exclude Care Team members' }));
    await waitFor(() => expect(filterOf()).toEqual({ [`${key}[notin]`]: [300, 303] }));
    expect(await screen.findByText('Pia Pending')).toBeInTheDocument();
    expect(screen.queryByText('Ari Active')).toBeNull();
    expect(screen.queryByText('Cory Consented')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Cleo Carter' }));
    await waitFor(() => expect(filterOf()).toEqual({ [`${key}[notin]`]: [303] }));
    expect(screen.getByRole('button', { name: 'Remove Dan Doe' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Dan Doe' }));
    // The unfiltered page is still fresh in the cache: every patient is back without a request.
    expect(await screen.findByText('Ari Active')).toBeInTheDocument();
    expect(screen.getByText('Cory Consented')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Care Team members' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // The mode stays as chosen for the next member, and focus does not fall back to the page.
    expect(screen.getByRole('radio', { name: 'Exclude Care Team members' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Exclude Care Team members' })).toHaveFocus();
    // The next request the list sends carries no care-team key.
    await user.click(tab('Consented'));
    await waitFor(() => expect(filterOf()).toEqual({ 'patient_status[eq]': 'consented' }));
  });

  it('opens a patient on row click', async () => {
    const user = userEvent.setup();
    const { location } = open();
    await user.click(await screen.findByText('Ari Active'));
    expect(address(location)).toBe('/patients/42/show');
  });

  it('shows the provider column and picker, and Add Patient, to an internal admin', async () => {
    open();
    await screen.findByText('Ari Active');
    expect(screen.getByRole('columnheader', { name: 'Provider' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    expect(await screen.findAllByText('Northwind Clinic')).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Add Patient' })).toHaveAttribute('href', '/patients/create');
  });

  it('hides the provider column and picker from provider users', async () => {
    open('/patients', PROVIDER_ADMIN);
    await screen.findByText('Ari Active');
    expect(screen.queryByRole('columnheader', { name: 'Provider' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Patient' })).toBeInTheDocument();
  });

  it('offers Add Patient only with patients.create (a clinician has none)', async () => {
    open('/patients', environmentFor('clinician'));
    await screen.findByText('Ari Active');
    expect(screen.queryByRole('link', { name: 'Add Patient' })).toBeNull();
  });

  it('refuses the list without patients.list', async () => {
    open('/patients', environmentFor('staff', { permissions: {} }));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
