import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, login, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const post = (url: string, authorization: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization }, payload, remoteAddress: nextAddress() });
/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Signs `email` in, asks for a new secret and answers it with the session. */
async function withNewSecret(email: string) {
  const session = await signedIn(app, email);
  const generated = await post('/api/auth/generate-2fa', session.authorization, {});
  expect(generated.statusCode).toBe(200);
  return { session, secret: generated.json<{ secret_key: string }>().secret_key };
}

/** The second step of a sign-in with `code`: the password first, then the code with the mfa token. */
async function signInWithCode(email: string, code: string) {
  const challenge = sessionOf(await login(app, email));
  expect(challenge.body.token_type).toBe('mfa_challenge');
  return post('/api/auth/totp/authenticate', challenge.authorization, { code });
}

describe('a TOTP code used to enable two-factor and to sign in (different uses)', () => {
  const EMAIL = 'internal.clinician@demo.example';

  it('signs in once with the very code that enabled the app, within its 30 seconds', async () => {
    const { session, secret } = await withNewSecret(EMAIL);
    const code = await codeAt(secret);
    const enabled = await post('/api/auth/enable-2fa', session.authorization, { code });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual({ message: 'Two-factor authentication enabled.' });

    const first = await signInWithCode(EMAIL, code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) as unknown });
    expect(first.cookies.map((c) => c.name)).toContain('refresh_token');

    // Single use for signing in: the same code a second time is refused, with the TOTP text.
    const second = await signInWithCode(EMAIL, code);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ detail: 'TOTP verification failed. Please try again.' });
    expect(second.cookies).toEqual([]);

    // The next period's code still signs in.
    const next = await signInWithCode(EMAIL, await codeAt(secret, 1));
    expect(next.statusCode).toBe(200);
    const events = await authEvents(app, EMAIL);
    expect(events.filter((e) => e === 'mfa_success')).toHaveLength(2);
    expect(events).toContain('mfa_failed');
  });

  it('refuses enabling twice with one code', async () => {
    const email = 'internal.billing@demo.example';
    const { session, secret } = await withNewSecret(email);
    const code = await codeAt(secret);
    // Two tabs sending one code at once: the use is recorded by a conditional update, so one passes.
    const answers = await Promise.all([
      post('/api/auth/enable-2fa', session.authorization, { code }),
      post('/api/auth/enable-2fa', session.authorization, { code }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    // Once enabled, the code (or any) cannot enable again.
    const again = await post('/api/auth/enable-2fa', session.authorization, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Two-factor authentication is already enabled.' });
    // The enabling use did not spend the code for signing in.
    expect((await signInWithCode(email, code)).statusCode).toBe(200);
  });

  it('enables only with a code of the current secret: a new setup voids the old codes', async () => {
    const email = 'superadmin@demo.example';
    const { session, secret } = await withNewSecret(email);
    const oldCode = await codeAt(secret);
    const renewed = await post('/api/auth/generate-2fa', session.authorization, {});
    const fresh = renewed.json<{ secret_key: string }>().secret_key;
    expect(fresh).not.toBe(secret);
    const refused = await post('/api/auth/enable-2fa', session.authorization, { code: oldCode });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'TOTP verification failed. Please try again.' });
    expect((await post('/api/auth/enable-2fa', session.authorization, { code: await codeAt(fresh) })).statusCode).toBe(200);
  });
});
