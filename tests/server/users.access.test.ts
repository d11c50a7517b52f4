import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_TEXTS } from '../../src/server/routes/users/userAccess';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let internal: Client;
let billing: Client;
let nwAdmin: Client;
let tenants: { northwind: number; lakeside: number };
const db = () => t.app.db;
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const firstLocation = async (tenantId: number, active = true) =>
  (await db().selectFrom('locations').select('id').where('tenant_id', '=', tenantId).where('is_active', '=', active).orderBy('id').executeTakeFirstOrThrow())
    .id;
const revoked = async (id: number) =>
  Number(
    (
      await db()
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  ) === 0;

beforeAll(async () => {
  t = await createTestApp();
  tenants = await tenantIds(t.app);
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  nwAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t?.close());

describe('users/{id}/locations', () => {
  test('adds, lists and removes the locations of an internal user, each audited; twice is 409', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const northwind = await firstLocation(tenants.northwind);
    const lakeside = await firstLocation(tenants.lakeside);
    const added = await internal.send('POST', `/api/users/${clara}/locations`, { location_id: northwind });
    expect(added).toMatchObject({
      status: 201,
      body: { location_id: northwind, tenant_id: tenants.northwind, name: expect.any(String) as unknown, created_on: expect.any(String) as unknown },
    });
    expect((await billing.send('POST', `/api/users/${clara}/locations`, { location_id: lakeside })).status).toBe(201);
    const again = await internal.send('POST', `/api/users/${clara}/locations`, { location_id: northwind });
    expect(again).toMatchObject({ status: 409, body: { message: ACCESS_TEXTS.locationAlreadyAdded } });
    const listed = await internal.get(`/api/users/${clara}/locations`, { limit: 100 });
    expect(listed.status).toBe(200);
    expect((listed.body as Row[]).map((r) => r.location_id)).toEqual([northwind, lakeside]);
    expect(listed.headers['content-range']).toBe('user-locations 0-1/2');
    const audit = await db().selectFrom('audit_logs').select(['action', 'tenant_id']).where('resource', '=', 'user-locations').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', tenant_id: tenants.northwind },
      { action: 'create', tenant_id: tenants.lakeside },
    ]);
    const removed = await internal.send('DELETE', `/api/users/${clara}/locations?location_id=${northwind}`);
    expect(removed).toEqual(expect.objectContaining({ status: 200, body: { message: ACCESS_TEXTS.locationRemoved } }));
    expect(await internal.send('DELETE', `/api/users/${clara}/locations?location_id=${northwind}`)).toMatchObject(NOT_FOUND);
    expect(((await internal.get(`/api/users/${clara}/locations`)).body as Row[]).map((r) => r.location_id)).toEqual([lakeside]);
  });

  test("refuses: roles without internal_users.update (403), another provider's location for a provider user (422), unknown users (404), unknown or inactive locations (422), bad input (422)", async () => {
    const clara = await userId('internal.clinician@demo.example');
    const providerUser = await userId('clinician@northwind.demo.example');
    const location = await firstLocation(tenants.northwind);
    expect(await nwAdmin.get(`/api/users/${providerUser}/locations`)).toMatchObject(FORBIDDEN);
    expect(await nwAdmin.send('POST', `/api/users/${clara}/locations`, { location_id: location })).toMatchObject(FORBIDDEN);
    const clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
    expect(await clinician.send('DELETE', `/api/users/${clara}/locations?location_id=${location}`)).toMatchObject(FORBIDDEN);
    // A provider's user takes its provider's locations (the tab is the internal viewer's), never another provider's.
    const lakesideLocation = await firstLocation(tenants.lakeside);
    expect(await internal.send('POST', `/api/users/${providerUser}/locations`, { location_id: lakesideLocation })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'location_id'], msg: ACCESS_TEXTS.locationOfAnotherProvider }] },
    });
    expect(await internal.send('POST', `/api/users/${providerUser}/locations`, { location_id: location })).toMatchObject({ status: 201 });
    expect(((await internal.get(`/api/users/${providerUser}/locations`)).body as Row[]).map((r) => r.location_id)).toEqual([location]);
    expect(await internal.send('DELETE', `/api/users/${providerUser}/locations?location_id=${location}`)).toMatchObject({ status: 200 });
    expect(await internal.get('/api/users/2147483000/locations')).toMatchObject(NOT_FOUND);
    expect(await internal.send('POST', '/api/users/2147483000/locations', { location_id: location })).toMatchObject(NOT_FOUND);
    expect(await internal.send('POST', `/api/users/${clara}/locations`, { location_id: 2147483000 })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'location_id'], type: 'foreign_key' }] },
    });
    const inactive = await db()
      .insertInto('locations')
      .values({
        tenant_id: tenants.northwind,
        name: 'Closed clinic',
        is_active: false,
        address: JSON.stringify({ address_line1: '1 Closed Way', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await internal.send('POST', `/api/users/${clara}/locations`, { location_id: inactive.id })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'location_id'], msg: ACCESS_TEXTS.locationInactive }] },
    });
    expect(isValidationError(await internal.send('POST', `/api/users/${clara}/locations`, {}), ['body', 'location_id'])).toBe(true);
    expect(isValidationError(await internal.send('POST', `/api/users/${clara}/locations`, { location_id: 'one' }), ['body', 'location_id'])).toBe(true);
    expect(isValidationError(await internal.send('DELETE', `/api/users/${clara}/locations`), ['query', 'location_id'])).toBe(true);
    expect(isValidationError(await internal.get('/api/users/x/locations'), ['path', 'id'])).toBe(true);
  });
});

