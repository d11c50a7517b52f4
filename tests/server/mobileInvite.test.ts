import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PERMISSIONS } from '../../src/domain/permissions';
import { verifyPassword } from '../../src/server/auth/passwords';
import { hashOpaqueToken } from '../../src/server/auth/tokens';
import { ACCOUNT_DISABLED, NO_EMAIL_ADDRESS } from '../../src/server/services/mobileInvite/issueMobileInvite';
import { nextAddress } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;
interface Invite {
  token: string;
  expires_at: string;
  emailed: boolean;
}

const NEW_PASSWORD = 'Tulip!Harbor-2026x';
const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let internal: Client;
let lakesideAdmin: Client;
let lakesideClinician: Client;
let counter = 0;
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  lakesideClinician = await clientFor(t.app, 'clinician@lakeside.demo.example');
});
afterAll(async () => t?.close());

/** A fresh patient of a demo provider; its account has an address unless `email: null`. */
async function newPatient(tenantId: number, { email = 'auto', active = true }: { email?: string | null; active?: boolean } = {}) {
  counter += 1;
  const address = email === 'auto' ? `invite.${counter}.${Date.now()}@patients.example` : email;
  const user = await db()
    .insertInto('users')
    .values({ email: address, first_name: 'Ivy', last_name: `Vitation${counter}`, role: 'patient', tenant_id: tenantId, is_active: active })
    .returning(['id', 'password_hash', 'is_email_verified'])
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: 'active', birthdate: '1950-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: patient.id,
    userId: user.id,
    email: address,
    lastName: `Vitation${counter}`,
    passwordHash: user.password_hash,
    verified: user.is_email_verified,
  };
}

