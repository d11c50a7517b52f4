import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATA_EXPORT_TEXTS } from '../../src/domain/dataExports';
import { buildExport } from '../../src/server/services/dataExports/dataExportJobs';
import { nextAddress } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let clinician: Client;
let internal: Client;
let lakesideAdmin: Client;
let counter = 0;
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
});
afterAll(async () => t?.close());

/** A fresh Northwind patient with two readings and a note; its account's address verified unless told. */
async function newPatient({ email = 'auto', verified = true }: { email?: string | null; verified?: boolean } = {}) {
  counter += 1;
  const address = email === 'auto' ? `export.${counter}.${Date.now()}@patients.example` : email;
  const user = await db()
    .insertInto('users')
    .values({ email: address, first_name: 'Ezra', last_name: `Port${counter}`, role: 'patient', tenant_id: northwind, is_email_verified: verified })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: northwind, patient_status: 'active', birthdate: '1950-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('observations')
    .values([
      {
        patient_id: patient.id,
        tenant_id: northwind,
        name: 'blood_pressure',
        value: 141,
        value2: 92,
        unit_text: 'mmHg',
        timestamp: new Date('2026-03-01T08:00:00Z'),
      },
      { patient_id: patient.id, tenant_id: northwind, name: 'weight', value: 80.5, unit_text: 'kg', timestamp: new Date('2026-03-02T08:00:00Z') },
    ])
    .execute();
  await db()
    .insertInto('monitoring_activities')
    .values({ patient_id: patient.id, tenant_id: northwind, type: 'note', description: 'Called, "fine", no issues', duration: 120 })
    .execute();
  return { id: patient.id, userId: user.id, email: address };
}

const request = (client: Client, patientId: number, consent: unknown = true) =>
  client.send('POST', '/api/data-exports', { patient_id: patientId, consent_given: consent });