describe('users/{id}/tenant-user-roles', () => {
  test('a tenant_scoped internal clinician sees only the providers granted through POST tenant-user-roles', async () => {
    const email = 'internal.clinician@demo.example';
    const clara = await userId(email);
    expect(await internal.send('PATCH', `/api/users/${clara}`, { patient_access_level: 'tenant_scoped' })).toMatchObject({ status: 200 });
    expect(await revoked(clara)).toBe(true);
    const added = await internal.send('POST', `/api/users/${clara}/tenant-user-roles`, { tenant_id: tenants.northwind, start_date: '2026-01-15' });
    expect(added).toEqual(
      expect.objectContaining({
        status: 201,
        body: expect.objectContaining({ tenant_id: tenants.northwind, tenant_name: 'Northwind Clinic', start_date: '2026-01-15' }) as unknown,
      }),
    );
    const clinician = await clientFor(t.app, email);
    const patients = await clinician.get('/api/patients', { limit: 500 });
    expect(patients.status).toBe(200);
    expect((patients.body as Row[]).length).toBeGreaterThan(0);
    expect(new Set((patients.body as Row[]).map((r) => r.tenant_id))).toEqual(new Set([tenants.northwind]));
    const lakesidePatient = await db().selectFrom('patients').select('id').where('tenant_id', '=', tenants.lakeside).executeTakeFirstOrThrow();
    expect(await clinician.get(`/api/patients/${lakesidePatient.id}`)).toMatchObject(NOT_FOUND);

    // Lakeside added: the change ends the user's sessions; signed in again, both providers show.
    expect((await internal.send('POST', `/api/users/${clara}/tenant-user-roles`, { tenant_id: tenants.lakeside })).status).toBe(201);
    expect(await revoked(clara)).toBe(true);
    expect((await clinician.get('/api/patients')).status).toBe(401);
    const again = await clientFor(t.app, email);
    expect((await again.get(`/api/patients/${lakesidePatient.id}`)).status).toBe(200);
    const listed = await internal.get(`/api/users/${clara}/tenant-user-roles`, { limit: 20 });
    expect(listed.status).toBe(200);
    // Oldest access first (start_date): Northwind from 2026-01-15, Lakeside from today.
    expect((listed.body as Row[]).map((r) => [r.tenant_id, r.tenant_name, r.start_date])).toEqual([
      [tenants.northwind, 'Northwind Clinic', '2026-01-15'],
      [tenants.lakeside, 'Lakeside Health', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)],
    ]);
    expect(listed.headers['content-range']).toBe('tenant-user-roles 0-1/2');

    // Northwind removed: only Lakeside's patients remain.
    expect(await internal.send('DELETE', `/api/users/${clara}/tenant-user-roles?tenant_id=${tenants.northwind}`)).toEqual(
      expect.objectContaining({ status: 200, body: { message: ACCESS_TEXTS.roleRemoved } }),
    );
    const last = await clientFor(t.app, email);
    const remaining = await last.get('/api/patients', { limit: 500 });
    expect(new Set((remaining.body as Row[]).map((r) => r.tenant_id))).toEqual(new Set([tenants.lakeside]));
    const audit = await db().selectFrom('audit_logs').select(['action', 'tenant_id']).where('resource', '=', 'tenant-user-roles').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', tenant_id: tenants.northwind },
      { action: 'create', tenant_id: tenants.lakeside },
      { action: 'delete', tenant_id: tenants.northwind },
    ]);
  });

  test('refuses: twice (409), an unknown provider (422), a provider user (422), unknown users and access (404), other roles (403), bad input (422)', async () => {
    const billingId = await userId('internal.billing@demo.example');
    const providerUser = await userId('staff@lakeside.demo.example');
    expect((await internal.send('POST', `/api/users/${billingId}/tenant-user-roles`, { tenant_id: tenants.lakeside })).status).toBe(201);
    expect(await internal.send('POST', `/api/users/${billingId}/tenant-user-roles`, { tenant_id: tenants.lakeside })).toMatchObject({
      status: 409,
      body: { message: ACCESS_TEXTS.roleAlreadyAdded },
    });
    expect(await internal.send('POST', `/api/users/${billingId}/tenant-user-roles`, { tenant_id: 2147483000 })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'tenant_id'], type: 'foreign_key' }] },
    });
    expect(await internal.send('POST', `/api/users/${providerUser}/tenant-user-roles`, { tenant_id: tenants.lakeside })).toMatchObject({
      status: 422,
      body: { detail: ACCESS_TEXTS.notInternal },
    });
    expect(await internal.send('POST', '/api/users/2147483000/tenant-user-roles', { tenant_id: tenants.lakeside })).toMatchObject(NOT_FOUND);
    expect(await internal.send('DELETE', `/api/users/${billingId}/tenant-user-roles?tenant_id=${tenants.northwind}`)).toMatchObject(NOT_FOUND);
    expect(await nwAdmin.send('POST', `/api/users/${billingId}/tenant-user-roles`, { tenant_id: tenants.northwind })).toMatchObject(FORBIDDEN);
    expect(await nwAdmin.get(`/api/users/${billingId}/tenant-user-roles`)).toMatchObject(FORBIDDEN);
    const clinician = await clientFor(t.app, 'internal.clinician@demo.example');
    expect(await clinician.get(`/api/users/${billingId}/tenant-user-roles`)).toMatchObject(FORBIDDEN);
    expect(
      isValidationError(await internal.send('POST', `/api/users/${billingId}/tenant-user-roles`, { tenant_id: tenants.lakeside, start_date: '2026-02-30' }), [
        'body',
        'start_date',
      ]),
    ).toBe(true);
    expect(
      isValidationError(await internal.send('POST', `/api/users/${billingId}/tenant-user-roles`, { start_date: '2026-02-01' }), ['body', 'tenant_id']),
    ).toBe(true);
    expect(isValidationError(await internal.send('DELETE', `/api/users/${billingId}/tenant-user-roles?tenant_id=x`), ['query', 'tenant_id'])).toBe(true);
  });
});

