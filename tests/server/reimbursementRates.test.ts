import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let internal: Client;
let billing: Client;
let superadmin: Client;
const db = () => t.app.db;
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const rate = (user_id: number, extra: Row = {}) => ({ user_id, as_of_date: '2026-03-01', hourly_reimbursement: 32.5, ...extra });
const count = async () =>
  Number(
    (
      await db()
        .selectFrom('reimbursement_rates')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

describe('reimbursement-rates', () => {
  test("adds, lists (newest as-of date first) and updates an internal user's rates", async () => {
    const clara = await userId('internal.clinician@demo.example');
    const first = await internal.send('POST', '/api/reimbursement-rates', rate(clara, { as_of_date: '2026-01-01', hourly_reimbursement: 30 }));
    expect(first).toMatchObject({
      status: 201,
      body: { user_id: clara, as_of_date: '2026-01-01', hourly_reimbursement: 30, enrollment_reimbursement: null, incentive_reimbursement: null },
    });
    const second = await billing.send(
      'POST',
      '/api/reimbursement-rates',
      rate(clara, { enrollment_reimbursement: 12.25, shift_reimbursement: 0, training_reimbursement: 15.1 }),
    );
    expect(second).toMatchObject({
      status: 201,
      body: { as_of_date: '2026-03-01', hourly_reimbursement: 32.5, enrollment_reimbursement: 12.25, shift_reimbursement: 0 },
    });
    const other = await userId('internal.billing@demo.example');
    expect((await superadmin.send('POST', '/api/reimbursement-rates', rate(other))).status).toBe(201);

    const listed = await billing.get('/api/reimbursement-rates', { filter: { 'user_id[eq]': clara }, sort: 'as_of_date', order: 'desc' });
    expect(listed.status).toBe(200);
    expect((listed.body as Row[]).map((r) => r.as_of_date)).toEqual(['2026-03-01', '2026-01-01']);
    expect(listed.headers['content-range']).toBe('reimbursement-rates 0-1/2');

    const id = (first.body as Row).id as number;
    const updated = await internal.send('PUT', `/api/reimbursement-rates/${id}`, {
      ...(first.body as Row),
      hourly_reimbursement: 31.75,
      incentive_reimbursement: 5,
    });
    expect(updated).toMatchObject({ status: 200, body: { id, hourly_reimbursement: 31.75, incentive_reimbursement: 5 } });
    expect(await internal.get(`/api/reimbursement-rates/${id}`)).toMatchObject({ status: 200, body: { hourly_reimbursement: 31.75 } });
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id', 'actor_email'])
      .where('resource', '=', 'reimbursement-rates')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'create', 'update']);
    expect(audit.at(-1)).toEqual({ action: 'update', record_id: String(id), actor_email: 'internal.admin@demo.example' });
  });

  test("a provider's user has rates too (the tab is the internal viewer's); a patient's account answers as an unknown user", async () => {
    const provider = await userId('clinician@northwind.demo.example');
    const created = await internal.send('POST', '/api/reimbursement-rates', rate(provider, { hourly_reimbursement: 21 }));
    expect(created).toMatchObject({ status: 201, body: { user_id: provider, hourly_reimbursement: 21 } });
    const patientUser = await db().selectFrom('users').select('id').where('role', '=', 'patient').executeTakeFirstOrThrow();
    expect(await internal.send('POST', '/api/reimbursement-rates', rate(patientUser.id))).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'user_id'], type: 'foreign_key' }] },
    });
  });

  test('refuses bad amounts and dates, a missing required field and an unknown user; nothing is written', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const before = await count();
    const at = async (body: Row, loc: (string | number)[]) =>
      expect(isValidationError(await internal.send('POST', '/api/reimbursement-rates', body), loc), JSON.stringify(body)).toBe(true);
    await at(rate(clara, { hourly_reimbursement: 10.123 }), ['body', 'hourly_reimbursement']);
    await at(rate(clara, { shift_reimbursement: 1.005 }), ['body', 'shift_reimbursement']);
    await at(rate(clara, { hourly_reimbursement: -1 }), ['body', 'hourly_reimbursement']);
    await at(rate(clara, { enrollment_reimbursement: -0.01 }), ['body', 'enrollment_reimbursement']);
    await at(rate(clara, { hourly_reimbursement: '12' }), ['body', 'hourly_reimbursement']);
    await at(rate(clara, { as_of_date: '2026-02-30' }), ['body', 'as_of_date']);
    await at({ user_id: clara, hourly_reimbursement: 10 }, ['body', 'as_of_date']);
    await at({ user_id: clara, as_of_date: '2026-01-01' }, ['body', 'hourly_reimbursement']);
    expect((await internal.send('POST', '/api/reimbursement-rates', rate(clara, { id: 5 }))).status).toBe(422);
    expect(await internal.send('POST', '/api/reimbursement-rates', rate(2147483000))).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'user_id'], type: 'foreign_key' }] },
    });
    expect(await count()).toBe(before);
    // Amounts with 2 decimals that binary floating point cannot hold exactly are accepted.
    expect((await internal.send('POST', '/api/reimbursement-rates', rate(clara, { hourly_reimbursement: 0.07, shift_reimbursement: 19.99 }))).status).toBe(201);
  });

  test('is for the three admin roles only', async () => {
    const clara = await userId('internal.clinician@demo.example');
    const existing = await db()
      .insertInto('reimbursement_rates')
      .values({ user_id: clara, as_of_date: '2025-06-01', hourly_reimbursement: 20 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await count();
    for (const email of [
      'internal.clinician@demo.example',
      'admin@northwind.demo.example',
      'clinician@lakeside.demo.example',
      'staff@northwind.demo.example',
    ]) {
      const client = await clientFor(t.app, email);
      expect(await client.get('/api/reimbursement-rates'), email).toMatchObject(FORBIDDEN);
      expect(await client.get(`/api/reimbursement-rates/${existing.id}`), email).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', '/api/reimbursement-rates', rate(clara)), email).toMatchObject(FORBIDDEN);
      expect(await client.send('PUT', `/api/reimbursement-rates/${existing.id}`, rate(clara)), email).toMatchObject(FORBIDDEN);
    }
    expect(await count()).toBe(before);
    expect(await internal.send('DELETE', `/api/reimbursement-rates/${existing.id}`)).toMatchObject({ status: 404 });
    expect(await internal.get('/api/reimbursement-rates/2147483000')).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });
});
