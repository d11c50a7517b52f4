import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

/**
 * The writes the console's provider and user screens send (screens/providers.*.json,
 * screens/users.*.json), as they send them, and the list All Patients asks for.
 */
let test: TestApp;
let internalAdmin: Client;
let northwindAdmin: Client;
let tenants: Awaited<ReturnType<typeof tenantIds>>;

beforeAll(async () => {
  test = await createTestApp();
  internalAdmin = await clientFor(test.app, 'internal.admin@demo.example');
  northwindAdmin = await clientFor(test.app, 'admin@northwind.demo.example');
  tenants = await tenantIds(test.app);
});
afterAll(() => test.close());

const ADDRESS = { address_line1: '1 Harbor Way', city: 'Portland', state: 'ME', zip_code: '04101', country: 'US' };
const userIdOf = async (email: string) => (await test.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('providers: Add organization and the general form', () => {
  it('creates a provider from the Add organization form', async () => {
    const created = await internalAdmin.send('POST', '/api/providers', {
      name: 'Harbor Care',
      email: 'office@harbor.example',
      npi_number: '1234567890',
      customer_size: 'small',
      timezone: 'America/New_York',
      address: ADDRESS,
      billing_scheme: 'fee_for_service',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const read = await internalAdmin.get(`/api/providers/${id}`);
    expect(read.body).toMatchObject({
      name: 'Harbor Care',
      timezone: 'America/New_York',
      billing_scheme: 'fee_for_service',
      address: ADDRESS,
      is_active: true,
    });
    expect(typeof (read.body as { registered_on: unknown }).registered_on).toBe('string');
  });

  it('saves the general form by PUT', async () => {
    const id = tenants.northwind;
    const saved = await internalAdmin.send('PUT', `/api/providers/${id}`, {
      name: 'Northwind Family Clinic',
      email: 'office@northwind.example',
      customer_size: 'large',
      npi_number: '1457389201',
      address: { ...ADDRESS, address_line2: null },
      timezone: 'America/Denver',
    });
    expect(saved.status).toBe(200);
    expect((await internalAdmin.get(`/api/providers/${id}`)).body).toMatchObject({
      name: 'Northwind Family Clinic',
      customer_size: 'large',
      timezone: 'America/Denver',
    });
  });

  it('refuses what the form never sends: a time zone or size it does not offer, a short NPI; ignores the read-only client-since date', async () => {
    const id = tenants.lakeside;
    const send = (body: object) => internalAdmin.send('PUT', `/api/providers/${id}`, { name: 'Lakeside Health', ...body });
    // An update ignores read-only fields, so that a record read can be sent back (resources README).
    const { registered_on } = (await internalAdmin.get(`/api/providers/${id}`)).body as { registered_on: string };
    expect(await send({ registered_on: '2020-01-01T00:00:00Z' })).toMatchObject({ status: 200, body: { registered_on } });
    const before = await tableFingerprint(test.app, 'tenants');
    expect(isValidationError(await send({ timezone: 'Mars/Olympus' }), ['body', 'timezone'])).toBe(true);
    expect(isValidationError(await send({ customer_size: 'huge' }), ['body', 'customer_size'])).toBe(true);
    expect(isValidationError(await send({ npi_number: '12345' }), ['body', 'npi_number'])).toBe(true);
    expect(await tableFingerprint(test.app, 'tenants')).toBe(before);
  });

  it('leaves providers to internal users: a provider admin cannot create one', async () => {
    expect((await northwindAdmin.send('POST', '/api/providers', { name: 'Rogue Clinic' })).status).toBe(403);
  });
});

describe('users: Create User, the Account form and the Disable/Enable toggle', () => {
  it('creates a provider user from the dialog, in the creator’s own provider', async () => {
    const created = await northwindAdmin.send('POST', '/api/users', {
      first_name: 'Lee',
      last_name: 'Park',
      email: 'lee.park@northwind.demo.example',
      phone_number: null,
      role: 'clinician',
      staff_type: 'registered_nurse',
      is_provider: true,
      npi_number: '1234567890',
      enabled_care_program_types: ['rpm', 'ccm'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenant_id: tenants.northwind, role: 'clinician', is_internal: false, enabled_care_program_types: ['rpm', 'ccm'] });
  });

  it('saves the Account form by PUT, the unchanged role included, and a cleared phone as null', async () => {
    const id = await userIdOf('staff@northwind.demo.example');
    const saved = await northwindAdmin.send('PUT', `/api/users/${id}`, {
      first_name: 'Sky',
      middle_name: null,
      last_name: 'Porter-Lane',
      email: 'staff@northwind.demo.example',
      phone_number: null,
      role: 'staff',
      staff_type: 'onboarding_staff',
      is_provider: false,
      npi_number: null,
      credentials: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ full_name: 'Sky Porter-Lane', phone_number: null, role: 'staff', tenant_id: tenants.northwind });
  });

  it('disables and enables a user by PATCH of is_active', async () => {
    const id = await userIdOf('ma.chen@northwind.demo.example');
    expect((await northwindAdmin.send('PATCH', `/api/users/${id}`, { is_active: false })).status).toBe(200);
    expect((await northwindAdmin.get(`/api/users/${id}`)).body).toMatchObject({ is_active: false });
    expect((await northwindAdmin.send('PATCH', `/api/users/${id}`, { is_active: true })).status).toBe(200);
    expect((await northwindAdmin.get(`/api/users/${id}`)).body).toMatchObject({ is_active: true });
  });

  it("refuses a care program that does not exist and another provider's user (404), changing nothing", async () => {
    const own = await userIdOf('dr.reyes@northwind.demo.example');
    const other = await userIdOf('staff@lakeside.demo.example');
    const before = await tableFingerprint(test.app, 'users');
    const wrong = await northwindAdmin.send('PATCH', `/api/users/${own}`, { enabled_care_program_types: ['rpm', 'xyz'] });
    expect(wrong.status).toBe(422);
    expect((wrong.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc.slice(0, 2)).toEqual(['body', 'enabled_care_program_types']);
    expect((await northwindAdmin.send('PATCH', `/api/users/${other}`, { is_active: false })).status).toBe(404);
    expect(await tableFingerprint(test.app, 'users')).toBe(before);
  });
});

describe('patients: the All Patients list', () => {
  it('lists one status, newest registration first', async () => {
    const answer = await internalAdmin.get('/api/patients', {
      sort: 'created_at',
      order: 'desc',
      skip: '0',
      limit: '10',
      filter: { 'patient_status[eq]': 'consented' },
    });
    expect(answer.status).toBe(200);
    const rows = answer.body as { patient_status: string; created_at: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.patient_status === 'consented')).toBe(true);
    expect(rows.map((row) => row.created_at)).toEqual([...rows.map((row) => row.created_at)].sort().reverse());
  });

  it('finds a patient by phone in the US format the console sends', async () => {
    const [first] = (await northwindAdmin.get('/api/patients', { limit: '1' })).body as { id: number; user: { phone_number: string } }[];
    const answer = await northwindAdmin.get('/api/patients', { filter: { q: { field: 'user.phone_number', value: first?.user.phone_number } } });
    expect(answer.status).toBe(200);
    expect((answer.body as { id: number }[]).map((row) => row.id)).toContain(first?.id);
  });
});
