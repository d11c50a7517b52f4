import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let superadmin: Client;
let northwind: number;
let lakeside: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

/** A location needs a full US address (spec 002 sections 5 and 9). */
const ADDRESS = { address_line1: '12 Lake Ave', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' };

/** A new patient needs an address (ADDRESS above) and a billing provider of its provider (spec 001 section 5). */
const staffOf = async (tenantId: number) =>
  (await t.app.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'clinician').executeTakeFirstOrThrow()).id;

const firstOf = (table: 'locations' | 'devices' | 'patients', tenantId: number) =>
  t.app.db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();

describe('create, read, update (PUT and PATCH), delete', () => {
  test('a location through its whole life', async () => {
    const created = await admin.send('POST', '/api/locations', { name: 'Riverside Annex', address: ADDRESS });
    expect(created.status).toBe(201);
    const location = created.body as Row & { id: number };
    expect(location).toMatchObject({ name: 'Riverside Annex', tenant_id: northwind, is_active: true, description: null });
    expect(await admin.get(`/api/locations/${location.id}`)).toMatchObject({ status: 200, body: location });

    const patched = await admin.send('PATCH', `/api/locations/${location.id}`, { description: 'Second floor' });
    expect(patched).toMatchObject({ status: 200, body: { name: 'Riverside Annex', description: 'Second floor' } });
    const replaced = await admin.send('PUT', `/api/locations/${location.id}`, { name: 'Riverside Clinic', is_active: false, address: ADDRESS });
    expect(replaced).toMatchObject({ status: 200, body: { name: 'Riverside Clinic', is_active: false, description: 'Second floor' } });
    expect(isValidationError(await admin.send('PUT', `/api/locations/${location.id}`, { is_active: true, address: ADDRESS }), ['body', 'name'])).toBe(true);

    expect(await admin.send('DELETE', `/api/locations/${location.id}`)).toMatchObject({ status: 200, body: { id: location.id } });
    expect(await admin.get(`/api/locations/${location.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });

  test('read-only fields are refused in a create, and ignored in an update (a record read can be sent back)', async () => {
    const before = await tableFingerprint(t.app, 'locations');
    const created = await admin.send('POST', '/api/locations', { name: 'Backdated', address: ADDRESS, created_at: '2020-01-01T00:00:00Z' });
    expect(isValidationError(created, ['body', 'created_at'])).toBe(true);
    expect(await tableFingerprint(t.app, 'locations')).toBe(before);
    const { id } = await firstOf('locations', northwind);
    const read = await admin.get(`/api/locations/${id}`);
    const answer = await admin.send('PATCH', `/api/locations/${id}`, { created_at: '2020-01-01T00:00:00Z' });
    expect(answer).toMatchObject({ status: 200, body: read.body as Row });
    expect(await tableFingerprint(t.app, 'locations')).toBe(before);
  });

  test('a patient is created with its account (role patient) in one transaction and deleted with it', async () => {
    const body = {
      birthdate: '1950-03-04',
      gender: 'Female',
      primary_condition: 'COPD',
      billing_provider_id: await staffOf(northwind),
      user: { first_name: 'Ada', last_name: 'Quill', email: 'ada.quill@example.org', phone_number: '+16085550100', address: ADDRESS },
    };
    const created = await admin.send('POST', '/api/patients', body);
    expect(created.status).toBe(201);
    const patient = created.body as Row & { id: number; user: Row };
    expect(patient).toMatchObject({ tenant_id: northwind, patient_status: 'pending_enrollment', user: { full_name: 'Ada Quill', tenant_id: northwind } });
    const account = await t.app.db
      .selectFrom('users')
      .select(['role', 'tenant_id'])
      .where('id', '=', patient.user.id as number)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ role: 'patient', tenant_id: northwind });

    const patched = await admin.send('PATCH', `/api/patients/${patient.id}`, { notes: 'Prefers mornings', user: { mobile_phone_number: '+16085550101' } });
    expect(patched).toMatchObject({ status: 200, body: { notes: 'Prefers mornings', user: { mobile_phone_number: '+16085550101', first_name: 'Ada' } } });

    expect((await admin.send('DELETE', `/api/patients/${patient.id}`)).status).toBe(200);
    const left = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', patient.user.id as number)
      .execute();
    expect(left).toEqual([]);
  });

  test('a device activity takes its provider and patient from the device and its actor from the caller', async () => {
    const device = await t.app.db
      .selectFrom('devices')
      .select(['id', 'patient_id'])
      .where('tenant_id', '=', northwind)
      .where('patient_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const answer = await admin.send('POST', '/api/device-activities', {
      device_id: device.id,
      activity_type: 'issue_report',
      value: { issue_type: 'battery', description: 'Drains overnight', is_resolved: false, reported_by_patient: false },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ tenant_id: northwind, patient_id: device.patient_id, actor_name: 'Alex Northam', activity_type: 'issue_report' });
  });
});

describe('tenancy of writes', () => {
  test("a provider user's new row is forced into its own tenant", async () => {
    const answer = await admin.send('POST', '/api/locations', { name: 'Forced Here', tenant_id: lakeside, address: ADDRESS });
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: northwind } });
  });

  test('moving a row to another tenant needs set_owner with scope all', async () => {
    // Devices move through their own update_action (tests/server/devices.actions.test.ts); a staff account shows the engine's rule.
    const { id } = await t.app.db.selectFrom('users').select('id').where('email', '=', 'staff@northwind.demo.example').executeTakeFirstOrThrow();
    const before = await tableFingerprint(t.app, 'users');
    expect(isValidationError(await admin.send('PATCH', `/api/users/${id}`, { tenant_id: lakeside }), ['body', 'tenant_id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'users')).toBe(before);
    const location = await superadmin.send('POST', '/api/locations', { name: 'Movable', tenant_id: northwind, address: ADDRESS });
    // A location moves through set-owner, which takes what is at it along (routes/locations/README.md).
    const moved = await superadmin.send('PATCH', `/api/locations/${(location.body as Row & { id: number }).id}/set-owner`, { tenant_id: lakeside });
    expect(moved).toMatchObject({ status: 200, body: { tenant_id: lakeside } });
  });

  test("a reference to another tenant's row is refused as if it did not exist", async () => {
    const theirs = await firstOf('locations', lakeside);
    const before = await tableFingerprint(t.app, 'devices');
    for (const locationId of [theirs.id, 999_999]) {
      const answer = await admin.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'glucometer', location_id: locationId });
      expect(isValidationError(answer, ['body', 'location_id'])).toBe(true);
    }
    const activity = await admin.send('POST', '/api/device-activities', { device_id: (await firstOf('devices', lakeside)).id, activity_type: 'message' });
    expect(isValidationError(activity, ['body', 'device_id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'devices')).toBe(before);
  });

  test('roles: a provider admin cannot give an internal role, nobody gives superadmin', async () => {
    const base = { first_name: 'Nia', last_name: 'Stone', staff_type: 'support_staff' };
    const internal = await admin.send('POST', '/api/users', { ...base, email: 'nia@example.org', role: 'internal_admin' });
    expect(isValidationError(internal, ['body', 'role'])).toBe(true);
    const superRole = await superadmin.send('POST', '/api/users', { ...base, email: 'nia@example.org', role: 'superadmin' });
    expect(superRole.body).toEqual({ detail: [{ loc: ['body', 'role'], msg: "You can't set a user as a superadmin.", type: 'value_error' }] });
    const staff = await admin.send('POST', '/api/users', { ...base, email: 'nia@example.org', role: 'staff' });
    expect(staff).toMatchObject({ status: 201, body: { tenant_id: northwind, role: 'staff', is_internal: false } });
  });
});

describe('conflicts', () => {
  test('a duplicate key is 409 with "Key"; the value is echoed only where it cannot be patient data', async () => {
    const before = await tableFingerprint(t.app, 'users');
    const user = await admin.send('POST', '/api/users', { first_name: 'A', last_name: 'B', email: 'CLINICIAN@northwind.demo.example', role: 'staff' });
    expect(user).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Key (email)=(clinician@northwind.demo.example) already exists.' } }));

    const patientEmail = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'patient')
      .where('tenant_id', '=', lakeside)
      .executeTakeFirstOrThrow();
    const patient = await admin.send('POST', '/api/patients', {
      birthdate: '1960-01-01',
      gender: 'Male',
      billing_provider_id: await staffOf(northwind),
      user: { first_name: 'A', last_name: 'B', email: patientEmail.email, address: ADDRESS },
    });
    expect(patient).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Key (email) already exists.' } }));
    expect(JSON.stringify(patient.body)).not.toContain(patientEmail.email);
    expect(await tableFingerprint(t.app, 'users')).toBe(before);

    const imei = await t.app.db.selectFrom('devices').select('external_id').where('tenant_id', '=', lakeside).executeTakeFirstOrThrow();
    const device = await admin.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'glucometer', external_id: imei.external_id });
    expect(device).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Key (external_id) already exists.' } }));
  });

  test('a failed write leaves no audit row', async () => {
    const before = await tableFingerprint(t.app, 'audit_logs');
    const imei = await t.app.db.selectFrom('devices').select('external_id').where('tenant_id', '=', northwind).executeTakeFirstOrThrow();
    expect((await admin.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'cgm', external_id: imei.external_id })).status).toBe(409);
    expect(await tableFingerprint(t.app, 'audit_logs')).toBe(before);
  });
});

describe('audit trail of patient data', () => {
  const auditRows = (requestId: string) => t.app.db.selectFrom('audit_logs').selectAll().where('request_id', '=', requestId).execute();

  test('reading a patient, listing patients and reading a device with a patient each write one row', async () => {
    const { id } = await firstOf('patients', northwind);
    const read = await admin.get(`/api/patients/${id}`);
    expect(await auditRows(String(read.headers['x-request-id']))).toEqual([
      expect.objectContaining({ action: 'read', resource: 'patients', record_id: String(id), patient_id: id, tenant_id: northwind, actor_role: 'admin' }),
    ]);
    const list = await admin.get('/api/patients', { limit: '3' });
    const [listRow] = await auditRows(String(list.headers['x-request-id']));
    expect(listRow).toMatchObject({ action: 'list', resource: 'patients', record_id: (list.body as Row[]).map((p) => p.id).join(',') });

    const device = await t.app.db
      .selectFrom('devices')
      .select(['id', 'patient_id'])
      .where('tenant_id', '=', northwind)
      .where('patient_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const deviceRead = await admin.get(`/api/devices/${device.id}`);
    expect(await auditRows(String(deviceRead.headers['x-request-id']))).toEqual([
      expect.objectContaining({ action: 'read', resource: 'devices', patient_id: device.patient_id, ip_address: '127.0.0.1' }),
    ]);
  });

  test('a refused read writes one denied row; resources without patient data are not audited', async () => {
    const theirs = await firstOf('patients', lakeside);
    const refused = await admin.get(`/api/patients/${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(await auditRows(String(refused.headers['x-request-id']))).toEqual([expect.objectContaining({ outcome: 'denied', patient_id: theirs.id })]);
    const before = await tableFingerprint(t.app, 'audit_logs');
    expect((await admin.get('/api/locations')).status).toBe(200);
    expect(await tableFingerprint(t.app, 'audit_logs')).toBe(before);
  });
});

describe('internal users limited to listed tenants (patient_access_level tenant_scoped)', () => {
  test('reach the patient data of their tenants only, and still the operator rows', async () => {
    const clinician = await clientFor(t.app, 'internal.clinician@demo.example');
    const me = await t.app.db.selectFrom('users').select('id').where('email', '=', 'internal.clinician@demo.example').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ patient_access_level: 'tenant_scoped' }).where('id', '=', me.id).execute();
    await t.app.db.insertInto('tenant_user_roles').values({ user_id: me.id, tenant_id: northwind }).execute();
    try {
      const list = await clinician.get('/api/patients', { limit: '500' });
      const northwindPatients = await t.app.db.selectFrom('patients').select('id').where('tenant_id', '=', northwind).execute();
      expect(list.headers['content-range']).toMatch(new RegExp(`/${northwindPatients.length}$`));
      expect((list.body as Row[]).every((p) => p.tenant_id === northwind)).toBe(true);
      expect(await clinician.get(`/api/patients/${(await firstOf('patients', lakeside)).id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      const inventory = await t.app.db.selectFrom('devices').select('id').where('tenant_id', 'is', null).executeTakeFirstOrThrow();
      expect((await clinician.get(`/api/devices/${inventory.id}`)).status).toBe(200);
    } finally {
      await t.app.db.deleteFrom('tenant_user_roles').where('user_id', '=', me.id).execute();
      await t.app.db.updateTable('users').set({ patient_access_level: 'all' }).where('id', '=', me.id).execute();
    }
  });
});

test('the OpenAPI document lists the resources with their body schemas', async () => {
  const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  const paths = answer.json<{ paths: Record<string, unknown> }>().paths;
  expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/devices', '/api/devices/{id}', '/api/patients/{patient_id}/devices']));
});
