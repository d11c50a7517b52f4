import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUserToken } from '../../src/server/auth/userTokens';
import { authEvents, nextAddress, untilLimited } from './auth.helpers';
import { b64url, SoftAuthenticator } from './auth.softAuthenticator';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, tenantIds } from './resources.helpers';

let testApp: TestApp;
let app: FastifyInstance;
let northwind: number;
let counter = 0;
const BIRTHDATE = '1950-03-14';
const BAD_TOKEN = { detail: 'bad_token' };
const WEEK = 7 * 24 * 3600;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ({ northwind } = await tenantIds(app));
});
afterAll(() => testApp.close());

const post = (url: string, payload: object, remoteAddress = nextAddress()) => app.inject({ method: 'POST', url, payload, remoteAddress });
const start = (token: string, birthdate: string, remoteAddress?: string) =>
  post('/api/auth/webauthn/register/patient/start', { token, birthdate }, remoteAddress);
const complete = (payload: object) => post('/api/auth/webauthn/register/patient/complete', payload);

/** A fresh patient of Northwind with an account (a password, so that its sign-in can be tried) and a birth date. */
async function newPatient(birthdate: string | null = BIRTHDATE) {
  counter += 1;
  const email = `passkey.${counter}.${Date.now()}@patients.example`;
  const user = await app.db
    .insertInto('users')
    .values({ email, first_name: 'Pat', last_name: `Key${counter}`, role: 'patient', tenant_id: northwind, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await app.db
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: northwind, patient_status: 'active', birthdate })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: patient.id, userId: user.id, email };
}

const passkeysOf = (userId: number) => app.db.selectFrom('webauthn_credentials').select(['name', 'credential_id']).where('user_id', '=', userId).execute();

interface Options {
  challenge: string;
  rp: { id: string };
  user: { id: string; name: string };
  excludeCredentials: unknown[];
  authenticatorSelection: Record<string, unknown>;
}

