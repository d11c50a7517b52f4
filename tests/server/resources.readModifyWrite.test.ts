import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let superadmin: Client;
let northwind: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

const bodyOf = (answer: ApiAnswer) => answer.body as Row;

/** A refused write: 422 at `loc`, and neither table changed. */
async function expectRefused(request: () => Promise<ApiAnswer>, loc: (string | number)[], tables: string[]) {
  const before = await Promise.all(tables.map((table) => tableFingerprint(t.app, table)));
  const answer = await request();
  expect(isValidationError(answer, loc), `${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
  expect(await Promise.all(tables.map((table) => tableFingerprint(t.app, table)))).toEqual(before);
}

const staffOf = async (tenantId: number, role: string) =>
  (await t.app.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', role).orderBy('id').executeTakeFirstOrThrow()).id;

describe('a user read, then written back (react-admin)', () => {
  test('PUT of the record as read is 200 and changes nothing', async () => {
    const id = await staffOf(northwind, 'clinician');
    const read = await admin.get(`/api/users/${id}`);
    expect(read.status).toBe(200);
    expect(bodyOf(read)).toMatchObject({ id, full_name: expect.any(String) as string, is_internal: false, registered_on: expect.any(String) as string });
    const before = await tableFingerprint(t.app, 'users');
    const written = await admin.send('PUT', `/api/users/${id}`, read.body);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toEqual(read.body);
    expect(await tableFingerprint(t.app, 'users')).toBe(before);
  });

  test('an internal user, written back by a superadmin, keeps its role and no tenant', async () => {
    const { id } = await t.app.db.selectFrom('users').select('id').where('email', '=', 'internal.clinician@demo.example').executeTakeFirstOrThrow();
    const read = await superadmin.get(`/api/users/${id}`);
    const written = await superadmin.send('PUT', `/api/users/${id}`, read.body);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toEqual(read.body);
  });

  test('read-only fields sent with other values are ignored, the writable change is made', async () => {
    const id = await staffOf(northwind, 'staff');
    const read = bodyOf(await admin.get(`/api/users/${id}`));
    const written = await admin.send('PUT', `/api/users/${id}`, {
      ...read,
      first_name: 'Renamed',
      id: id + 1000,
      full_name: 'Somebody Else',
      is_internal: true,
      registered_on: '2001-01-01T00:00:00Z',
      last_login: 'not even a date',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({
      id,
      first_name: 'Renamed',
      full_name: `Renamed ${String(read.last_name)}`,
      is_internal: false,
      registered_on: read.registered_on,
    });
  });

  test('a PUT without role keeps the role (spec 002 section 5: role omitted when unchanged)', async () => {
    const id = await staffOf(northwind, 'clinician');
    const { role, ...read } = bodyOf(await admin.get(`/api/users/${id}`));
    expect(role).toBe('clinician');
    const written = await admin.send('PUT', `/api/users/${id}`, { ...read, credentials: 'RN' });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({ role: 'clinician', credentials: 'RN', tenant_id: northwind });
    const stored = await t.app.db.selectFrom('users').select(['role', 'tenant_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ role: 'clinician', tenant_id: northwind });
  });

  test('a PUT still needs the other required fields', async () => {
    const id = await staffOf(northwind, 'clinician');
    const { email: _email, ...read } = bodyOf(await admin.get(`/api/users/${id}`));
    await expectRefused(() => admin.send('PUT', `/api/users/${id}`, read), ['body', 'email'], ['users']);
  });

  test('an unknown field is still 422 and changes nothing', async () => {
    const id = await staffOf(northwind, 'clinician');
    const read = bodyOf(await admin.get(`/api/users/${id}`));
    await expectRefused(() => admin.send('PUT', `/api/users/${id}`, { ...read, colour: 'red' }), ['body', 'colour'], ['users']);
    await expectRefused(() => admin.send('PATCH', `/api/users/${id}`, { colour: 'red' }), ['body', 'colour'], ['users']);
  });

  test('a create still refuses read-only fields', async () => {
    const body = { first_name: 'Ro', last_name: 'Only', email: 'ro.only@northwind.demo.example', role: 'staff', staff_type: 'support_staff', id: 5 };
    await expectRefused(() => admin.send('POST', '/api/users', body), ['body', 'id'], ['users']);
  });
});

describe('a patient read, then written back', () => {
  /** A patient of northwind whose profile has a BMI (height and weight), as the record shows it. */
  async function patientWithBmi(): Promise<Row & { id: number; user: Row; profile: Row }> {
    const list = (await admin.get('/api/patients', { limit: '100' })).body as (Row & { id: number; profile: { demographics?: { bmi?: number } } })[];
    const patient = list.find((p) => typeof p.profile?.demographics?.bmi === 'number');
    if (!patient) throw new Error('no seeded patient with a BMI');
    return bodyOf(await admin.get(`/api/patients/${patient.id}`)) as Row & { id: number; user: Row; profile: Row };
  }

  test('PUT of the record as read (user, profile with its BMI, computed fields) is 200 and changes nothing', async () => {
    const read = await patientWithBmi();
    expect(read.user).toMatchObject({ id: expect.any(Number) as number, full_name: expect.any(String) as string });
    const before = [await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')];
    const written = await admin.send('PUT', `/api/patients/${read.id}`, read);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toEqual(read);
    expect([await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')]).toEqual(before);
  });

  test('PATCH of the record as read with an edit makes the edit only; read-only values are ignored', async () => {
    const read = await patientWithBmi();
    const profile = read.profile as { demographics: Row };
    const written = await admin.send('PATCH', `/api/patients/${read.id}`, {
      ...read,
      notes: 'Read, edited, written back',
      patient_status: 'active',
      diagnoses: ['Z00'],
      user: { ...read.user, id: 1, full_name: 'Not Their Name', tenant_id: 999 },
      profile: { ...profile, demographics: { ...profile.demographics, bmi: 99.9 } },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toEqual({ ...read, notes: 'Read, edited, written back' });
  });

  test("a list row with what the list added (the queue's observations) sent back is 200 too", async () => {
    const rows = (await admin.get('/api/patients', { filter: { 'patient_status[eq]': 'active' }, meta: { expand: ['observations'] }, limit: '1' }))
      .body as (Row & { id: number })[];
    const row = rows[0] as Row & { id: number };
    expect(row).toHaveProperty('observations');
    const read = await admin.get(`/api/patients/${row.id}`);
    const written = await admin.send('PUT', `/api/patients/${row.id}`, row);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toEqual(read.body);
  });

  test('an unknown field, at the top or in the account, is still 422 and changes nothing', async () => {
    const read = await patientWithBmi();
    const tables = ['patients', 'users'];
    await expectRefused(() => admin.send('PUT', `/api/patients/${read.id}`, { ...read, colour: 'red' }), ['body', 'colour'], tables);
    await expectRefused(
      () => admin.send('PUT', `/api/patients/${read.id}`, { ...read, user: { ...read.user, colour: 'red' } }),
      ['body', 'user', 'colour'],
      tables,
    );
  });
});
