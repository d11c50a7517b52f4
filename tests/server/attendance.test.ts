import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ATTENDANCE_TEXTS } from '../../src/server/resources/definitions/attendances';
import { CHECK_IN_TEXTS } from '../../src/server/services/attendance/checkInOut';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client; // internal_admin: tracked, checked in by the seed; attendances.edit
let clinician: Client; // internal_clinician: tracked, checked in by the seed; its own records only
let billing: Client; // internal_billing_admin: untracked; lists everyone's, edits nothing
let providerAdmin: Client;
let ids: { admin: number; clinician: number; billing: number; patient: number };
let locations: { northwind: number; lakeside: number };
let northwindId: number;
const db = () => t.app.db;

const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const openOf = (id: number) => db().selectFrom('attendances').selectAll().where('user_id', '=', id).where('check_out_time', 'is', null).execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'internal.admin@demo.example');
  clinician = await clientFor(t.app, 'internal.clinician@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  providerAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  ids = {
    admin: await userId('internal.admin@demo.example'),
    clinician: await userId('internal.clinician@demo.example'),
    billing: await userId('internal.billing@demo.example'),
    patient: await userId('patient@northwind.demo.example'),
  };
  const tenants = await tenantIds(t.app);
  northwindId = tenants.northwind;
  const firstLocation = async (tenantId: number) =>
    (await db().selectFrom('locations').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow()).id;
  locations = { northwind: await firstLocation(tenants.northwind), lakeside: await firstLocation(tenants.lakeside) };
});
afterAll(async () => t?.close());

