import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let clinician: Client;
let superadmin: Client;
const db = () => t.app.db;
const NY = 'America/New_York';
const PAST = 'You cannot add availability slots in the past. Please select a future time slot.';
const MISSING = 'The referenced record does not exist';
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Thursday 4 November 2027 09:00-17:00 New York (summer time); the clocks go back on 7 November 2027. */
const slot = (user_id: number, extra: Row = {}) => ({
  range_start: '2027-11-04T13:00:00.000Z',
  range_end: '2027-11-04T21:00:00.000Z',
  availability_date: '2027-11-04',
  timezone_abbr: NY,
  user_id,
  appointment_location_id: null,
  is_repeating: false,
  repeat_interval: null,
  repeat_until: null,
  ...extra,
});
const weekly = (user_id: number, extra: Row = {}) => slot(user_id, { is_repeating: true, repeat_interval: 'weekly', repeat_until: '2027-12-02', ...extra });
const week = (client: Client, query: Row = {}) => client.get('/api/availability', { start_date: '2027-11-01', end_date: '2027-11-30', timezone: NY, ...query });
const starts = (answer: { body: unknown }) => (answer.body as Row[]).map((o) => [o.id, o.availability_date, o.range_start]);
const auditCount = async (id: number) =>
  Number(
    (
      await db()
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('resource', '=', 'availability')
        .where('record_id', '=', String(id))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'internal.admin@demo.example');
  clinician = await clientFor(t.app, 'internal.clinician@demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

describe('availability', () => {
  test('adds a weekly series and lists its occurrences at 09:00 local across the DST change, with user and location', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const tenants = await tenantIds(t.app);
    const location = await db().selectFrom('locations').select(['id', 'name']).where('tenant_id', '=', tenants.northwind).executeTakeFirstOrThrow();
    await db().insertInto('user_locations').values({ user_id: clara, location_id: location.id }).execute();

    const created = await admin.send('POST', '/api/availability', weekly(clara, { appointment_location_id: location.id }));
    expect(created).toMatchObject({
      status: 201,
      body: { availability_date: '2027-11-04', range_start: '2027-11-04T13:00:00.000Z', is_repeating: true, repeat_interval: 'weekly', timezone_abbr: NY },
    });
    const id = (created.body as Row).id as number;
    expect(await auditCount(id)).toBe(1);

    const listed = await week(admin, { user_id: clara });
    expect(listed.status).toBe(200);
    expect(listed.headers['content-range']).toBe('availability 0-3/4');
    expect(starts(listed)).toEqual([
      [id, '2027-11-04', '2027-11-04T13:00:00.000Z'],
      [id, '2027-11-11', '2027-11-11T14:00:00.000Z'],
      [id, '2027-11-18', '2027-11-18T14:00:00.000Z'],
      [id, '2027-11-25', '2027-11-25T14:00:00.000Z'],
    ]);
    expect((listed.body as Row[])[1]).toEqual({
      id,
      availability_date: '2027-11-11',
      range_start: '2027-11-11T14:00:00.000Z',
      range_end: '2027-11-11T22:00:00.000Z',
      is_repeating: true,
      repeat_interval: 'weekly',
      repeat_until: '2027-12-02',
      timezone_abbr: NY,
      user_id: clara,
      appointment_location_id: location.id,
      user: { id: clara, full_name: expect.any(String) as string },
      location: { id: location.id, name: location.name },
    });
    // Filters: another location, other users, one page of two.
    expect((await week(admin, { location_ids: String(location.id + 1000) })).body).toEqual([]);
    expect(starts(await week(admin, { user_ids: `${clara},1` }))).toHaveLength(4);
    const page2 = await week(admin, { user_id: clara, page: 2, perPage: 2 });
    expect(page2.headers['content-range']).toBe('availability 2-3/4');
    expect(starts(page2).map((s) => s[1])).toEqual(['2027-11-18', '2027-11-25']);

    // Edit this_and_following from the third week to 10:00-16:00 local, then delete the fourth alone.
    const edited = await admin.send('PUT', `/api/availability/${id}`, {
      ...weekly(clara, { appointment_location_id: location.id }),
      range_start: '2027-11-18T15:00:00.000Z',
      range_end: '2027-11-18T21:00:00.000Z',
      availability_date: '2027-11-18',
      recurring_edit_mode: 'this_and_following',
    });
    expect(edited).toMatchObject({ status: 200, body: { availability_date: '2027-11-18', repeat_until: '2027-12-02' } });
    const newId = (edited.body as Row).id as number;
    expect(newId).not.toBe(id);
    const deleted = await admin.send('POST', `/api/availability/${newId}/delete`, { delete_mode: 'this', availability_date: '2027-11-25' });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Availability deleted' } });
    expect(starts(await week(admin, { user_id: clara }))).toEqual([
      [id, '2027-11-04', '2027-11-04T13:00:00.000Z'],
      [id, '2027-11-11', '2027-11-11T14:00:00.000Z'],
      [newId, '2027-11-18', '2027-11-18T15:00:00.000Z'],
    ]);
    expect(await auditCount(id)).toBe(2);
    expect(await auditCount(newId)).toBe(2);

    // This: one occurrence moved alone; all: the whole series removed.
    const single = await admin.send('PUT', `/api/availability/${id}`, {
      ...weekly(clara),
      range_start: '2027-11-11T16:00:00.000Z',
      range_end: '2027-11-11T18:00:00.000Z',
      availability_date: '2027-11-11',
      recurring_edit_mode: 'this',
    });
    expect(single).toMatchObject({ status: 200, body: { is_repeating: false, availability_date: '2027-11-11', appointment_location_id: null } });
    expect((await admin.send('POST', `/api/availability/${id}/delete`, { delete_mode: 'all' })).status).toBe(200);
    expect(starts(await week(admin, { user_id: clara }))).toEqual([
      [(single.body as Row).id, '2027-11-11', '2027-11-11T16:00:00.000Z'],
      [newId, '2027-11-18', '2027-11-18T15:00:00.000Z'],
    ]);
  });

  test('refuses the past, a bad order, off-step times, missing repeat fields, a patient, an unassigned location and a day off the series', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const post = (body: Row) => admin.send('POST', '/api/availability', body);
    const past = await post(slot(clara, { range_start: '2020-01-02T14:00:00.000Z', range_end: '2020-01-02T15:00:00.000Z', availability_date: '2020-01-02' }));
    expect(past).toEqual(expect.objectContaining({ status: 422, body: { detail: [{ loc: ['body', 'range_start'], msg: PAST, type: 'value_error' }] } }));
    expect(isValidationError(await post(slot(clara, { range_end: '2027-11-04T13:00:00.000Z' })), ['body', 'range_end'])).toBe(true);
    expect(isValidationError(await post(slot(clara, { range_start: '2027-11-04T13:10:00.000Z' })), ['body', 'range_start'])).toBe(true);
    expect(isValidationError(await post(slot(clara, { is_repeating: true, repeat_interval: 'weekly' })), ['body', 'repeat_until'])).toBe(true);
    expect(isValidationError(await post(slot(clara, { is_repeating: true, repeat_until: '2027-12-01' })), ['body', 'repeat_interval'])).toBe(true);
    expect(isValidationError(await post(slot(clara, { timezone_abbr: 'Mars/Olympus' })), ['body', 'timezone_abbr'])).toBe(true);
    const patient = await userId('patient@northwind.demo.example');
    expect((await post(slot(patient))).body).toEqual({ detail: [{ loc: ['body', 'user_id'], msg: MISSING, type: 'foreign_key' }] });
    expect((await post(slot(99999999))).body).toEqual({ detail: [{ loc: ['body', 'user_id'], msg: MISSING, type: 'foreign_key' }] });
    const other = await db().selectFrom('locations').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db().deleteFrom('user_locations').where('user_id', '=', clara).where('location_id', '=', other.id).execute();
    expect((await post(slot(clara, { appointment_location_id: other.id }))).body).toEqual({
      detail: [{ loc: ['body', 'appointment_location_id'], msg: MISSING, type: 'foreign_key' }],
    });

    const series = await post(weekly(clara));
    const id = (series.body as Row).id as number;
    // A scope is required for a series; a day the series has no occurrence on is refused; an edit into the past too.
    expect(isValidationError(await admin.send('POST', `/api/availability/${id}/delete`, {}), ['body', 'delete_mode'])).toBe(true);
    expect(
      isValidationError(await admin.send('POST', `/api/availability/${id}/delete`, { delete_mode: 'this', availability_date: '2027-11-05' }), [
        'body',
        'availability_date',
      ]),
    ).toBe(true);
    const intoPast = await admin.send('PUT', `/api/availability/${id}`, {
      ...weekly(clara, { range_start: '2020-01-02T14:00:00.000Z', range_end: '2020-01-02T15:00:00.000Z' }),
      recurring_edit_mode: 'this',
    });
    expect(intoPast).toMatchObject({ status: 422, body: { detail: [{ msg: PAST }] } });
    expect((await admin.send('PUT', '/api/availability/99999999', { ...slot(clara), recurring_edit_mode: 'all' })).status).toBe(404);
    // The query's days are required and in order.
    expect(isValidationError(await admin.get('/api/availability', { start_date: '2027-11-01' }), ['query', 'end_date'])).toBe(true);
    expect(isValidationError(await week(admin, { start_date: '2027-12-01' }), ['query', 'end_date'])).toBe(true);
  });

  test('own scope: a tracked internal clinician lists and writes only its own slots; provider users hold no availability', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const billingUser = await userId('internal.billing@demo.example');
    const others = await superadmin.send(
      'POST',
      '/api/availability',
      slot(billingUser, { range_start: '2027-11-05T13:00:00.000Z', range_end: '2027-11-05T14:00:00.000Z', availability_date: '2027-11-05' }),
    );
    expect(others.status).toBe(201);
    const otherId = (others.body as Row).id as number;

    // A full day (00:00 to 24:00 local) of its own.
    const mine = await clinician.send(
      'POST',
      '/api/availability',
      slot(clara, { range_start: '2027-11-06T04:00:00.000Z', range_end: '2027-11-07T04:00:00.000Z', availability_date: '2027-11-06' }),
    );
    expect(mine.status).toBe(201);
    const mineId = (mine.body as Row).id as number;
    expect(await clinician.send('POST', '/api/availability', slot(billingUser))).toMatchObject(FORBIDDEN);

    const listed = await week(clinician, { user_id: billingUser });
    expect(listed.status).toBe(200);
    const ids = new Set((listed.body as Row[]).map((o) => o.id));
    expect(ids.has(mineId)).toBe(true);
    expect(ids.has(otherId)).toBe(false);
    expect((listed.body as Row[]).every((o) => o.user_id === clara)).toBe(true);
    expect(await clinician.send('PUT', `/api/availability/${otherId}`, slot(clara))).toMatchObject({ status: 404 });
    expect(await clinician.send('POST', `/api/availability/${otherId}/delete`, {})).toMatchObject({ status: 404 });
    expect((await clinician.send('POST', `/api/availability/${mineId}/delete`, {})).status).toBe(200);

    for (const email of ['admin@northwind.demo.example', 'clinician@lakeside.demo.example', 'staff@northwind.demo.example']) {
      const provider = await clientFor(t.app, email);
      expect(await week(provider)).toMatchObject(FORBIDDEN);
      expect(await provider.send('POST', '/api/availability', slot(clara))).toMatchObject(FORBIDDEN);
      expect(await provider.send('POST', `/api/availability/${otherId}/delete`, {})).toMatchObject(FORBIDDEN);
    }
  });

  test('an internal admin limited to Lakeside sees no Northwind user and no Northwind slot: both answer as missing', async () => {
    const tenants = await tenantIds(t.app);
    const northwindUser = await userId('clinician@northwind.demo.example');
    const lakesideUser = await userId('clinician@lakeside.demo.example');
    const north = await superadmin.send('POST', '/api/availability', slot(northwindUser));
    const lake = await superadmin.send('POST', '/api/availability', slot(lakesideUser));
    expect([north.status, lake.status]).toEqual([201, 201]);
    const northId = (north.body as Row).id as number;
    const lakeId = (lake.body as Row).id as number;

    const adminId = await userId('internal.admin@demo.example');
    await db().updateTable('users').set({ patient_access_level: 'tenant_scoped' }).where('id', '=', adminId).execute();
    await db().insertInto('tenant_user_roles').values({ user_id: adminId, tenant_id: tenants.lakeside }).execute();
    try {
      const ids = new Set(((await week(admin)).body as Row[]).map((o) => o.id));
      expect(ids.has(lakeId)).toBe(true);
      expect(ids.has(northId)).toBe(false);
      expect((await admin.send('POST', '/api/availability', slot(northwindUser))).body).toEqual({
        detail: [{ loc: ['body', 'user_id'], msg: MISSING, type: 'foreign_key' }],
      });
      expect(await admin.send('PUT', `/api/availability/${northId}`, slot(lakesideUser))).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      expect(await admin.send('POST', `/api/availability/${northId}/delete`, {})).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      expect((await admin.send('PUT', `/api/availability/${lakeId}`, slot(lakesideUser, { range_end: '2027-11-04T20:00:00.000Z' }))).status).toBe(200);
    } finally {
      await db().updateTable('users').set({ patient_access_level: 'all' }).where('id', '=', adminId).execute();
      await db().deleteFrom('tenant_user_roles').where('user_id', '=', adminId).execute();
    }
  });
});
