import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyAuditChain } from '../../src/server/db/verifyAuditChain';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

let t: TestApp;
let admin: Client;
let staff: Client;
let internalAdmin: Client;
let northwind: number;
let lakeside: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
});
afterAll(async () => t?.close());

const firstPatientOf = (tenantId: number) =>
  t.app.db.selectFrom('patients').select(['id', 'user_id']).where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
const rowsOf = (answer: { headers: Record<string, unknown> }) =>
  t.app.db.selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();
const lastAuditRow = () => t.app.db.selectFrom('audit_logs').selectAll().orderBy('chain_seq', 'desc').executeTakeFirstOrThrow();

describe('audit rows are append-only', () => {
  test('the database refuses UPDATE, DELETE and TRUNCATE of audit and auth rows', async () => {
    const { id } = await firstPatientOf(northwind);
    expect((await admin.get(`/api/patients/${id}`)).status).toBe(200);
    const row = await lastAuditRow();
    await expect(sql`update audit_logs set record_id = 'forged' where id = ${row.id}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_logs where id = ${row.id}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_logs`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`update auth_logs set ip_address = '1.2.3.4'`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from auth_logs`.execute(t.app.db)).rejects.toThrow(/append-only/);
    expect(await t.app.db.selectFrom('audit_logs').select('record_id').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ record_id: String(id) });
  });
});

describe('refused attempts at patient data are logged as denied', () => {
  test("another tenant's patient (404), directly and on a patient-scoped path", async () => {
    const theirs = await firstPatientOf(lakeside);
    const read = await admin.get(`/api/patients/${theirs.id}`);
    expect(read.status).toBe(404);
    expect(await rowsOf(read)).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'read',
        resource: 'patients',
        record_id: String(theirs.id),
        patient_id: theirs.id,
        tenant_id: northwind,
        actor_email: 'admin@northwind.demo.example',
      }),
    ]);
    const nested = await admin.get(`/api/patients/${theirs.id}/tasks`);
    expect(nested.status).toBe(404);
    expect(await rowsOf(nested)).toEqual([expect.objectContaining({ outcome: 'denied', action: 'list', resource: 'tasks', patient_id: theirs.id })]);
    const write = await admin.send('DELETE', `/api/patients/${theirs.id}`);
    expect(write.status).toBe(404);
    expect(await rowsOf(write)).toEqual([expect.objectContaining({ outcome: 'denied', action: 'delete', resource: 'patients', patient_id: theirs.id })]);
  });

  test('a caller without the permission (403)', async () => {
    const { id } = await firstPatientOf(northwind);
    const answer = await staff.send('DELETE', `/api/patients/${id}`);
    expect(answer.status).toBe(403);
    expect(await rowsOf(answer)).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'delete',
        resource: 'patients',
        patient_id: id,
        actor_role: 'staff',
        actor_email: 'staff@northwind.demo.example',
      }),
    ]);
  });

  test('allowed reads say so; refusals of data without patients are not audited', async () => {
    const { id } = await firstPatientOf(northwind);
    expect(await rowsOf(await admin.get(`/api/patients/${id}`))).toEqual([expect.objectContaining({ outcome: 'allowed', action: 'read' })]);
    const locations = await staff.send('DELETE', '/api/locations/1');
    expect(locations.status).toBe(403);
    expect(await rowsOf(locations)).toEqual([]);
  });
});

describe('the actor is kept', () => {
  test("rows keep the actor's name and e-mail as they were; an account with history is not deleted", async () => {
    const clinician = await t.app.db
      .selectFrom('users')
      .select(['id', 'full_name', 'email'])
      .where('email', '=', 'clinician@northwind.demo.example')
      .executeTakeFirstOrThrow();
    const client = await clientFor(t.app, clinician.email);
    const { id } = await firstPatientOf(northwind);
    const [row] = await rowsOf(await client.get(`/api/patients/${id}`));
    expect(row).toMatchObject({ actor_id: clinician.id, actor_name: clinician.full_name, actor_email: clinician.email });

    expect((await admin.send('PATCH', `/api/users/${clinician.id}`, { first_name: 'Renamed' })).status).toBe(200);
    expect(await t.app.db.selectFrom('audit_logs').select(['actor_name', 'actor_email']).where('id', '=', row!.id).executeTakeFirstOrThrow()).toEqual({
      actor_name: clinician.full_name,
      actor_email: clinician.email,
    });

    // An account whose row another writer adds (the database copies the name itself) cannot be deleted.
    const account = await t.app.db
      .insertInto('users')
      .values({ email: 'leaver@northwind.demo.example', first_name: 'Lee', last_name: 'Ver', role: 'staff', tenant_id: northwind })
      .returning(['id', 'full_name', 'email'])
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('audit_logs').values({ actor_id: account.id, action: 'read', resource: 'patients', tenant_id: northwind }).execute();
    expect(await lastAuditRow()).toMatchObject({ actor_id: account.id, actor_name: 'Lee Ver', actor_email: account.email });
    await expect(sql`delete from users where id = ${account.id}`.execute(t.app.db)).rejects.toThrow(/audit_logs/);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', account.id).executeTakeFirst()).toEqual({ id: account.id });
  });
});

describe('a read writes its row in its own statement', () => {
  test('a record on its patient’s path is audited once; on another patient’s path it is a 404 with no allowed row', async () => {
    const contact = await t.app.db
      .selectFrom('contacts')
      .innerJoin('patients', 'patients.id', 'contacts.patient_id')
      .select(['contacts.id', 'contacts.patient_id'])
      .where('patients.tenant_id', '=', northwind)
      .orderBy('contacts.id')
      .executeTakeFirstOrThrow();
    const other = await t.app.db
      .selectFrom('patients')
      .select('id')
      .where('tenant_id', '=', northwind)
      .where('id', '!=', contact.patient_id)
      .executeTakeFirstOrThrow();
    const read = await admin.get(`/api/patients/${contact.patient_id}/contacts/${contact.id}`);
    expect(read.status).toBe(200);
    expect(await rowsOf(read)).toEqual([
      expect.objectContaining({
        outcome: 'allowed',
        action: 'read',
        resource: 'contacts',
        record_id: String(contact.id),
        patient_id: contact.patient_id,
        tenant_id: northwind,
      }),
    ]);
    const elsewhere = await admin.get(`/api/patients/${other.id}/contacts/${contact.id}`);
    expect(elsewhere.status).toBe(404);
    expect((await rowsOf(elsewhere)).filter((row) => row.outcome === 'allowed')).toEqual([]);
  });
});

describe('the hash chain', () => {
  test('concurrent writers chain one after the other; the check and its endpoint find it intact', async () => {
    const { id } = await firstPatientOf(northwind);
    const answers = await Promise.all(Array.from({ length: 12 }, () => admin.get(`/api/patients/${id}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Each read answered at the same moment has its own row.
    for (const answer of answers)
      expect(await rowsOf(answer)).toEqual([expect.objectContaining({ action: 'read', resource: 'patients', record_id: String(id) })]);
    const report = await verifyAuditChain(t.app.db);
    expect(report).toMatchObject({ ok: true, broken: null });
    expect(report.rows).toBeGreaterThan(12);
    expect(await internalAdmin.get('/api/audit-logs/verify')).toMatchObject({ status: 200, body: { ok: true, rows: report.rows, broken: null } });
    expect((await admin.get('/api/audit-logs/verify')).status).toBe(403);
  });

  test('a row changed behind the application’s back is named, and so is a deleted one', async () => {
    const { id } = await firstPatientOf(northwind);
    const [target] = await rowsOf(await admin.get(`/api/patients/${id}`));
    expect((await admin.get(`/api/patients/${id}`)).status).toBe(200);
    // What only the tables' owner can do: take the guard off and edit.
    await sql`alter table audit_logs disable trigger audit_logs_append_only`.execute(t.app.db);
    await sql`update audit_logs set record_id = '999' where id = ${target!.id}`.execute(t.app.db);
    expect(await verifyAuditChain(t.app.db)).toMatchObject({ ok: false, broken: { id: target!.id, reason: expect.stringMatching(/changed/) as unknown } });
    expect(await internalAdmin.get('/api/audit-logs/verify')).toMatchObject({ status: 200, body: { ok: false, broken: { id: target!.id } } });

    await sql`delete from audit_logs where id = ${target!.id}`.execute(t.app.db);
    const report = await verifyAuditChain(t.app.db);
    expect(report.ok).toBe(false);
    expect(report.broken).toMatchObject({ chain_seq: target!.chain_seq + 1, reason: expect.stringMatching(/missing/) as unknown });
    await sql`alter table audit_logs enable trigger audit_logs_append_only`.execute(t.app.db);
  });
});
