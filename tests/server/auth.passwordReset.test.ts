import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUserToken } from '../../src/server/auth/userTokens';
import { authEvents, login, nextAddress, sessionOf, untilLimited } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const post = (url: string, payload: object, remoteAddress = nextAddress()) => app.inject({ method: 'POST', url, payload, remoteAddress });
const outbox = (to: string) => app.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id').execute();

/** Asks for a reset of `email` and returns the code from the link in the mail. */
async function resetCode(email: string): Promise<string> {
  expect((await post('/api/auth/reset-password', { email })).statusCode).toBe(200);
  const mail = (await outbox(email)).at(-1);
  const link = mail?.body_text.match(/(\S+\/login\?resetCode=\S+)/)?.[1] ?? '';
  expect(link.startsWith(`${app.config.publicUrl}/login?resetCode=`)).toBe(true);
  return new URL(link).searchParams.get('resetCode') ?? '';
}

describe('POST /auth/reset-password', () => {
  it('mails a one-hour reset link and answers Password reset link sent.', async () => {
    const response = await post('/api/auth/reset-password', { email: 'admin@northwind.demo.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset link sent.' });
    const [mail] = await outbox('admin@northwind.demo.example');
    expect(mail?.body_text).toContain(`${app.config.publicUrl}/login?resetCode=`);
    const token = await app.db.selectFrom('user_tokens').selectAll().where('purpose', '=', 'reset_password').executeTakeFirstOrThrow();
    // created_at is the database clock, expires_at the server's: equal up to a few milliseconds.
    expect(Math.abs(token.expires_at.getTime() - token.created_at.getTime() - 3600 * 1000)).toBeLessThan(5000);
    expect(mail?.body_text).not.toContain(token.token_hash);
    expect(await authEvents(app, 'admin@northwind.demo.example')).toEqual(['password_reset_requested']);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await post('/api/auth/reset-password', { email: 'nobody@northwind.demo.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset link sent.' });
    expect(await outbox('nobody@northwind.demo.example')).toEqual([]);
  });

  it('keeps answering the same past the per-address mail limit, without more mail', async () => {
    const email = 'staff@lakeside.demo.example';
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/reset-password', { email });
      expect(response.json()).toEqual({ message: 'Password reset link sent.' });
    }
    expect(await outbox(email)).toHaveLength(3);
  });

  it('answers 429 with Retry-After past 60 calls a minute from one client', async () => {
    let n = 0;
    const { before, limited } = await untilLimited(() => post('/api/auth/reset-password', { email: `x${n++}@example.test` }, '192.0.2.7'), 130);
    expect(before.length).toBeGreaterThanOrEqual(60);
    expect(before.every((s) => s === 200)).toBe(true);
    expect(limited.json()).toEqual({ detail: expect.any(String) as unknown });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('POST /auth/otp', () => {
  it('names a reset code email_user and answers 400 bad_token for anything else', async () => {
    const code = await resetCode('clinician@northwind.demo.example');
    expect((await post('/api/auth/otp', { token: code })).json()).toEqual({ token_type: 'email_user' });
    const bad = await post('/api/auth/otp', { token: 'not-a-code' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'bad_token' });
  });
});

describe('POST /auth/otp-set-password', () => {
  it('checks the length and the confirmation with the spec texts', async () => {
    const code = await resetCode('clinician@lakeside.demo.example');
    const short = await post('/api/auth/otp-set-password', { token: code, new_password: 'short', new_password_2: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      detail: [{ loc: ['body', 'new_password'], msg: 'Password should be between 8-64 characters', type: 'value_error' }],
    });
    const long = 'x'.repeat(65);
    expect(
      (await post('/api/auth/otp-set-password', { token: code, new_password: long, new_password_2: long })).json<{ detail: [{ msg: string }] }>().detail[0].msg,
    ).toBe('Password should be between 8-64 characters');
    const mismatch = await post('/api/auth/otp-set-password', { token: code, new_password: 'Long-enough-1', new_password_2: 'Long-enough-2' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ detail: [{ loc: ['body', 'new_password_2'], msg: 'Passwords must match', type: 'value_error' }] });
  });

  it('sets the password with the code, starts a session, and the code works once', async () => {
    const email = 'clinician@lakeside.demo.example';
    const old = sessionOf(await login(app, email));
    const code = await resetCode(email);
    const response = await post('/api/auth/otp-set-password', { token: code, new_password: 'Brand-new-pass-1', new_password_2: 'Brand-new-pass-1' });
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response);
    expect(session.body.token_type).toBe('bearer');
    expect(session.cookie).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: session.authorization } })).statusCode).toBe(200);
    // Sessions opened with the old password end; the old password no longer works, the new one does.
    expect((await app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: old.authorization } })).statusCode).toBe(401);
    expect((await login(app, email)).statusCode).toBe(401);
    expect((await login(app, email, 'Brand-new-pass-1')).statusCode).toBe(200);
    const reused = await post('/api/auth/otp-set-password', { token: code, new_password: 'Another-pass-1', new_password_2: 'Another-pass-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'bad_token' });
    expect(await authEvents(app, email)).toContain('password_set');
  });

  it('sets a patient password and then refuses the session with 403', async () => {
    const email = 'patient@northwind.demo.example';
    const code = await resetCode(email);
    const response = await post('/api/auth/otp-set-password', { token: code, new_password: 'Patient-pass-1', new_password_2: 'Patient-pass-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'User account belongs to patient' });
    expect(response.cookies).toEqual([]);
    const refused = await login(app, email, 'Patient-pass-1');
    expect(refused.json()).toEqual({ detail: 'User account belongs to patient' });
  });
});

describe('POST /auth/verify', () => {
  it('verifies an address with its code once', async () => {
    const user = await app.db.selectFrom('users').select('id').where('email', '=', 'ma.chen@northwind.demo.example').executeTakeFirstOrThrow();
    await app.db.updateTable('users').set({ is_email_verified: false }).where('id', '=', user.id).execute();
    const code = await issueUserToken(app.db, user.id, 'verify_email', 3600);
    const response = await post('/api/auth/verify', { token: code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email verified successfully!' });
    const after = await app.db.selectFrom('users').select('is_email_verified').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.is_email_verified).toBe(true);
    expect((await post('/api/auth/verify', { token: code })).statusCode).toBe(400);
    expect(await authEvents(app, 'ma.chen@northwind.demo.example')).toEqual(['email_verified']);
  });
});
