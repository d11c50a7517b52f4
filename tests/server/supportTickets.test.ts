import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { MOBILE_APP_FOR_PATIENTS } from '../../src/server/auth/routes/login';
import { openSession } from '../../src/server/auth/sessions';
import { PATIENT_REFUSED } from '../../src/server/plugins/identity';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let internal: Client;
let clinicianInternal: Client;
let billing: Client;
let admin: Client;
let tenants: { northwind: number; lakeside: number };
const db = () => t.app.db;

/**
 * A patient's access token, minted the way the auth tests mint tokens for a live session of the
 * account (the last test signs in as the mobile app instead, client mobile_app).
 */
async function patientAuthorization(email = 'patient@northwind.demo.example') {
  const user = await db().selectFrom('users').select(['id', 'tenant_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const session = await openSession(db(), user.id, 600, { ip_address: '10.9.9.9', user_agent: null });
  const token = await t.app.tokens.sign({ sub: String(user.id), sid: session.sessionId, typ: 'access', role: 'patient', tenant_id: user.tenant_id }, 300);
  return { authorization: `Bearer ${token}`, userId: user.id };
}

const raise = (authorization: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/support-tickets', headers: { authorization }, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  tenants = await tenantIds(t.app);
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  clinicianInternal = await clientFor(t.app, 'internal.clinician@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t?.close());

describe('the demo seed', () => {
  test('holds a dozen tickets of both providers, some closed', async () => {
    const rows = await db().selectFrom('support_tickets').selectAll().execute();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([tenants.northwind, tenants.lakeside]));
    expect(rows.some((r) => r.status === 'closed' && r.closed)).toBe(true);
    expect(rows.some((r) => r.status === 'open' && !r.closed)).toBe(true);
  });
});

describe('GET support-tickets', () => {
  test('lists the open tab newest first, with the patient name, and audits the list', async () => {
    const listed = await internal.get('/api/support-tickets', { filter: { 'status[eq]': 'open' }, sort: 'created_on', order: 'desc', limit: 50 });
    expect(listed.status).toBe(200);
    const rows = listed.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'open' && r.closed === false)).toBe(true);
    const dates = rows.map((r) => Date.parse(r.created_on as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((rows[0] as Row).user).toEqual({ id: (rows[0] as Row).user_id, full_name: expect.any(String) as unknown });
    expect(listed.headers['content-range']).toMatch(/^support-tickets 0-\d+\/\d+$/);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id'])
      .where('resource', '=', 'support-tickets')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'list', record_id: rows.map((r) => String(r.id)).join(',') });
  });

  test('searches by patient name and by patient id', async () => {
    const ticket = await db()
      .selectFrom('support_tickets as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.patient_id', 'u.last_name'])
      .executeTakeFirstOrThrow();
    const byName = await internal.get('/api/support-tickets', { filter: { q: ticket.last_name }, limit: 50 });
    expect((byName.body as Row[]).map((r) => r.id)).toContain(ticket.id);
    expect(
      (byName.body as Row[]).map((r) => String((r.user as Row).full_name).toLowerCase()).filter((name) => !name.includes(ticket.last_name.toLowerCase())),
    ).toEqual([]);
    const byId = await internal.get('/api/support-tickets', { filter: { q: String(ticket.patient_id) }, limit: 50 });
    expect((byId.body as Row[]).map((r) => r.id)).toContain(ticket.id);
    expect((byId.body as Row[]).every((r) => r.patient_id === ticket.patient_id || r.id === ticket.patient_id)).toBe(true);
  });

  test('is refused to provider users (no support_tickets key) and answered to internal clinicians', async () => {
    expect(await admin.get('/api/support-tickets')).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect((await clinicianInternal.get('/api/support-tickets')).status).toBe(200);
    expect((await billing.get('/api/support-tickets')).status).toBe(200);
  });

  test('refuses a status that is not one', async () => {
    expect(isValidationError(await internal.get('/api/support-tickets', { filter: { 'status[eq]': 'pending' } }), ['query', 'filter', 'status[eq]'])).toBe(
      true,
    );
  });
});

describe('PUT support-tickets/{id}', () => {
  test('closes a ticket: status closed, closed true, reviewed_on dropped; nothing else changes', async () => {
    const open = await db().selectFrom('support_tickets').selectAll().where('status', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('support_tickets').set({ reviewed_on: new Date() }).where('id', '=', open.id).execute();
    const read = await internal.get(`/api/support-tickets/${open.id}`);
    expect(read).toMatchObject({ status: 200, body: { id: open.id, status: 'open' } });
    const answer = await internal.send('PUT', `/api/support-tickets/${open.id}`, {
      ...(read.body as Row),
      status: 'closed',
      category: 'Changed',
      description: 'x',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { id: open.id, status: 'closed', closed: true, reviewed_on: null, category: open.category, description: open.description },
    });
    const stored = await db().selectFrom('support_tickets').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'closed', closed: true, reviewed_on: null, category: open.category });
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id', 'patient_id'])
      .where('resource', '=', 'support-tickets')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'update', record_id: String(open.id), patient_id: open.patient_id });
  });

  test('an internal clinician closes one too', async () => {
    const open = await db().selectFrom('support_tickets').select('id').where('status', '=', 'open').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await clinicianInternal.send('PUT', `/api/support-tickets/${open.id}`, { status: 'closed' })).toMatchObject({ status: 200, body: { closed: true } });
  });

  test('refuses to reopen a ticket, a missing status and an unknown one; a missing ticket is 404', async () => {
    const closed = await db().selectFrom('support_tickets').select('id').where('status', '=', 'closed').executeTakeFirstOrThrow();
    const reopen = await internal.send('PUT', `/api/support-tickets/${closed.id}`, { status: 'open' });
    expect(reopen).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'status'], msg: 'A support ticket can only be closed.' }] } });
    expect(isValidationError(await internal.send('PUT', `/api/support-tickets/${closed.id}`, {}), ['body', 'status'])).toBe(true);
    expect(isValidationError(await internal.send('PUT', `/api/support-tickets/${closed.id}`, { status: 'done' }), ['body', 'status'])).toBe(true);
    expect(await internal.send('PUT', '/api/support-tickets/2147483000', { status: 'closed' })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await admin.send('PUT', `/api/support-tickets/${closed.id}`, { status: 'closed' })).toMatchObject({ status: 403 });
    expect(await internal.send('DELETE', `/api/support-tickets/${closed.id}`)).toMatchObject({ status: 404 });
  });
});