const invite = (client: Client, patientId: number, body: Row = {}) => client.send('POST', `/api/patients/${patientId}/invite-code`, body);
const inviteOk = async (client: Client, patientId: number, body: Row = {}): Promise<Invite> => {
  const answer = await invite(client, patientId, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Invite;
};
const post = async (url: string, payload: object): Promise<ApiAnswer> => {
  const r = await t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
  return { status: r.statusCode, body: r.body ? (JSON.parse(r.body) as unknown) : undefined, headers: r.headers };
};
const checkCode = (token: string) => post('/api/auth/otp', { token });
const setPassword = (token: string, password = NEW_PASSWORD) => post('/api/auth/otp-set-password', { token, new_password: password, new_password_2: password });
const tokenRow = (token: string) => db().selectFrom('user_tokens').selectAll().where('token_hash', '=', hashOpaqueToken(token)).executeTakeFirstOrThrow();
const account = (userId: number) => db().selectFrom('users').select(['password_hash', 'is_email_verified']).where('id', '=', userId).executeTakeFirstOrThrow();
const mailsTo = (address: string) => db().selectFrom('outbox_emails').selectAll().where('to_address', '=', address).execute();

const WRITTEN = ['user_tokens', 'audit_logs', 'outbox_emails', 'users'];
const fingerprints = () => Promise.all(WRITTEN.map((table) => tableFingerprint(t.app, table)));

describe('POST patients/{id}/invite-code', () => {
  test('a clinician makes a 7-day mobile_invite code for the patient’s account: 200 {token, expires_at, emailed: false}, only its hash kept', async () => {
    const patient = await newPatient(northwind);
    const before = Date.now();
    const body = await inviteOk(clinician, patient.id, { send_email: false });
    expect(body).toEqual({ token: expect.any(String) as unknown, expires_at: expect.any(String) as unknown, emailed: false });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    const expiresAt = new Date(body.expires_at).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 5000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 5000);
    const row = await tokenRow(body.token);
    expect(row).toMatchObject({ user_id: patient.userId, purpose: 'mobile_invite', used_at: null });
    expect(row.expires_at.getTime()).toBe(expiresAt);
    expect(await mailsTo(patient.email ?? '')).toEqual([]);
  });

  test('the body may be empty (send_email defaults to false) and is checked strictly', async () => {
    const patient = await newPatient(northwind);
    expect((await inviteOk(admin, patient.id)).emailed).toBe(false);
    expect(isValidationError(await invite(admin, patient.id, { send_email: 'yes' }), ['body', 'send_email'])).toBe(true);
    expect(isValidationError(await admin.send('POST', '/api/patients/abc/invite-code', {}), ['path', 'patient_id'])).toBe(true);
    expect((await invite(admin, patient.id, { send_email: true, to: 'x@example.org' })).status).toBe(422);
  });

  test('/auth/otp names the code email_user; otp-set-password sets the patient’s password, answers 403 (patients use the app), and the code works once', async () => {
    const patient = await newPatient(northwind);
    const { token } = await inviteOk(clinician, patient.id);
    expect(await checkCode(token)).toMatchObject({ status: 200, body: { token_type: 'email_user' } });

    const set = await setPassword(token);
    expect(set).toMatchObject({ status: 403, body: { detail: 'User account belongs to patient' } });
    expect(set.headers['set-cookie']).toBeUndefined();
    const after = await account(patient.userId);
    expect(after.password_hash).not.toBe(patient.passwordHash);
    expect(await verifyPassword(after.password_hash, NEW_PASSWORD)).toBe(true);
    // A code that may have been handed over in person proves nothing about the mailbox.
    expect(after.is_email_verified).toBe(patient.verified);
    expect((await tokenRow(token)).used_at).not.toBeNull();

    expect(await setPassword(token, 'Another!Harbor-2027y')).toMatchObject({ status: 400, body: { detail: 'bad_token' } });
    expect(await checkCode(token)).toMatchObject({ status: 400, body: { detail: 'bad_token' } });
    expect(await verifyPassword((await account(patient.userId)).password_hash, NEW_PASSWORD)).toBe(true);
  });

  test('a new code revokes the patient’s earlier unused codes, and no other patient’s', async () => {
    const patient = await newPatient(northwind);
    const other = await newPatient(northwind);
    const first = await inviteOk(clinician, patient.id);
    const others = await inviteOk(clinician, other.id);
    const second = await inviteOk(admin, patient.id);
    expect(second.token).not.toBe(first.token);
    expect((await tokenRow(first.token)).used_at).not.toBeNull();
    expect(await checkCode(first.token)).toMatchObject({ status: 400, body: { detail: 'bad_token' } });
    expect(await setPassword(first.token)).toMatchObject({ status: 400, body: { detail: 'bad_token' } });
    expect(await checkCode(second.token)).toMatchObject({ status: 200, body: { token_type: 'email_user' } });
    expect(await checkCode(others.token)).toMatchObject({ status: 200 });
  });

  test('send_email: one plain mail to the patient’s address with the /otp link, the first name and nothing else of the patient', async () => {
    const patient = await newPatient(northwind);
    const body = await inviteOk(admin, patient.id, { send_email: true });
    expect(body.emailed).toBe(true);
    const mails = await mailsTo(patient.email ?? '');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.body_text).toContain(`${t.app.config.publicUrl}/otp?code=${encodeURIComponent(body.token)}`);
    expect(mail?.body_text).toContain('Hello Ivy,');
    expect(mail?.body_text).toContain('7 days');
    expect(mail?.body_text).not.toContain(patient.lastName);
    expect(mail?.body_text).not.toContain('1950');
    expect(mail?.subject).not.toContain('Ivy');
    // The mailed link's code is the answered one, and it works.
    const link = mail?.body_text.match(/(\S+\/otp\?code=\S+)/)?.[1] ?? '';
    expect(await checkCode(new URL(link).searchParams.get('code') ?? '')).toMatchObject({ status: 200, body: { token_type: 'email_user' } });
  });

  test('send_email without an address on the account: 422 with a clear message and nothing written; without send_email the code is made', async () => {
    const patient = await newPatient(northwind, { email: null });
    const before = await fingerprints();
    const refused = await invite(clinician, patient.id, { send_email: true });
    expect(refused).toMatchObject({ status: 422, body: { detail: NO_EMAIL_ADDRESS } });
    expect(await fingerprints()).toEqual(before);
    expect((await inviteOk(clinician, patient.id, { send_email: false })).emailed).toBe(false);
  });

  test('a disabled account gets no code: 422 and nothing written', async () => {
    const patient = await newPatient(northwind, { active: false });
    const before = await fingerprints();
    expect(await invite(admin, patient.id)).toMatchObject({ status: 422, body: { detail: ACCOUNT_DISABLED } });
    expect(await fingerprints()).toEqual(before);
  });

  test('another provider’s patient answers 404 exactly like a missing one, and no code is made', async () => {
    const patient = await newPatient(northwind);
    const tokens = await tableFingerprint(t.app, 'user_tokens');
    const outbox = await tableFingerprint(t.app, 'outbox_emails');
    const theirs = await invite(lakesideAdmin, patient.id, { send_email: true });
    const missing = await invite(lakesideAdmin, 2147483647, { send_email: true });
    expect(theirs).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(missing).toMatchObject({ status: 404, body: theirs.body });
    expect((await invite(lakesideClinician, patient.id)).status).toBe(404);
    expect(await tableFingerprint(t.app, 'user_tokens')).toBe(tokens);
    expect(await tableFingerprint(t.app, 'outbox_emails')).toBe(outbox);
    // The refusal is audited as denied for the patient (auditDenied), without a code.
    const denied = await db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(theirs.headers['x-request-id'])).execute();
    expect(denied).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'create',
        resource: 'patients',
        patient_id: patient.id,
        actor_email: 'admin@lakeside.demo.example',
      }),
    ]);
    // Whoever reaches every provider reaches it; Lakeside's own patients stay reachable to Lakeside.
    expect((await inviteOk(internal, patient.id)).emailed).toBe(false);
    const own = await newPatient(lakeside);
    expect((await inviteOk(lakesideClinician, own.id)).emailed).toBe(false);
  });

  test('staff with patients.update may invite; a role without patients.update gets 403 and nothing is made', async () => {
    const patient = await newPatient(northwind);
    expect((await inviteOk(staff, patient.id)).emailed).toBe(false);
    const grants = PERMISSIONS.staff;
    const granted = grants['patients.update'];
    delete grants['patients.update'];
    try {
      const tokens = await tableFingerprint(t.app, 'user_tokens');
      expect(await invite(staff, patient.id, { send_email: true })).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
      expect(await tableFingerprint(t.app, 'user_tokens')).toBe(tokens);
    } finally {
      grants['patients.update'] = granted;
    }
  });

  test('an audit row for the patient names the code’s row, never the code', async () => {
    const patient = await newPatient(northwind);
    const { token } = await inviteOk(clinician, patient.id, { send_email: true });
    const row = await tokenRow(token);
    const audits = await db().selectFrom('audit_logs').selectAll().where('patient_id', '=', patient.id).where('resource', '=', 'invite-codes').execute();
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'create',
        outcome: 'allowed',
        record_id: String(row.id),
        tenant_id: northwind,
        actor_email: 'clinician@northwind.demo.example',
      }),
    ]);
    const leaked = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_logs a where a::text like ${`%${token}%`} or a::text like ${`%${row.token_hash}%`}`.execute(db());
    expect(leaked.rows[0]?.n).toBe(0);
  });
});

describe('PATCH patients/{id} rejected_mobile_app_on (spec 001 section 4, "Mobile app rejection")', () => {
  test('set to a time, then cleared, round-trips', async () => {
    const patient = await newPatient(northwind);
    const at = new Date('2026-05-04T15:30:00.000Z').toISOString();
    const set = await clinician.send('PATCH', `/api/patients/${patient.id}`, { rejected_mobile_app_on: at });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(new Date((set.body as Row).rejected_mobile_app_on as string).toISOString()).toBe(at);
    const read = await clinician.get(`/api/patients/${patient.id}`);
    expect(new Date((read.body as Row).rejected_mobile_app_on as string).toISOString()).toBe(at);

    const cleared = await clinician.send('PATCH', `/api/patients/${patient.id}`, { rejected_mobile_app_on: null });
    expect(cleared).toMatchObject({ status: 200, body: { rejected_mobile_app_on: null } });
    expect((await clinician.get(`/api/patients/${patient.id}`)).body).toMatchObject({ rejected_mobile_app_on: null });
    const stored = await db().selectFrom('patients').select('rejected_mobile_app_on').where('id', '=', patient.id).executeTakeFirstOrThrow();
    expect(stored.rejected_mobile_app_on).toBeNull();
  });

  test('another provider cannot set it (404)', async () => {
    const patient = await newPatient(northwind);
    expect((await lakesideAdmin.send('PATCH', `/api/patients/${patient.id}`, { rejected_mobile_app_on: new Date().toISOString() })).status).toBe(404);
  });
});