describe('POST attendances/check-in and check-out (spec 001 sections 4, 5, 7)', () => {
  test('a checked-in user checks out, then in with coordinates and a location, and a second check-in is 409', async () => {
    const out = await clinician.send('POST', '/api/attendances/check-out', { latitude_checked_out: 42.36, longitude_checked_out: -71.06 });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ user_id: ids.clinician, latitude_checked_out: 42.36, longitude_checked_out: -71.06 });
    expect((out.body as Row).check_out_time).toEqual(expect.any(String));
    expect(await openOf(ids.clinician)).toHaveLength(0);

    const again = await clinician.send('POST', '/api/attendances/check-out', {});
    expect(again).toMatchObject({ status: 409, body: { detail: CHECK_IN_TEXTS.notCheckedIn } });

    const inside = await clinician.send('POST', '/api/attendances/check-in', {
      location_id: locations.lakeside,
      latitude_checked_in: 40.7128,
      longitude_checked_in: -74.006,
    });
    expect(inside.status).toBe(201);
    expect(inside.body).toMatchObject({
      user_id: ids.clinician,
      user_fullname: expect.any(String) as unknown,
      location_id: locations.lakeside,
      location: { id: locations.lakeside, name: expect.any(String) as unknown },
      attendance_type: 'office',
      check_out_time: null,
      latitude_checked_in: 40.7128,
      longitude_checked_in: -74.006,
      ip_address_checked_in: expect.any(String) as unknown,
    });
    const ongoing = await clinician.get('/api/attendances/ongoing');
    expect(ongoing.body).toEqual({ id: (inside.body as Row).id });

    const twice = await clinician.send('POST', '/api/attendances/check-in', { location_id: locations.lakeside });
    expect(twice).toMatchObject({ status: 409, body: { detail: "You're already checked in" } });
    expect(await openOf(ids.clinician)).toHaveLength(1);

    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('resource', '=', 'attendances')
      .where('record_id', '=', String((inside.body as Row).id))
      .execute();
    expect(audit).toEqual([{ action: 'create', actor_id: ids.clinician }]);
  });

  test('both calls proceed without coordinates (a browser without geolocation)', async () => {
    const out = await admin.send('POST', '/api/attendances/check-out');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ latitude_checked_out: null, longitude_checked_out: null });
    const inside = await admin.send('POST', '/api/attendances/check-in', { location_id: locations.northwind });
    expect(inside.status).toBe(201);
    expect(inside.body).toMatchObject({ latitude_checked_in: null, longitude_checked_in: null, location_id: locations.northwind });
  });

  test('refuses a missing location, half coordinates, impossible ones and unknown fields, and changes nothing', async () => {
    const before = await tableFingerprint(t.app, 'attendances');
    await clinician.send('POST', '/api/attendances/check-out');
    const after = await tableFingerprint(t.app, 'attendances');
    for (const body of [
      {},
      { location_id: locations.northwind, latitude_checked_in: 40 },
      { location_id: locations.northwind, latitude_checked_in: 91, longitude_checked_in: 0 },
      { location_id: locations.northwind, longitude_checked_in: -181, latitude_checked_in: 0 },
      { location_id: 'one' },
      { location_id: locations.northwind, user_id: ids.admin },
    ]) {
      const answer = await clinician.send('POST', '/api/attendances/check-in', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(isValidationError(answer, ['body']) || JSON.stringify(answer.body).includes('body'), JSON.stringify(answer.body)).toBe(true);
    }
    const unknown = await clinician.send('POST', '/api/attendances/check-in', { location_id: 999999 });
    expect(unknown).toMatchObject({ status: 422 });
    expect(isValidationError(unknown, ['body', 'location_id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'attendances')).toBe(after);
    expect(after).not.toBe(before);
  });

  test('an untracked internal user and provider users cannot check in', async () => {
    const untracked = await billing.send('POST', '/api/attendances/check-in', { location_id: locations.northwind });
    expect(untracked).toMatchObject({ status: 403, body: { detail: CHECK_IN_TEXTS.untracked } });
    const provider = await providerAdmin.send('POST', '/api/attendances/check-in', { location_id: locations.northwind });
    expect(provider).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await providerAdmin.send('POST', '/api/attendances/check-out', {})).toMatchObject({ status: 403 });
    expect(await db().selectFrom('attendances').select('id').where('user_id', '=', ids.billing).execute()).toHaveLength(0);
  });
});

describe('GET attendances (spec 002 sections 2, 7 "Attendance")', () => {
  test('the admin roles list everyone, newest check-in first; a tracked clinician lists only its own', async () => {
    const all = await admin.get('/api/attendances', { sort: 'check_in_time', order: 'desc', limit: '100' });
    expect(all.status).toBe(200);
    const users = new Set((all.body as Row[]).map((r) => r.user_id));
    expect(users).toEqual(new Set([ids.admin, ids.clinician]));
    const times = (all.body as Row[]).map((r) => Date.parse(r.check_in_time as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await billing.get('/api/attendances', { limit: '100' })).body).toHaveLength((all.body as Row[]).length);

    const mine = await clinician.get('/api/attendances', { limit: '100' });
    expect((mine.body as Row[]).length).toBeGreaterThan(0);
    expect((mine.body as Row[]).every((r) => r.user_id === ids.clinician)).toBe(true);
    const others = (all.body as Row[]).find((r) => r.user_id === ids.admin) as Row;
    expect(await clinician.get(`/api/attendances/${String(others.id)}`)).toMatchObject({ status: 404 });
    expect(await providerAdmin.get('/api/attendances')).toMatchObject({ status: 403 });
  });

  test('filters by the preset ranges and by user', async () => {
    const today = new Date();
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString();
    const listed = await admin.get('/api/attendances', { filter: { 'check_in_time[gte]': start, 'user_id[eq]': ids.clinician } });
    expect(listed.status).toBe(200);
    expect((listed.body as Row[]).length).toBeGreaterThan(0);
    expect((listed.body as Row[]).every((r) => r.user_id === ids.clinician && Date.parse(r.check_in_time as string) >= Date.parse(start))).toBe(true);
  });
});

describe('attendances written by an editor (attendances.edit; spec 002 section 5)', () => {
  const body = (over: Row = {}) => ({
    user_id: ids.clinician,
    attendance_type: 'training',
    check_in_time: '2026-03-02T14:00:00.000Z',
    check_out_time: '2026-03-02T22:00:00.000Z',
    location_id: locations.northwind,
    ...over,
  });

  test('creates a closed record with the default incentive of 15, edits it, deletes it; each write audited', async () => {
    const created = await admin.send('POST', '/api/attendances', body());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      user_id: ids.clinician,
      tenant_id: northwindId,
      attendance_type: 'training',
      additional_data: { incentive_compensation: false, incentive_compensation_amount: 15 },
    });
    const id = (created.body as Row).id as number;
    const edited = await admin.send('PATCH', `/api/attendances/${String(id)}`, {
      additional_data: { incentive_compensation: true, incentive_compensation_amount: 25 },
    });
    expect(edited).toMatchObject({ status: 200, body: { additional_data: { incentive_compensation: true, incentive_compensation_amount: 25 } } });
    expect(await admin.send('DELETE', `/api/attendances/${String(id)}`)).toMatchObject({ status: 200 });
    const actions = await db()
      .selectFrom('audit_logs')
      .select('action')
      .where('resource', '=', 'attendances')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  test('refuses an untracked user, a patient, a type other than office or training, an incentive above 25, and check-out before check-in', async () => {
    const before = await tableFingerprint(t.app, 'attendances');
    const untracked = await admin.send('POST', '/api/attendances', body({ user_id: ids.billing }));
    expect(untracked.status).toBe(422);
    expect(JSON.stringify(untracked.body)).toContain(ATTENDANCE_TEXTS.untracked);
    expect(isValidationError(await admin.send('POST', '/api/attendances', body({ user_id: ids.patient })), ['body', 'user_id'])).toBe(true);
    expect((await admin.send('POST', '/api/attendances', body({ attendance_type: 'remote' }))).status).toBe(422);
    expect((await admin.send('POST', '/api/attendances', body({ additional_data: { incentive_compensation_amount: 25.5 } }))).status).toBe(422);
    expect((await admin.send('POST', '/api/attendances', body({ additional_data: { incentive_compensation_amount: -1 } }))).status).toBe(422);
    expect((await admin.send('POST', '/api/attendances', body({ attendance_type: undefined }))).status).toBe(422);
    const backwards = await admin.send('POST', '/api/attendances', body({ check_out_time: '2026-03-02T13:00:00.000Z' }));
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(backwards.body)).toContain(ATTENDANCE_TEXTS.order);
    expect(await tableFingerprint(t.app, 'attendances')).toBe(before);
  });

  test('a second open record for a user is 409, and only the editors write', async () => {
    if ((await openOf(ids.admin)).length === 0) await admin.send('POST', '/api/attendances/check-in', { location_id: locations.northwind });
    const second = await admin.send('POST', '/api/attendances', body({ check_in_time: new Date().toISOString(), check_out_time: null, user_id: ids.admin }));
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(await openOf(ids.admin)).toHaveLength(1);
    expect(await billing.send('POST', '/api/attendances', body())).toMatchObject({ status: 403 });
    expect(await clinician.send('POST', '/api/attendances', body())).toMatchObject({ status: 403 });
  });
});