describe('GET auth-logs of a user', () => {
  const query = (userIdValue: number) => ({
    filter: { 'user_id[eq]': userIdValue, 'event_type[ne]': 'refresh_token_expired' },
    sort: 'timestamp',
    order: 'desc',
    limit: 5,
  });

  test('an internal admin reads any user, a provider admin its provider users, others only their own; refresh expiries left out', async () => {
    const staff = await userId('staff@northwind.demo.example');
    const lakesideStaff = await userId('staff@lakeside.demo.example');
    await clientFor(t.app, 'staff@northwind.demo.example');
    await clientFor(t.app, 'staff@lakeside.demo.example');
    await db()
      .insertInto('auth_logs')
      .values([
        { event_type: 'refresh_token_expired', user_id: staff, timestamp: sql<Date>`now() + interval '1 minute'` },
        { event_type: 'refresh_token_expired', user_id: lakesideStaff },
      ])
      .execute();
    const byInternal = await internal.get('/api/auth-logs', query(staff));
    expect(byInternal.status).toBe(200);
    const rows = byInternal.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.every((r) => r.user_id === staff && r.event_type !== 'refresh_token_expired')).toBe(true);
    const times = rows.map((r) => Date.parse(r.timestamp as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byProviderAdmin = await nwAdmin.get('/api/auth-logs', query(staff));
    expect((byProviderAdmin.body as Row[]).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // Another provider's user: nothing, as for a user with no events.
    expect(await nwAdmin.get('/api/auth-logs', query(lakesideStaff))).toMatchObject({ status: 200, body: [] });
    // A clinician reads its own log only.
    const clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
    expect(await clinician.get('/api/auth-logs', query(staff))).toMatchObject({ status: 200, body: [] });
    const me = await userId('clinician@northwind.demo.example');
    const mine = await clinician.get('/api/auth-logs', query(me));
    expect((mine.body as Row[]).length).toBeGreaterThan(0);
    expect((mine.body as Row[]).every((r) => r.user_id === me)).toBe(true);
    expect(isValidationError(await internal.get('/api/auth-logs', { filter: { 'event_type[ne]': 'nope' } }), ['query', 'filter', 'event_type[ne]'])).toBe(true);
  });
});

describe('GET patients by enrolled_by_id, with enrollment_valid', () => {
  test('filters the patients a user enrolled, each with the computed rule', async () => {
    const enrolled = await db().selectFrom('patients').select(['enrolled_by_id']).where('enrolled_by_id', 'is not', null).executeTakeFirstOrThrow();
    const by = enrolled.enrolled_by_id as number;
    const listed = await internal.get('/api/patients', { filter: { 'enrolled_by_id[eq]': by }, limit: 500 });
    expect(listed.status).toBe(200);
    const rows = listed.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.enrolled_by_id === by && typeof r.enrollment_valid === 'boolean')).toBe(true);
  });

  test('Valid only when still enrolled, consented, and with a device reading within 30 days of enrolled_on', async () => {
    const patient = await db()
      .selectFrom('patients')
      .select(['id', 'tenant_id'])
      .where('tenant_id', '=', tenants.northwind)
      .where('patient_status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const enrolledOn = new Date('2026-01-10T12:00:00Z');
    await db().deleteFrom('observations').where('patient_id', '=', patient.id).execute();
    await db()
      .updateTable('patients')
      .set({ enrolled_on: enrolledOn, consented_on: enrolledOn, consent_form_document_id: null })
      .where('id', '=', patient.id)
      .execute();
    const valid = async () => ((await internal.get(`/api/patients/${patient.id}`)).body as Row).enrollment_valid;
    const reading = (daysAfter: number, source = 'device') =>
      db()
        .insertInto('observations')
        .values({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          name: 'weight',
          source,
          timestamp: new Date(enrolledOn.getTime() + daysAfter * 86_400_000),
          value: 80,
        })
        .execute();
    expect(await valid()).toBe(false);
    await reading(31);
    await reading(5, 'patient');
    expect(await valid()).toBe(false);
    await reading(29);
    expect(await valid()).toBe(true);
    await db().updateTable('patients').set({ consented_on: null }).where('id', '=', patient.id).execute();
    expect(await valid()).toBe(false);
    await db().updateTable('patients').set({ consented_on: enrolledOn, patient_status: 'disabled' }).where('id', '=', patient.id).execute();
    expect(await valid()).toBe(false);
    await db().updateTable('patients').set({ patient_status: 'active' }).where('id', '=', patient.id).execute();
    expect(await valid()).toBe(true);
    expect(
      isValidationError(await internal.get('/api/patients', { filter: { 'enrollment_valid[eq]': true } }), ['query', 'filter', 'enrollment_valid[eq]']),
    ).toBe(true);
  });
});
