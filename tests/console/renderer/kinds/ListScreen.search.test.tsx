// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open() {
  const api = fixtureApi();
  server.use(...api.handlers);
  renderScreen('devices.list', { path: '/devices' });
  const filterOf = (path = '/api/devices') =>
    JSON.parse(
      [...api.requests]
        .reverse()
        .find((r) => r.path === path)
        ?.query.get('filter') ?? '{}',
    ) as Record<string, unknown>;
  return { api, filterOf };
}
const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });

describe('a list screen: search (spec 000 section 5)', () => {
  it('refuses fewer than 3 characters with the spec message and sends no search', async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('356938035643809');
    await user.type(searchBox(), '35');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter at least 3 characters to search');
    expect(filterOf()).toEqual({});
  });

  it('searches the IMEI with external_id[like] from 3 characters', async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('356938035643809');
    await user.type(searchBox(), '3569');
    await waitFor(() => expect(filterOf()).toEqual({ 'external_id[like]': '3569' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByText('990000862471854')).toBeNull());
  });

  it('searches by ID exactly, exempt from the minimum', async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('356938035643809');
    await user.click(screen.getByRole('button', { name: /Search by/ }));
    await user.click(screen.getByRole('option', { name: 'ID' }));
    await user.type(searchBox(), '2');
    await waitFor(() => expect(filterOf()).toEqual({ 'id[eq]': '2' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches by Patient Name through the patients, then by their ids', async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('356938035643809');
    await user.click(screen.getByRole('button', { name: /Search by/ }));
    await user.click(screen.getByRole('option', { name: 'Patient Name' }));
    await user.type(searchBox(), 'Byron');
    await waitFor(() => expect(filterOf()).toEqual({ 'patient_id[in]': [30] }));
    expect(filterOf('/api/patients')).toEqual({ q: { field: 'user.full_name', value: 'Byron' } });
    await waitFor(() => expect(screen.queryByText('A1B2-C3D4-E5F6')).toBeNull());
    expect(screen.getByText('356938035643809')).toBeInTheDocument();
  });

  it("says 'No results found.' when the search finds nothing, and clears with an empty search", async () => {
    const user = userEvent.setup();
    const { filterOf } = open();
    await screen.findByText('356938035643809');
    await user.type(searchBox(), '00000');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    await user.clear(searchBox());
    // The unfiltered page is still fresh in the query cache (10 s), so it shows without a new request.
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(filterOf()).toEqual({ 'external_id[like]': '00000' });
  });

  it("says 'No records found' when there is nothing at all", async () => {
    server.use(...fixtureApi({ ...fixtureRecords(), devices: [] }).handlers);
    renderScreen('devices.list', { path: '/devices' });
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it("shows the error of a failed load in the mapping's words", async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get('*/api/devices', () => HttpResponse.json({ detail: 'db down' }, { status: 500 })),
      ...fixtureApi().handlers,
    );
    renderScreen('devices.list', { path: '/devices' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    expect(within(screen.getByRole('toolbar', { name: 'List actions' })).getByRole('link', { name: 'Create Device' })).toBeInTheDocument();
  });
});
