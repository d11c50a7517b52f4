import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let superadmin: Client;
let internalAdmin: Client;
let billingAdmin: Client;
let northwindAdmin: Client;
let northwindStaff: Client;
let lakesideAdmin: Client;

const ADDRESS = { address_line1: '500 Lake Shore Dr', city: 'Chicago', state: 'IL', zip_code: '60611', country: 'US' };

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  billingAdmin = await clientFor(t.app, 'internal.billing@demo.example');
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  northwindStaff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
});
afterAll(async () => t?.close());

let serial = 0;
/** A fresh location of a tenant, straight in the table. */
async function newLocation(tenantId: number): Promise<number> {
  serial += 1;
  const row = await t.app.db
    .insertInto('locations')
    .values({ tenant_id: tenantId, name: `Test Site ${serial}`, address: JSON.stringify(ADDRESS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A device at a location, straight in the table. */
async function newDevice(values: {
  tenant_id: number;
  location_id: number;
  device_type: string;
  device_manufacturer: string;
  device_model: string | null;
  status: string;
  patient_id?: number;
}) {
  serial += 1;
  const row = await t.app.db
    .insertInto('devices')
    .values({ ...values, external_id: `77${String(serial).padStart(13, '0')}`, misc_data: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const patientOf = (tenantId: number) =>
  t.app.db.selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();

describe('GET locations/{id}/details', () => {
  test('counts the devices at the location: all, inactive, pending, and by type, manufacturer and model', async () => {
    const location = await newLocation(northwind);
    const patient = await patientOf(northwind);
    const at = { tenant_id: northwind, location_id: location };
    await newDevice({ ...at, device_type: 'blood_pressure', device_manufacturer: 'transtek', device_model: 'TMB-2092-G', status: 'inactive' });
    await newDevice({ ...at, device_type: 'blood_pressure', device_manufacturer: 'transtek', device_model: 'TMB-2092-G', status: 'pending' });
    await newDevice({
      ...at,
      device_type: 'blood_pressure',
      device_manufacturer: 'transtek',
      device_model: 'TMB-2092-G',
      status: 'active',
      patient_id: patient.id,
    });
    await newDevice({ ...at, device_type: 'weight_scale', device_manufacturer: 'bodytrace', device_model: 'BT004', status: 'inactive' });
    await newDevice({ ...at, device_type: 'blood_pressure', device_manufacturer: 'tenovi', device_model: null, status: 'pending' });
    await newDevice({ ...at, device_type: 'glucometer', device_manufacturer: 'smartmeter', device_model: 'iGlucose', status: 'decommissioned' });

    const answer = await northwindAdmin.get(`/api/locations/${location}/details`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: location,
      tenant_id: northwind,
      name: expect.stringMatching(/^Test Site/) as unknown,
      address: ADDRESS,
      total_devices: 6,
      total_inactive_devices: 2,
      pending_device_count: 2,
      device_count_table: [
        { device_type: 'blood_pressure', device_manufacturer: 'tenovi', device_model: null, count: 1 },
        { device_type: 'blood_pressure', device_manufacturer: 'transtek', device_model: 'TMB-2092-G', count: 3 },
        { device_type: 'glucometer', device_manufacturer: 'smartmeter', device_model: 'iGlucose', count: 1 },
        { device_type: 'weight_scale', device_manufacturer: 'bodytrace', device_model: 'BT004', count: 1 },
      ],
    });
  });

  test('a location with no devices has zero counts and an empty table', async () => {
    const location = await newLocation(lakeside);
    expect(await lakesideAdmin.get(`/api/locations/${location}/details`)).toMatchObject({
      status: 200,
      body: { total_devices: 0, total_inactive_devices: 0, pending_device_count: 0, device_count_table: [] },
    });
  });

  test('a seeded location agrees with the devices list filtered by location', async () => {
    const location = await t.app.db.selectFrom('locations').select('id').where('tenant_id', '=', northwind).orderBy('id').executeTakeFirstOrThrow();
    const details = (await internalAdmin.get(`/api/locations/${location.id}/details`)).body as Row & { device_count_table: { count: number }[] };
    const total = async (filter: Row) =>
      Number(/\/(\d+)$/.exec(String((await internalAdmin.get('/api/devices', { filter, limit: '1' })).headers['content-range']))?.[1]);
    expect(details.total_devices).toBe(await total({ 'location_id[eq]': location.id }));
    expect(details.total_inactive_devices).toBe(await total({ 'location_id[eq]': location.id, 'status[eq]': 'inactive' }));
    expect(details.pending_device_count).toBe(await total({ 'location_id[eq]': location.id, 'status[eq]': 'pending' }));
    expect(details.device_count_table.reduce((sum, row) => sum + row.count, 0)).toBe(details.total_devices);
    expect(details.total_devices).toBeGreaterThan(0);
  });

  test("another tenant's location is 404 with nothing of it; an unknown id 404; a bad id 422", async () => {
    const theirs = await newLocation(lakeside);
    for (const client of [northwindAdmin, northwindStaff]) {
      expect(await client.get(`/api/locations/${theirs}/details`)).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Not found' } }));
    }
    expect(await superadmin.get('/api/locations/999999/details')).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Not found' } }));
    expect(isValidationError(await superadmin.get('/api/locations/abc/details'), ['path', 'id'])).toBe(true);
    expect((await northwindStaff.get(`/api/locations/${await newLocation(northwind)}/details`)).status).toBe(200);
  });

  test('needs a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/locations/${await newLocation(northwind)}/details` });
    expect(answer.statusCode).toBe(401);
  });
});

describe('PATCH locations/{id}/set-owner', () => {
  test('moves the location; its devices without a patient go with it, devices with a patient and patients of the old provider let go of it', async () => {
    const location = await newLocation(northwind);
    const patient = await patientOf(northwind);
    const at = { tenant_id: northwind, location_id: location, device_manufacturer: 'transtek', device_model: 'TMB-2092-G' };
    const shelf = await newDevice({ ...at, device_type: 'blood_pressure', status: 'inactive' });
    const withPatient = await newDevice({ ...at, device_type: 'weight_scale', status: 'active', patient_id: patient.id });
    await t.app.db.updateTable('patients').set({ facility_location_id: location }).where('id', '=', patient.id).execute();

    const answer = await internalAdmin.send('PATCH', `/api/locations/${location}/set-owner`, { tenant_id: lakeside });
    expect(answer).toMatchObject({ status: 200, body: { id: location, tenant_id: lakeside, name: expect.stringMatching(/^Test Site/) as unknown } });

    const devices = await t.app.db
      .selectFrom('devices')
      .select(['id', 'tenant_id', 'location_id', 'patient_id'])
      .where('id', 'in', [shelf, withPatient])
      .orderBy('id')
      .execute();
    expect(devices).toEqual([
      { id: shelf, tenant_id: lakeside, location_id: location, patient_id: null },
      { id: withPatient, tenant_id: northwind, location_id: null, patient_id: patient.id },
    ]);
    const events = await t.app.db
      .selectFrom('device_activities')
      .select(['device_id', 'activity_type', 'tenant_id', 'patient_id', 'actor_name', 'value'])
      .where('device_id', 'in', [shelf, withPatient])
      .orderBy('device_id')
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        device_id: shelf,
        activity_type: 'update_tenant',
        tenant_id: lakeside,
        patient_id: null,
        actor_name: 'Ines Admin',
        value: expect.objectContaining({ tenant_id: { from: northwind, to: lakeside } }) as unknown,
      }),
      expect.objectContaining({
        device_id: withPatient,
        activity_type: 'set_location',
        tenant_id: northwind,
        patient_id: patient.id,
        value: expect.objectContaining({ location_id: { from: location, to: null } }) as unknown,
      }),
    ]);
    const facility = await t.app.db.selectFrom('patients').select('facility_location_id').where('id', '=', patient.id).executeTakeFirstOrThrow();
    expect(facility.facility_location_id).toBeNull();
    const audited = await t.app.db
      .selectFrom('audit_logs')
      .select(['resource', 'action', 'record_id'])
      .where('request_id', '=', String(answer.headers['x-request-id']))
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { resource: 'devices', action: 'update', record_id: String(shelf) },
        { resource: 'devices', action: 'update', record_id: String(withPatient) },
        { resource: 'patients', action: 'update', record_id: String(patient.id) },
      ]),
    );

    expect(await northwindAdmin.get(`/api/locations/${location}`)).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Not found' } }));
    expect(await lakesideAdmin.get(`/api/locations/${location}/details`)).toMatchObject({ status: 200, body: { tenant_id: lakeside, total_devices: 1 } });
  });

  test('to the same provider changes nothing', async () => {
    const location = await newLocation(northwind);
    const before = await tableFingerprint(t.app, 'locations');
    expect(await superadmin.send('PATCH', `/api/locations/${location}/set-owner`, { tenant_id: northwind })).toMatchObject({
      status: 200,
      body: { tenant_id: northwind },
    });
    expect(await tableFingerprint(t.app, 'locations')).toBe(before);
  });

  test('is refused, changing nothing: without set_owner (403), out of reach (404), to a provider that is not there or not active, with a bad body (422)', async () => {
    const location = await newLocation(northwind);
    await newDevice({
      tenant_id: northwind,
      location_id: location,
      device_type: 'glucometer',
      device_manufacturer: 'smartmeter',
      device_model: 'iGlucose',
      status: 'inactive',
    });
    const inactive = await t.app.db
      .insertInto('tenants')
      .values({ slug: 'closed-clinic', name: 'Closed Clinic', registered_on: new Date(), is_active: false, settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fingerprints = () => Promise.all(['locations', 'devices', 'device_activities', 'patients'].map((table) => tableFingerprint(t.app, table)));
    const before = await fingerprints();
    const url = `/api/locations/${location}/set-owner`;

    for (const client of [northwindAdmin, billingAdmin]) {
      expect(await client.send('PATCH', url, { tenant_id: lakeside })).toEqual(
        expect.objectContaining({ status: 403, body: { detail: 'Not enough permissions' } }),
      );
    }
    expect(await lakesideAdmin.send('PATCH', url, { tenant_id: lakeside })).toMatchObject({ status: 403 });
    expect(await superadmin.send('PATCH', '/api/locations/999999/set-owner', { tenant_id: lakeside })).toEqual(
      expect.objectContaining({ status: 404, body: { detail: 'Not found' } }),
    );
    expect(await superadmin.send('PATCH', url, { tenant_id: 999999 })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'tenant_id'], msg: 'The referenced record does not exist', type: 'foreign_key' }] },
    });
    expect(await superadmin.send('PATCH', url, { tenant_id: inactive.id })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'tenant_id'], msg: 'This provider is not active', type: 'inactive' }] },
    });
    expect(isValidationError(await superadmin.send('PATCH', url, {}), ['body', 'tenant_id'])).toBe(true);
    expect(isValidationError(await superadmin.send('PATCH', url, { tenant_id: 'lakeside' }), ['body', 'tenant_id'])).toBe(true);
    expect(isValidationError(await superadmin.send('PATCH', url, { tenant_id: lakeside, name: 'x' }), ['body', 'name'])).toBe(true);
    // The plain update would leave the devices behind, so it points to set-owner.
    expect(await superadmin.send('PATCH', `/api/locations/${location}`, { tenant_id: lakeside })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'tenant_id'], msg: 'Change the provider with PATCH locations/{id}/set-owner' }] },
    });
    expect(await fingerprints()).toEqual(before);
  });
});

