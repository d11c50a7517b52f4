// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, environmentFor } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
type User = ReturnType<typeof userEvent.setup>;

const NORTHWIND = {
  id: 1,
  name: 'Northwind Clinic',
  is_active: true,
  registered_on: '2026-01-10T15:00:00Z',
  email: 'office@northwind.example',
  npi_number: '1457389201',
  customer_size: 'medium',
  timezone: 'America/Chicago',
  address: { address_line1: '100 Main St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
  billing_scheme: 'subscription',
};

function open(id: string, path: string, environment = INTERNAL_ADMIN) {
  const records = fixtureRecords();
  const api = fixtureApi({ ...records, providers: [NORTHWIND, ...(records.providers ?? []).slice(1)] });
  server.use(...api.handlers);
  return { ...renderScreen(id, { path, environment }), api };
}
const writes = (api: ReturnType<typeof fixtureApi>, method: string) => api.requests.filter((r) => r.method === method);

async function choose(user: User, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('Providers list (spec 002 section 2)', () => {
  it('offers Create Provider and opens a provider on row click for an internal admin', async () => {
    const user = userEvent.setup();
    const { location } = open('providers.list', '/providers');
    expect(await screen.findByRole('link', { name: 'Create Provider' })).toHaveAttribute('href', '/providers/create');
    await user.click(await screen.findByText('Northwind Clinic'));
    expect(location.history?.at(-1)).toBe('/providers/1/edit');
  });

  it('lets an internal clinician (tenants.list, no tenants.update) read the list without opening or creating', async () => {
    const user = userEvent.setup();
    const { location } = open('providers.list', '/providers', environmentFor('internal_clinician'));
    await user.click(await screen.findByText('Northwind Clinic'));
    expect(location.history).toEqual(['/providers']);
    expect(screen.queryByRole('link', { name: 'Create Provider' })).toBeNull();
  });
});

describe('Add organization (spec 002 sections 2 and 5)', () => {
  it('requires every field, with the NPI text, and sends nothing until they are given', async () => {
    const user = userEvent.setup();
    const { api } = open('providers.create', '/providers/create');
    expect(await screen.findByRole('heading', { name: 'Add organization' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/NPI Number/), '12345');
    await user.type(screen.getByLabelText(/Primary Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('NPI number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid email')).toBeInTheDocument();
    // Name, customer size, time zone, billing scheme, and the street, city, state and ZIP of the address.
    expect(screen.getAllByText('Required')).toHaveLength(8);
    expect(writes(api, 'POST')).toEqual([]);
  });

  it('offers the two billing schemes a new provider may start with', async () => {
    const user = userEvent.setup();
    open('providers.create', '/providers/create');
    await user.click(await screen.findByRole('button', { name: /Billing Scheme/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Subscription', 'Fee for Service']);
  });

  it('creates the provider, says so and opens it', async () => {
    const user = userEvent.setup();
    const { api, location } = open('providers.create', '/providers/create');
    await user.type(await screen.findByLabelText(/^Name/), 'Harbor Care');
    await user.type(screen.getByLabelText(/Primary Email/), 'office@harbor.example');
    await user.type(screen.getByLabelText(/NPI Number/), '1234567890');
    await choose(user, /Customer Size/, 'Small');
    await choose(user, /Time Zone/, 'America/New York');
    await user.type(screen.getByLabelText(/^Street \*/), '1 Harbor Way');
    await user.type(screen.getByLabelText(/City/), 'Portland');
    await user.type(screen.getByLabelText(/State/), 'ME');
    await user.type(screen.getByLabelText(/ZIP Code/), '04101');
    await choose(user, /Billing Scheme/, 'Fee for Service');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Provider created.')).toBeInTheDocument();
    expect(writes(api, 'POST')[0]).toMatchObject({
      path: '/api/providers',
      body: {
        name: 'Harbor Care',
        email: 'office@harbor.example',
        npi_number: '1234567890',
        customer_size: 'small',
        timezone: 'America/New_York',
        address: { address_line1: '1 Harbor Way', city: 'Portland', state: 'ME', zip_code: '04101', country: 'US' },
        billing_scheme: 'fee_for_service',
      },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/providers/999/edit'));
  });

  it('is refused to an internal billing admin (no tenants.create)', async () => {
    open('providers.create', '/providers/create', environmentFor('internal_billing_admin'));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});

describe('Edit provider, general (spec 002 sections 2 and 5)', () => {
  it('opens at /providers/{id}/edit titled by the name, with the client-since date read-only', async () => {
    open('providers.edit', '/providers/1/edit');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Northwind Clinic');
    expect(screen.getByRole('heading', { name: 'Northwind Clinic' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Client Since/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/City/)).toHaveValue('Madison');
  });

  it('saves by PUT without the read-only date, and says Changes saved', async () => {
    const user = userEvent.setup();
    const { api } = open('providers.edit', '/providers/1');
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Northwind Family Clinic');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const put = writes(api, 'PUT')[0];
    expect(put?.path).toBe('/api/providers/1');
    expect(put?.body).toMatchObject({
      name: 'Northwind Family Clinic',
      email: 'office@northwind.example',
      timezone: 'America/Chicago',
      customer_size: 'medium',
    });
    expect(put?.body).not.toHaveProperty('registered_on');
  });

  it('falls back to the general form for any other last segment (billing comes later)', async () => {
    open('providers.edit', '/providers/1/billing');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Northwind Clinic');
  });

  it('requires the email and checks the NPI', async () => {
    const user = userEvent.setup();
    const { api } = open('providers.edit', '/providers/1/edit');
    await user.clear(await screen.findByLabelText(/Primary Email/));
    const npi = screen.getByLabelText(/NPI Number/);
    await user.clear(npi);
    await user.type(npi, '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NPI number must be 10 digits')).toBeInTheDocument();
    expect(within(screen.getByLabelText(/Primary Email/).parentElement as HTMLElement).getByText('Required')).toBeInTheDocument();
    expect(writes(api, 'PUT')).toEqual([]);
  });

  it('is refused to an internal clinician (no tenants.update)', async () => {
    open('providers.edit', '/providers/1/edit', environmentFor('internal_clinician'));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });

  it('is refused to a provider admin, whose tenants.list is not all', async () => {
    open('providers.edit', '/providers/1/edit', PROVIDER_ADMIN);
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
