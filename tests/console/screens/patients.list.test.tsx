// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  return { ...fixtureRecords(), patients };
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
