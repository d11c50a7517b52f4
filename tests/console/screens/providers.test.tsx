// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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

  it('is refused to an internal clinician (no tenants.create)', async () => {
    open('providers.create', '/providers/create', environmentFor('internal_clinician'));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});

describe('Edit provider, general (spec 002 sections 2 and 5)', () => {
  it('is unchanged as the database gives it, whatever the order of the address keys (jsonb: shortest first)', async () => {
    const records = fixtureRecords();
    const { address_line1, city, state, zip_code, country } = NORTHWIND.address;
    const stored = { ...NORTHWIND, address: { city, state, country, zip_code, address_line1 } };
    server.use(...fixtureApi({ ...records, providers: [stored, ...(records.providers ?? []).slice(1)] }).handlers);
    renderScreen('providers.edit', { path: '/providers/1/edit', environment: INTERNAL_ADMIN });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Northwind Clinic');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

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

  it('falls back to the General side tab for any other last segment', async () => {
    open('providers.edit', '/providers/1/whatever');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Northwind Clinic');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
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

/** The billing routes the Billing tab reads (src/server/routes/providerBilling/README.md), answered with one row each. */
const billingHandlers = [
  http.get('*/api/providers/1/invoices', () => HttpResponse.json([], { headers: { 'Content-Range': 'providers/1/invoices */0' } })),
  http.get('*/api/providers/1/fee-for-service-pricing', () =>
    HttpResponse.json([{ id: 3, cpt_code: '99454', fee_schedule_price: 47.5, negotiated_price: 45, volume_threshold: 0, as_of_date: '2026-01-01' }], {
      headers: { 'Content-Range': 'providers/1/fee-for-service-pricing 0-0/1' },
    }),
  ),
  http.get('*/api/billing/product-prices/:kind', ({ params }) =>
    HttpResponse.json([{ id: `price_${String(params.kind)}`, nickname: `${String(params.kind)} plan`, unit_amount: 4500, currency: 'usd', interval: 'month' }]),
  ),
];

function openWith(path: string, provider: Record<string, unknown>, environment = INTERNAL_ADMIN) {
  const records = fixtureRecords();
  const api = fixtureApi({ ...records, providers: [{ ...NORTHWIND, ...provider }, ...(records.providers ?? []).slice(1)] });
  server.use(...api.handlers, ...billingHandlers);
  return { ...renderScreen('providers.edit', { path, environment }), api };
}

describe('Edit provider, side tabs (spec 002 section 2)', () => {
  it('opens the Billing tab at /providers/{id}/billing: scheme, payment provider, prices from cents, and the pricing table', async () => {
    openWith('/providers/1/billing', { stripe_subscription_id: 'sub_1', billing_scheme: 'fee_for_service', simple_price_id: 'price_simple' });
    expect(await screen.findByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: /Billing Scheme/ })).toHaveTextContent('Fee for Service');
    const simple = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Simple' });
    await waitFor(() => expect(simple).toHaveDisplayValue('simple plan $45.00/month'));
    expect(screen.getByRole('button', { name: 'Clear Subscriptions' })).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Negotiated price, 99454' })).toHaveValue(45);
    expect(screen.getByRole('button', { name: 'New Invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add pricing' })).toBeInTheDocument();
  });

  it('offers Clear Subscriptions only with a subscription id on a scheme other than subscription', async () => {
    openWith('/providers/1/billing', { stripe_subscription_id: 'sub_1', billing_scheme: 'subscription' });
    expect(await screen.findByRole('button', { name: 'Refresh subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Subscriptions' })).toBeNull();
  });

  it('clears the subscriptions with DELETE providers/subscription?tenant_id and says so', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    openWith('/providers/1/billing', { stripe_subscription_id: 'sub_1', billing_scheme: 'hybrid_fee_for_service' });
    server.use(
      http.delete('*/api/providers/subscription', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ message: 'Cleared' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Clear Subscriptions' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Subscriptions' }));
    expect(await screen.findByText('Subscriptions cleared')).toBeInTheDocument();
    expect(asked).toEqual(['?tenant_id=1']);
  });

  it('saves the AI Summary switch with PUT', async () => {
    const user = userEvent.setup();
    const { api } = openWith('/providers/1/ai-summary', { llm_summary_enabled: false });
    await user.click(await screen.findByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(writes(api, 'PUT')[0]?.body).toEqual({ llm_summary_enabled: true });
  });

  it('moves between tabs by path; the Offboard section is only for tenants.offboard (an internal billing admin has none)', async () => {
    const user = userEvent.setup();
    const { location } = openWith('/providers/1/edit', {}, environmentFor('internal_billing_admin'));
    expect(await screen.findByLabelText(/^Name/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Billing' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Offboard Provider' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'AI Summary' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/providers/1/ai-summary'));
  });

  it("shows the Offboard section to a superadmin, and the default clinicians among the provider's clinicians", async () => {
    const user = userEvent.setup();
    const { api } = openWith('/providers/1/edit', {}, environmentFor('superadmin'));
    expect(await screen.findByRole('button', { name: 'Offboard Provider' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'RPM' }), 'a');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/users')).toBe(true));
    const filter = JSON.parse(api.requests.find((r) => r.path === '/api/users')?.query.get('filter') ?? '{}') as Record<string, unknown>;
    expect(filter).toMatchObject({ 'tenant_id[eq]': 1, 'is_provider[eq]': true, 'role[ne]': 'patient' });
  });

  it("adds pricing: proportion of 2 decimals, the volume threshold explained, POST to the provider's pricing", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    openWith('/providers/1/billing', {});
    server.use(
      http.post('*/api/providers/1/fee-for-service-pricing', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ created: 3, rows: [] }, { status: 201 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add pricing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add pricing' });
    expect(within(dialog).getByText('0 is the first tier; a threshold of 100 applies from unit 101 until the next tier.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    await user.type(within(dialog).getByLabelText(/Proportion/), '0.07');
    await user.type(within(dialog).getByLabelText(/Volume threshold/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pricing added')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ proportion: 0.07, volume_threshold: 100 })]);
  });
});