describe('POST support-tickets', () => {
  test("raises an open ticket for the patient's own row and provider, audited", async () => {
    const { authorization, userId } = await patientAuthorization();
    const patient = await db().selectFrom('patients').select(['id', 'tenant_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    const device = await db().selectFrom('devices').select('id').where('patient_id', '=', patient.id).executeTakeFirst();
    const answer = await raise(authorization, { category: 'Device', description: 'The cuff beeps.', device_id: device?.id ?? null });
    expect(answer.statusCode).toBe(201);
    const ticket = answer.json<Row>();
    expect(ticket).toMatchObject({
      user_id: userId,
      patient_id: patient.id,
      tenant_id: patient.tenant_id,
      status: 'open',
      closed: false,
      reviewed_on: null,
      category: 'Device',
      device_id: device?.id ?? null,
    });
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'actor_id', 'patient_id'])
      .where('resource', '=', 'support-tickets')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'create', actor_id: userId, patient_id: patient.id });
    const listed = await internal.get('/api/support-tickets', { filter: { 'id[eq]': ticket.id } });
    expect((listed.body as Row[]).map((r) => r.id)).toEqual([ticket.id]);
  });

  test("refuses another patient's device as an unknown one, and bad bodies", async () => {
    const { authorization, userId } = await patientAuthorization();
    const other = await db()
      .selectFrom('devices as d')
      .innerJoin('patients as p', 'p.id', 'd.patient_id')
      .select('d.id')
      .where('p.user_id', '!=', userId)
      .executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('support_tickets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const foreign = await raise(authorization, { category: 'Device', description: 'x', device_id: other.id });
    const unknown = await raise(authorization, { category: 'Device', description: 'x', device_id: 2147483000 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ detail: [{ loc: ['body', 'device_id'], type: 'foreign_key' }] });
    expect((await raise(authorization, { description: 'x' })).json()).toMatchObject({ detail: [{ loc: ['body', 'category'] }] });
    expect((await raise(authorization, { category: '   ', description: 'x' })).json()).toMatchObject({ detail: [{ loc: ['body', 'category'] }] });
    expect((await raise(authorization, { category: 'App', description: 'x', status: 'closed' })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  test('answers only a patient: staff are refused, and a patient session opens no other call', async () => {
    const staff = await admin.send('POST', '/api/support-tickets', { category: 'App', description: 'x' });
    expect(staff).toMatchObject({ status: 403, body: { detail: 'Only a patient can raise a support ticket' } });
    expect((await internal.send('POST', '/api/support-tickets', { category: 'App', description: 'x' })).status).toBe(403);
    const { authorization } = await patientAuthorization();
    for (const url of ['/api/support-tickets', '/api/patients', '/api/permissions', '/api/users']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect({ url, status: answer.statusCode, body: answer.json<unknown>() }).toEqual({ url, status: 403, body: { detail: PATIENT_REFUSED } });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/support-tickets', payload: { category: 'App', description: 'x' } })).statusCode).toBe(401);
  });

  test("a patient signs in as the mobile app (client mobile_app) and raises a ticket; the console's client refuses the patient, the app's refuses staff", async () => {
    const email = 'patient@northwind.demo.example';
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword('Lantern!Orchard-2026') })
      .where('email', '=', email)
      .execute();
    const signIn = (username: string, password: string, client_id: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, client_id }, headers: { 'x-forwarded-for': '10.9.8.7' } });
    expect((await signIn(email, 'Lantern!Orchard-2026', 'webapp')).json()).toEqual({ detail: PATIENT_REFUSED });
    const staff = await signIn('admin@lakeside.demo.example', DEMO_PASSWORD, 'mobile_app');
    expect({ status: staff.statusCode, body: staff.json<unknown>() }).toEqual({ status: 403, body: { detail: MOBILE_APP_FOR_PATIENTS } });
    const app = await signIn(email, 'Lantern!Orchard-2026', 'mobile_app');
    expect(app.statusCode).toBe(200);
    const authorization = `Bearer ${app.json<{ access_token: string }>().access_token}`;
    const raised = await raise(authorization, { category: 'App', description: 'The app does not show my last reading.' });
    expect(raised.statusCode).toBe(201);
    expect(raised.json()).toMatchObject({ status: 'open', category: 'App' });
    expect((await t.app.inject({ method: 'GET', url: '/api/patients', headers: { authorization } })).json()).toEqual({ detail: PATIENT_REFUSED });
  });
});
