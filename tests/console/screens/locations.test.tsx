// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../../src/domain/usStates';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, environmentFor } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;
type Row = Record<string, unknown>;

const DEVICE = { device_manufacturer: 'transtek', device_model: 'TMB-2092-G', tenant_id: 1, location_id: 10, patient_id: null, misc_data: {} };
/** Devices at location 10: two transtek cuffs (one inactive, one pending), one pending bodytrace scale, one elsewhere. */
const AT_LOCATION: Row[] = [
  { ...DEVICE, id: 51, external_id: '356938035643851', device_type: 'blood_pressure', status: 'inactive' },
  { ...DEVICE, id: 52, external_id: '356938035643852', device_type: 'blood_pressure', status: 'pending' },
  {
    ...DEVICE,
    id: 53,
    external_id: '356938035643853',
    device_type: 'weight_scale',
    device_manufacturer: 'bodytrace',
    device_model: 'BT004',
    status: 'pending',
  },
  { ...DEVICE, id: 54, external_id: '356938035643854', device_type: 'glucometer', location_id: 11, status: 'inactive' },
];

function open(
  id: string,
  path: string,
  { environment = INTERNAL_ADMIN, devices = AT_LOCATION }: { environment?: typeof INTERNAL_ADMIN; devices?: Row[] } = {},
) {
  const api = fixtureApi({ ...fixtureRecords(), devices });
  server.use(...api.handlers);
  return { ...renderScreen(id, { path, environment }), api };
}
const writes = (api: ReturnType<typeof fixtureApi>) => api.requests.filter((r) => r.method !== 'GET');

/** The value shown under a summary label. */
const summaryValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Location summary (spec 002 sections 2 and 3: details with device counts)', () => {
  it('shows the counts and the table by type, manufacturer and model from GET locations/{id}/details', async () => {
    const { api } = open('locations.show', '/locations/10/show');
    const table = await screen.findByRole('table');
    expect(api.requests.some((r) => r.path === '/api/locations/10/details')).toBe(true);
    expect(summaryValue('Total Devices')).toBe('3');
    expect(summaryValue('Inactive Devices')).toBe('1');
    expect(summaryValue('Pending Devices')).toBe('2');
    expect(summaryValue('ZIP Code')).toBe('62701');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      [expect.stringMatching(/Blood Pressure/), expect.stringMatching(/Transtek/), 'TMB-2092-G', '2'],
      [expect.stringMatching(/Weight Scale/), expect.stringMatching(/Bodytrace/), 'BT004', '1'],
    ]);
  });

  it('says so when no device is at the location', async () => {
    open('locations.show', '/locations/10/show', { devices: [] });
    expect(await screen.findByText('No devices at this location')).toBeInTheDocument();
    expect(summaryValue('Total Devices')).toBe('0');
  });

  it('is internal only: a provider admin gets the refusal, and nothing is fetched', async () => {
    const { api } = open('locations.show', '/locations/10/show', { environment: PROVIDER_ADMIN });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('/api/locations'))).toEqual([]);
  });
});