const requested = async (client: Client, patientId: number): Promise<Row> => {
  const answer = await request(client, patientId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Row;
};
const exchange = async (token: string): Promise<ApiAnswer> => {
  const r = await t.app.inject({ method: 'POST', url: '/api/data-exports/exchange-download-token', payload: { token }, remoteAddress: nextAddress() });
  return { status: r.statusCode, body: r.body ? (JSON.parse(r.body) as unknown) : undefined, headers: r.headers };
};
const exportRow = (id: number) => db().selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function waitForStatus(id: number, statuses: string[]) {
  for (let i = 0; i < 200; i++) {
    const row = await exportRow(id);
    if (statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`export ${id} never reached ${statuses.join('/')}`);
}
/** The link is mailed after the build's transaction commits, so the mail can follow `completed` by a moment. */
async function mailTo(address: string | null) {
  if (!address) throw new Error('the patient has no e-mail address');
  for (let i = 0; i < 200; i++) {
    const mail = await db().selectFrom('outbox_emails').selectAll().where('to_address', '=', address).executeTakeFirst();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${address}`);
}
const auditRows = (patientId: number) =>
  db()
    .selectFrom('audit_logs')
    .select(['action', 'resource', 'record_id'])
    .where('patient_id', '=', patientId)
    .where('resource', '=', 'data-exports')
    .orderBy('id')
    .execute();

describe('requesting an export', () => {
  test('writes it pending_validation, audited, and lists it newest first with Content-Range', async () => {
    const p = await newPatient();
    const first = await requested(clinician, p.id);
    expect(first).toMatchObject({
      patient_id: p.id,
      status: 'pending_validation',
      consent_given: true,
      type: 'patient_data_export',
      format: 'zip',
      progress: 0,
    });
    expect(first).not.toHaveProperty('download_token_hash');
    const second = await requested(clinician, p.id);
    const list = await clinician.get('/api/data-exports', { filter: { 'patient_id[eq]': p.id }, skip: 0, limit: 5 });
    expect(list.status).toBe(200);
    expect((list.body as Row[]).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(list.headers['content-range']).toBe('data-exports 0-1/2');
    expect(await auditRows(p.id)).toEqual([
      { action: 'create', resource: 'data-exports', record_id: String(first.id) },
      { action: 'create', resource: 'data-exports', record_id: String(second.id) },
    ]);
  });

  test('pages 5 at a time, and needs the patient filter', async () => {
    const p = await newPatient();
    for (let i = 0; i < 6; i++) await requested(clinician, p.id);
    const page2 = await clinician.get('/api/data-exports', { filter: { 'patient_id[eq]': p.id }, skip: 5, limit: 5 });
    expect((page2.body as Row[]).length).toBe(1);
    expect(page2.headers['content-range']).toBe('data-exports 5-5/6');
    expect((await clinician.get('/api/data-exports')).status).toBe(422);
    expect((await clinician.get('/api/data-exports', { limit: 51, filter: { patient_id: p.id } })).status).toBe(422);
  });

  test('refuses without consent, without an address, with an unverified one: 422, nothing written', async () => {
    const ok = await newPatient();
    const none = await newPatient({ email: null });
    const unverified = await newPatient({ verified: false });
    const before = await tableFingerprint(t.app, 'data_exports');
    const noConsent = await request(clinician, ok.id, false);
    expect(noConsent.status).toBe(422);
    expect(JSON.stringify(noConsent.body)).toContain('consent_given');
    expect((await request(clinician, ok.id, 'yes')).status).toBe(422);
    expect(await request(clinician, none.id)).toMatchObject({ status: 422, body: { detail: DATA_EXPORT_TEXTS.noEmail } });
    expect(await request(clinician, unverified.id)).toMatchObject({ status: 422, body: { detail: DATA_EXPORT_TEXTS.unverified } });
    expect(await tableFingerprint(t.app, 'data_exports')).toBe(before);
    expect(await auditRows(ok.id)).toEqual([]);
  });

  test("another provider's patient or export is 404", async () => {
    const p = await newPatient();
    const made = await requested(clinician, p.id);
    expect((await request(lakesideAdmin, p.id)).status).toBe(404);
    expect((await lakesideAdmin.get('/api/data-exports', { filter: { patient_id: p.id } })).status).toBe(404);
    // The Lakeside admin holds no data_export.validate/delete: 403 before any reach.
    expect((await lakesideAdmin.send('DELETE', `/api/data-exports/${String(made.id)}`)).status).toBe(403);
    expect((await internal.send('DELETE', '/api/data-exports/999999')).status).toBe(404);
  });
});

describe('permissions', () => {
  test('a clinician requests and lists but neither validates nor revokes (403)', async () => {
    const p = await newPatient();
    const made = await requested(clinician, p.id);
    expect((await clinician.send('POST', '/api/data-exports/validate', { export_request_id: made.id })).status).toBe(403);
    expect((await clinician.send('DELETE', `/api/data-exports/${String(made.id)}`)).status).toBe(403);
    expect((await exportRow(made.id as number)).status).toBe('pending_validation');
  });

  test('unauthenticated calls are 401, except the token exchange', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/data-exports?filter={"patient_id":1}' });
    expect(r.statusCode).toBe(401);
    expect((await exchange('not-a-token')).status).toBe(400);
  });
});

describe('validate, build, mail, download', () => {
  test('answers at once, builds in the background, mails the patient a one-time link', async () => {
    const p = await newPatient();
    const made = await requested(clinician, p.id);
    const validated = await internal.send('POST', '/api/data-exports/validate', { export_request_id: made.id });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body).toMatchObject({ status: 'pending_validation', progress: 0 });
    expect((validated.body as Row).validated_at).toEqual(expect.any(String));

    const done = await waitForStatus(made.id as number, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', progress: 100, failure: null });
    expect(done.file_id).not.toBeNull();
    expect(done.download_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(done.download_expires_at as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Validating twice is 409.
    expect((await internal.send('POST', '/api/data-exports/validate', { export_request_id: made.id })).status).toBe(409);

    const mail = await mailTo(p.email);
    const link = /(\S+\/download\?token=(\S+))/.exec(mail.body_text);
    expect(link?.[1]).toMatch(/^https?:\/\/[^/]+\/download\?token=/);
    const token = decodeURIComponent(link?.[2] ?? '');

    const first = await exchange(token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const signed = (first.body as { signed_url: string }).signed_url;
    expect(signed).toMatch(new RegExp(`^/api/files/${String(done.file_id)}\\?expires=\\d+&by=${String(p.userId)}&sig=`));
    expect(await exchange(token)).toMatchObject({ status: 400, body: { detail: 'bad_token' } });

    const file = await t.app.inject({ method: 'GET', url: signed });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(
      ['README.txt', 'allergies.csv', 'care_plans.json', 'conditions.csv', 'medications.csv', 'notes.csv', 'patient.json', 'readings.csv'].sort(),
    );
    const readings = strFromU8(zip['readings.csv'] as Uint8Array)
      .trim()
      .split('\r\n');
    expect(readings).toEqual([
      'timestamp,name,value,value2,unit,source',
      expect.stringMatching(/^2026-03-01T08:00:00.000Z,blood_pressure,141,92,mmHg,/),
      expect.stringMatching(/^2026-03-02T08:00:00.000Z,weight,80.5,,kg,/),
    ]);
    expect(strFromU8(zip['notes.csv'] as Uint8Array)).toContain('"Called, ""fine"", no issues",120');
    const profile = strFromU8(zip['patient.json'] as Uint8Array);
    expect(profile).toContain(p.email);
    expect(profile).not.toMatch(/password_hash|totp_secret|download_token/);

    expect((await internal.send('DELETE', `/api/data-exports/${String(made.id)}`)).status).toBe(409);
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['create', 'update', 'read']);
  });

  test('a build is idempotent, and a revoked export is not built', async () => {
    const p = await newPatient();
    const made = await requested(clinician, p.id);
    const revoked = await internal.send('DELETE', `/api/data-exports/${String(made.id)}`);
    expect(revoked).toMatchObject({ status: 200, body: { status: 'revoked' } });
    expect((await exportRow(made.id as number)).revoked_at).not.toBeNull();
    expect((await internal.send('DELETE', `/api/data-exports/${String(made.id)}`)).status).toBe(409);
    expect((await internal.send('POST', '/api/data-exports/validate', { export_request_id: made.id })).status).toBe(409);
    await buildExport(t.app, made.id as number);
    expect((await exportRow(made.id as number)).status).toBe('revoked');
    expect((await auditRows(p.id)).map((r) => r.action)).toEqual(['create', 'delete']);

    const other = await requested(clinician, p.id);
    await internal.send('POST', '/api/data-exports/validate', { export_request_id: other.id });
    const done = await waitForStatus(other.id as number, ['completed']);
    await mailTo(p.email);
    await buildExport(t.app, other.id as number);
    expect(await exportRow(other.id as number)).toMatchObject({ file_id: done.file_id, download_token_hash: done.download_token_hash });
    expect(await db().selectFrom('outbox_emails').select('id').where('to_address', '=', p.email).execute()).toHaveLength(1);
  });

  test('an expired token is bad_token', async () => {
    const p = await newPatient();
    const made = await requested(clinician, p.id);
    await internal.send('POST', '/api/data-exports/validate', { export_request_id: made.id });
    await waitForStatus(made.id as number, ['completed']);
    const mail = await mailTo(p.email);
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.body_text)?.[1] ?? '');
    await db()
      .updateTable('data_exports')
      .set({ download_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.id as number)
      .execute();
    expect(await exchange(token)).toMatchObject({ status: 400, body: { detail: 'bad_token' } });
  });
});