describe('GET attendances/{id}/places (the details dialog)', () => {
  test('names the coordinates and the client address of each end; an open record has no check-out yet', async () => {
    await clinician.send('POST', '/api/attendances/check-out');
    const inside = await clinician.send('POST', '/api/attendances/check-in', {
      location_id: locations.northwind,
      latitude_checked_in: 40.5,
      longitude_checked_in: -73.25,
    });
    const id = (inside.body as Row).id as number;
    const places = await clinician.get(`/api/attendances/${String(id)}/places`);
    expect(places.status).toBe(200);
    expect(places.body).toMatchObject({
      id,
      checked_in: {
        latitude: 40.5,
        longitude: -73.25,
        map_url: null,
        ip_address: expect.any(String) as unknown,
        ip_place: { kind: expect.any(String) as unknown, description: expect.any(String) as unknown },
      },
      checked_out: null,
    });
    expect(await providerAdmin.get(`/api/attendances/${String(id)}/places`)).toMatchObject({ status: 403 });
    const others = await db().selectFrom('attendances').select('id').where('user_id', '=', ids.admin).executeTakeFirstOrThrow();
    expect(await clinician.get(`/api/attendances/${String(others.id)}/places`)).toMatchObject({ status: 404 });
    expect(await admin.get(`/api/attendances/${String(id)}/places`)).toMatchObject({ status: 200 });
  });
});