describe('Set Owner (spec 002 sections 6, 7 and 8)', () => {
  async function openSetOwner(answer: () => Response | Promise<Response>) {
    const user = userEvent.setup();
    const patches: { path: string; body: unknown }[] = [];
    const { api } = open('locations.show', '/locations/10/show');
    server.use(
      http.patch('*/api/locations/:id/set-owner', async ({ request }) => {
        patches.push({ path: new URL(request.url).pathname, body: await request.json() });
        return answer();
      }),
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Set Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Provider' });
    await user.click(within(dialog).getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'Lakeside Health' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set Provider' }));
    return { api, patches, dialog };
  }

  it('sends PATCH locations/{id}/set-owner with the chosen provider and says so', async () => {
    const { patches } = await openSetOwner(() => HttpResponse.json({ id: 10, tenant_id: 2 }));
    expect(await screen.findByText('Provider updated')).toBeInTheDocument();
    expect(patches).toEqual([{ path: '/api/locations/10/set-owner', body: { tenant_id: 2 } }]);
  });

  it("shows the server's message when it gives one", async () => {
    await openSetOwner(() => HttpResponse.json({ detail: 'This provider is not active' }, { status: 409 }));
    expect(await screen.findByText('This provider is not active')).toBeInTheDocument();
  });

  it("shows 'An error occurred while updating the record.' when the server gives no message", async () => {
    await openSetOwner(() => HttpResponse.error());
    expect(await screen.findByText('An error occurred while updating the record.')).toBeInTheDocument();
  });

  it('is offered only to internal users who may set the owner of any location', async () => {
    open('locations.show', '/locations/10/show', { environment: environmentFor('internal_billing_admin') });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Set Owner' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('Create and edit location (spec 002 sections 5 and 9)', () => {
  async function fill(user: User, fields: Record<string, string>) {
    for (const [label, value] of Object.entries(fields)) {
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      await user.clear(input);
      await user.type(input, value);
    }
  }

  it('requires the name, the provider and the address parts, and sends nothing until given', async () => {
    const user = userEvent.setup();
    const { api } = open('locations.create', '/locations/create');
    await user.type(await screen.findByLabelText(/^Description/), 'Second floor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(5));
    expect(writes(api)).toEqual([]);
  });

  it('offers the 50 states, DC and Puerto Rico by name, the United States as the country, and checks the ZIP code', async () => {
    const user = userEvent.setup();
    const { api, location } = open('locations.create', '/locations/create');
    await fill(user, { Name: 'Harbor Clinic', Street: '1 Pier Rd', City: 'San Juan', 'ZIP Code': '0090' });
    await user.click(screen.getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }));
    expect(screen.getByRole('button', { name: /^Country/ })).toHaveTextContent('United States');
    await user.click(screen.getByRole('button', { name: /^State/ }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(US_STATES.map((state) => state.name));
    expect(names).toEqual(expect.arrayContaining(['District of Columbia', 'Puerto Rico']));
    await user.click(screen.getByRole('option', { name: 'Puerto Rico' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)')).toBeInTheDocument();
    expect(writes(api)).toEqual([]);

    await fill(user, { 'ZIP Code': '00901-1234' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Location created')).toBeInTheDocument();
    expect(writes(api)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/locations',
        body: {
          name: 'Harbor Clinic',
          tenant_id: 1,
          address: { address_line1: '1 Pier Rd', city: 'San Juan', state: 'PR', zip_code: '00901-1234', country: 'US' },
          is_active: true,
        },
      }),
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/locations/999/show'));
  });

  it('edits a location: the saved address is loaded and the whole record is sent', async () => {
    const user = userEvent.setup();
    const { api } = open('locations.edit', '/locations/10/edit');
    expect(await screen.findByLabelText(/^Street/)).toHaveValue('12 Elm St');
    expect(screen.getByRole('button', { name: /^State/ })).toHaveTextContent('Illinois');
    await fill(user, { Name: 'Main Office East' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Location saved')).toBeInTheDocument();
    expect(writes(api)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/locations/10',
        body: expect.objectContaining({
          name: 'Main Office East',
          address: { address_line1: '12 Elm St', city: 'Springfield', state: 'IL', zip_code: '62701', country: 'US' },
        }) as unknown,
      }),
    ]);
  });
});

describe('Locations list (spec 002 sections 2 and 9)', () => {
  it('asks for 100 a page, sorted by name, and searches by name', async () => {
    const user = userEvent.setup();
    const { api } = open('locations.list', '/locations');
    await screen.findByText('Main Office');
    const first = api.requests.find((r) => r.path === '/api/locations');
    expect([first?.query.get('limit'), first?.query.get('sort'), first?.query.get('order')]).toEqual(['100', 'name', 'asc']);
    await user.type(screen.getByRole('searchbox'), 'Annex');
    await waitFor(() => expect(screen.queryByText('Main Office')).toBeNull());
    const last = api.requests.filter((r) => r.path === '/api/locations').at(-1);
    expect(JSON.parse(last?.query.get('filter') ?? '{}')).toMatchObject({ q: { field: 'name', value: 'Annex' } });
    expect(screen.getByRole('link', { name: 'Create Location' })).toHaveAttribute('href', '/locations/create');
  });
});
