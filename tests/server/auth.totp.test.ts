import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, login, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;
const EMAIL = 'internal.admin@demo.example';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const post = (url: string, authorization: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization }, payload, remoteAddress: nextAddress() });
/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** A 6-digit code that no step within the accepted drift shows. */
async function wrongCode(secret: string) {
  const near = await Promise.all([-1, 0, 1].map((step) => codeAt(secret, step)));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444';
}

describe('TOTP two-factor', () => {
  let secret = '';
  let authorizedByCode = '';

  it('is set up through generate-2fa and enable-2fa with a code of the secret', async () => {
    const session = await signedIn(app, EMAIL);
    const generated = await post('/api/auth/generate-2fa', session.authorization, {});
    expect(generated.statusCode).toBe(200);
    secret = generated.json<{ secret_key: string }>().secret_key;
    expect(generated.json<{ qr_code: string }>().qr_code).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await post('/api/auth/enable-2fa', session.authorization, { code: await wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    const enabled = await post('/api/auth/enable-2fa', session.authorization, { code: await codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    const identity = await app.inject({
      method: 'GET',
      url: `/api/users/${(await app.tokens.verify(session.body.access_token, 'access')).sub}/identity`,
      headers: { authorization: session.authorization },
    });
    expect(identity.json()).toMatchObject({ mfa_enabled: true, totp_enabled: true, preferred_mfa_method: 'totp' });
    expect((await post('/api/auth/generate-2fa', session.authorization, {})).statusCode).toBe(409);
  });

  it('turns a correct password into an mfa challenge without a session', async () => {
    const sessionsBefore = await app.db.selectFrom('sessions').select('id').execute();
    const response = await login(app, EMAIL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String) as unknown,
      token_expiry: app.config.mfaTokenTtl,
      token_type: 'mfa_challenge',
      preferred_mfa_method: 'totp',
      available_mfa_methods: ['totp'],
    });
    expect(response.cookies).toEqual([]);
    expect(await app.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
    // The mfa token opens nothing but the second-factor calls.
    const api = await app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` },
    });
    expect(api.statusCode).toBe(401);
  });

  it('refuses a wrong code with the TOTP failure text', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    const response = await post('/api/auth/totp/authenticate', challenge.authorization, { code: await wrongCode(secret) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'TOTP verification failed. Please try again.' });
    expect(response.cookies).toEqual([]);
  });

  it('accepts a code one step ahead (clock drift) once, and starts the session', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    // enable-2fa used the current step; a code is never accepted twice, so the next one signs in.
    const code = await codeAt(secret, 1);
    const response = await post('/api/auth/totp/authenticate', challenge.authorization, { code });
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response);
    expect(session.body.token_type).toBe('bearer');
    expect(session.cookie).toBeDefined();
    authorizedByCode = session.authorization;
    expect((await app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: session.authorization } })).statusCode).toBe(200);
    const replay = await post('/api/auth/totp/authenticate', sessionOf(await login(app, EMAIL)).authorization, { code });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a code two steps away', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    const response = await post('/api/auth/totp/authenticate', challenge.authorization, { code: await codeAt(secret, 3) });
    expect(response.statusCode).toBe(401);
  });

  it('answers Signature has expired for an expired mfa token', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    const claims = await app.tokens.verify(challenge.body.access_token, 'mfa');
    const expired = await app.tokens.sign(claims, -1);
    const response = await post('/api/auth/totp/authenticate', `Bearer ${expired}`, { code: '123456' });
    expect(response.json()).toEqual({ detail: 'Signature has expired' });
  });

  it('logs the challenge, the failures and the success', async () => {
    const events = await authEvents(app, EMAIL);
    expect(events.slice(0, 3)).toEqual(['login_success', 'mfa_challenge', 'mfa_challenge']);
    expect(events).toContain('mfa_failed');
    expect(events.filter((e) => e === 'mfa_success')).toHaveLength(1);
    expect(events[events.indexOf('mfa_success') + 1]).toBe('login_success');
  });

  it('is disabled with the password, after which the password alone signs in', async () => {
    const wrong = await post('/api/auth/disable-2fa', authorizedByCode, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const disabled = await post('/api/auth/disable-2fa', authorizedByCode, { password: DEMO_PASSWORD });
    expect(disabled.statusCode).toBe(200);
    const response = await login(app, EMAIL);
    expect(response.json<{ token_type: string }>().token_type).toBe('bearer');
  });
});