describe('address rules on create and update (spec 002 sections 5 and 9)', () => {
  /** The body as JSON sends it: a part given as undefined is left out. */
  const create = (body: Row) =>
    internalAdmin.send('POST', '/api/locations', JSON.parse(JSON.stringify({ name: 'Harbor Clinic', tenant_id: northwind, ...body })) as Row);

  test('a full US address is accepted, DC and Puerto Rico included, ZIP or ZIP+4; text is trimmed', async () => {
    const created = await create({ name: '  Harbor Clinic ', address: { ...ADDRESS, address_line1: ' 1 Pier Rd ', address_line2: '  ' } });
    expect(created).toMatchObject({ status: 201, body: { name: 'Harbor Clinic', address: { ...ADDRESS, address_line1: '1 Pier Rd', address_line2: null } } });
    for (const address of [
      { ...ADDRESS, state: 'DC', city: 'Washington', zip_code: '20001' },
      { ...ADDRESS, state: 'PR', city: 'San Juan', zip_code: '00901-1234' },
    ]) {
      expect(await create({ address })).toMatchObject({ status: 201, body: { address } });
    }
  });

  test.each([
    ['no address', { address: undefined }, ['body', 'address']],
    ['no street', { address: { ...ADDRESS, address_line1: undefined } }, ['body', 'address', 'address_line1']],
    ['no city', { address: { ...ADDRESS, city: undefined } }, ['body', 'address', 'city']],
    ['no state', { address: { ...ADDRESS, state: undefined } }, ['body', 'address', 'state']],
    ['no ZIP code', { address: { ...ADDRESS, zip_code: undefined } }, ['body', 'address', 'zip_code']],
    ['no country', { address: { ...ADDRESS, country: undefined } }, ['body', 'address', 'country']],
    ['a country other than the United States', { address: { ...ADDRESS, country: 'CA' } }, ['body', 'address', 'country']],
    ['a state that is not a US state, DC or PR', { address: { ...ADDRESS, state: 'ON' } }, ['body', 'address', 'state']],
    ['a state by name', { address: { ...ADDRESS, state: 'Illinois' } }, ['body', 'address', 'state']],
    ['a ZIP code of 4 digits', { address: { ...ADDRESS, zip_code: '6061' } }, ['body', 'address', 'zip_code']],
    ['a ZIP code of 6 digits', { address: { ...ADDRESS, zip_code: '606110' } }, ['body', 'address', 'zip_code']],
    ['a ZIP+4 cut short', { address: { ...ADDRESS, zip_code: '60611-12' } }, ['body', 'address', 'zip_code']],
    ['a ZIP code with letters', { address: { ...ADDRESS, zip_code: 'SW1A 1' } }, ['body', 'address', 'zip_code']],
    ['a blank street', { address: { ...ADDRESS, address_line1: '   ' } }, ['body', 'address', 'address_line1']],
    ['a blank city', { address: { ...ADDRESS, city: ' ' } }, ['body', 'address', 'city']],
    ['a blank name', { name: '   ', address: ADDRESS }, ['body', 'name']],
    ['no name', { name: undefined, address: ADDRESS }, ['body', 'name']],
    ['an unknown address part', { address: { ...ADDRESS, county: 'Cook' } }, ['body', 'address', 'county']],
  ])('a create with %s is 422 naming the field, and nothing is created', async (_case, body, loc) => {
    const before = await tableFingerprint(t.app, 'locations');
    const answer = await create(body);
    expect(isValidationError(answer, loc), JSON.stringify(answer.body)).toBe(true);
    expect(await tableFingerprint(t.app, 'locations')).toBe(before);
  });

  test('an update checks the address the same way and changes nothing when refused', async () => {
    const location = await newLocation(northwind);
    const before = await tableFingerprint(t.app, 'locations');
    const url = `/api/locations/${location}`;
    expect(isValidationError(await northwindAdmin.send('PUT', url, { name: 'Renamed' }), ['body', 'address'])).toBe(true);
    expect(isValidationError(await northwindAdmin.send('PATCH', url, { address: { city: 'Peoria' } }), ['body', 'address', 'address_line1'])).toBe(true);
    expect(isValidationError(await northwindAdmin.send('PATCH', url, { address: { ...ADDRESS, state: 'XX' } }), ['body', 'address', 'state'])).toBe(true);
    expect(isValidationError(await northwindAdmin.send('PATCH', url, { name: ' ' }), ['body', 'name'])).toBe(true);
    expect(await tableFingerprint(t.app, 'locations')).toBe(before);
    const moved = { ...ADDRESS, address_line1: '9 River Rd', city: 'Peoria', zip_code: '61602' };
    expect(await northwindAdmin.send('PATCH', url, { address: moved })).toMatchObject({ status: 200, body: { address: moved } });
  });
});