describe('patient passkey registration with a one-time code and birth date', () => {
  it('registers a passkey on the patient account with a mobile invitation code, and uses the code up', async () => {
    const patient = await newPatient();
    const clinician = await clientFor(app, 'clinician@northwind.demo.example');
    const invite = await clinician.send('POST', `/api/patients/${patient.id}/invite-code`, {});
    expect(invite.status).toBe(200);
    const { token } = invite.body as { token: string };

    const started = await start(token, BIRTHDATE);
    expect(started.statusCode).toBe(200);
    const options = started.json<Options>();
    expect(options).toMatchObject({
      rp: { id: new URL(app.config.publicUrl).hostname },
      user: { id: b64url(Buffer.from(String(patient.userId))), name: patient.email },
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required' },
    });

    const authenticator = SoftAuthenticator.for(app.config.publicUrl);
    const registration = authenticator.register(options);
    const done = await complete(registration);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Registration successful!' });
    expect(await passkeysOf(patient.userId)).toEqual([{ name: 'Passkey', credential_id: b64url(authenticator.credentialId) }]);
    const audit = await app.db.selectFrom('audit_logs').select(['actor_id', 'action', 'patient_id']).where('resource', '=', 'patient-passkeys').execute();
    expect(audit).toContainEqual({ actor_id: patient.userId, action: 'create', patient_id: patient.id });

    // The code is used up: it starts nothing more, and the same response again is refused.
    const again = await start(token, BIRTHDATE);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(BAD_TOKEN);
    expect((await post('/api/auth/otp', { token })).statusCode).toBe(400);
    const replay = await complete(registration);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ detail: 'Registration failed. Please try again.' });

    // The passkey is a patient's: the console's passkey sign-in refuses it as every sign-in does.
    const loginOptions = await app.inject({ method: 'GET', url: '/api/auth/login/passkey', remoteAddress: nextAddress() });
    const refused = await post('/api/auth/login/passkey', authenticator.assert(loginOptions.json<{ challenge: string }>().challenge));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'User account belongs to patient' });
    expect(refused.cookies).toEqual([]);
    expect(await authEvents(app, patient.email)).toContain('patient_refused');
  });

  it('accepts a one-time password (otp_login) with the body { credential, name }', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'otp_login', WEEK);
    const options = (await start(token, BIRTHDATE)).json<Options>();
    const done = await complete({ credential: SoftAuthenticator.for(app.config.publicUrl).register(options), name: 'My phone' });
    expect(done.statusCode).toBe(200);
    expect((await passkeysOf(patient.userId)).map((k) => k.name)).toEqual(['My phone']);
  });

  it('answers one 400 bad_token for a wrong code, a code of no patient, a code of another purpose and a wrong birth date', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'mobile_invite', WEEK);
    const staff = await app.db.selectFrom('users').select('id').where('email', '=', 'staff@northwind.demo.example').executeTakeFirstOrThrow();
    const staffCode = await issueUserToken(app.db, staff.id, 'otp_login', WEEK);
    const resetCode = await issueUserToken(app.db, patient.userId, 'reset_password', WEEK);
    const expired = await issueUserToken(app.db, patient.userId, 'otp_login', -1);
    const noBirthdate = await newPatient(null);
    const noBirthdateCode = await issueUserToken(app.db, noBirthdate.userId, 'otp_login', WEEK);
    const before = await tableFingerprint(app, 'webauthn_challenges');
    const answers = [
      await start('not-a-code', BIRTHDATE),
      await start(staffCode, BIRTHDATE),
      await start(resetCode, BIRTHDATE),
      await start(expired, BIRTHDATE),
      await start(noBirthdateCode, BIRTHDATE),
      await start(token, '1950-03-15'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(BAD_TOKEN);
    }
    expect(await tableFingerprint(app, 'webauthn_challenges')).toBe(before);
    // The right birth date still works after one wrong one.
    expect((await start(token, BIRTHDATE)).statusCode).toBe(200);
  });

  it('refuses a malformed body with 422', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'otp_login', WEEK);
    for (const body of [
      { token },
      { birthdate: BIRTHDATE },
      { token, birthdate: '14/03/1950' },
      { token, birthdate: 19500314 },
      { token: 5, birthdate: BIRTHDATE },
    ]) {
      const answer = await post('/api/auth/webauthn/register/patient/start', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(Array.isArray(answer.json<{ detail: unknown }>().detail)).toBe(true);
    }
    const noCredential = await complete({ name: 'x' });
    expect(noCredential.statusCode).toBe(422);
    expect(noCredential.json<{ detail: { loc: string[] }[] }>().detail[0]?.loc).toEqual(['body', 'credential']);
  });

  it('voids the code after five wrong birth dates', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'otp_login', WEEK);
    for (let day = 1; day <= 5; day++) expect((await start(token, `1960-01-0${day}`)).statusCode).toBe(400);
    const right = await start(token, BIRTHDATE);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(BAD_TOKEN);
  });

  it('refuses to complete when the code was used meanwhile (a password set with it), storing nothing', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'mobile_invite', WEEK);
    const options = (await start(token, BIRTHDATE)).json<Options>();
    const set = await post('/api/auth/otp-set-password', { token, new_password: `${DEMO_PASSWORD}x`, new_password_2: `${DEMO_PASSWORD}x` });
    expect(set.statusCode).toBe(403); // the password is set, the patient's session refused
    const done = await complete(SoftAuthenticator.for(app.config.publicUrl).register(options));
    expect(done.statusCode).toBe(400);
    expect(done.json()).toEqual(BAD_TOKEN);
    expect(await passkeysOf(patient.userId)).toEqual([]);
  });

  it('answers 409 for an authenticator registered already, and keeps the code', async () => {
    const first = await newPatient();
    const authenticator = SoftAuthenticator.for(app.config.publicUrl);
    const firstToken = await issueUserToken(app.db, first.userId, 'otp_login', WEEK);
    expect((await complete(authenticator.register((await start(firstToken, BIRTHDATE)).json<Options>()))).statusCode).toBe(200);
    const second = await newPatient();
    const token = await issueUserToken(app.db, second.userId, 'otp_login', WEEK);
    const duplicate = await complete(authenticator.register((await start(token, BIRTHDATE)).json<Options>()));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: 'This authenticator was previously registered. Please try a different device or browser.' });
    expect(await passkeysOf(second.userId)).toEqual([]);
    // The refused registration used nothing up: the code still starts another one.
    expect((await start(token, BIRTHDATE)).statusCode).toBe(200);
  });

  it('is rate-limited per code across client addresses (429)', async () => {
    const patient = await newPatient();
    const token = await issueUserToken(app.db, patient.userId, 'otp_login', WEEK);
    // Good answers count too; a fresh address each time, so only the per-code limit can stop it.
    const { before, limited } = await untilLimited(() => start(token, BIRTHDATE));
    expect(before.every((s) => s === 200)).toBe(true);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please try again later.' });
  });
});
