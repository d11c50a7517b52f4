import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, login, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { b64url, SoftAuthenticator } from './auth.softAuthenticator';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;
const EMAIL = 'internal.clinician@demo.example';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization }, remoteAddress: nextAddress(), ...(payload ? { payload } : {}) });

describe('WebAuthn (passkey) second factor', () => {
  let authenticator: SoftAuthenticator;
  let keyId = 0;

  it('registers a passkey for a signed-in user', async () => {
    const url = new URL(app.config.publicUrl);
    authenticator = new SoftAuthenticator(url.origin, url.hostname, ['usb']);
    const session = await signedIn(app, EMAIL);
    const options = await call('GET', '/api/auth/webauthn/register?authenticator_type=cross-platform', session.authorization);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rp: { id: url.hostname }, challenge: expect.any(String) as unknown, attestation: 'none' });
    const registration = authenticator.register({ challenge: options.json<{ challenge: string }>().challenge });
    const response = await call('POST', '/api/auth/webauthn/register', session.authorization, { credential: registration, name: 'Desk key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expect.any(Number) as unknown, name: 'Desk key' });
    keyId = response.json<{ id: number }>().id;
    const keys = await call('GET', '/api/auth/webauthn/keys', session.authorization);
    expect(keys.json()).toEqual([{ id: keyId, name: 'Desk key', created_on: expect.any(String) as unknown }]);
    // The challenge worked once: the same response again is refused.
    const again = await call('POST', '/api/auth/webauthn/register', session.authorization, { credential: registration, name: 'Desk key' });
    expect(again.statusCode).toBe(400);
  });

  it('signs in with password then a signed assertion', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    expect(challenge.body).toMatchObject({ token_type: 'mfa_challenge', preferred_mfa_method: 'webauthn', available_mfa_methods: ['webauthn'] });
    const options = await call('GET', '/api/auth/webauthn/authenticate', challenge.authorization);
    expect(options.statusCode).toBe(200);
    expect(options.json<{ allowCredentials: unknown }>().allowCredentials).toEqual([
      { id: b64url(authenticator.credentialId), type: 'public-key', transports: ['usb'] },
    ]);
    const response = await call(
      'POST',
      '/api/auth/webauthn/authenticate/verify',
      challenge.authorization,
      authenticator.assert(options.json<{ challenge: string }>().challenge),
    );
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response);
    expect(session.body.token_type).toBe('bearer');
    expect(session.cookie).toBeDefined();
    const stored = await app.db.selectFrom('webauthn_credentials').select('counter').where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored.counter).toBe(1);
    expect((await call('GET', '/api/permissions', session.authorization)).statusCode).toBe(200);
  });

  it('refuses a bad signature and a replayed challenge with the WebAuthn failure text', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    const options = (await call('GET', '/api/auth/webauthn/authenticate', challenge.authorization)).json<{ challenge: string }>();
    const tampered = await call(
      'POST',
      '/api/auth/webauthn/authenticate/verify',
      challenge.authorization,
      authenticator.assert(options.challenge, { tamper: true }),
    );
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'WebAuthn authentication failed. Please try again.' });
    // The challenge was spent by the failed try; a good signature over it no longer passes.
    const replay = await call('POST', '/api/auth/webauthn/authenticate/verify', challenge.authorization, authenticator.assert(options.challenge));
    expect(replay.statusCode).toBe(401);
    expect(await authEvents(app, EMAIL)).toContain('mfa_failed');
  });

  it('deletes the passkey, after which the password alone signs in', async () => {
    const challenge = sessionOf(await login(app, EMAIL));
    const options = (await call('GET', '/api/auth/webauthn/authenticate', challenge.authorization)).json<{ challenge: string }>();
    const session = sessionOf(await call('POST', '/api/auth/webauthn/authenticate/verify', challenge.authorization, authenticator.assert(options.challenge)));
    const other = await signedIn(app, 'superadmin@demo.example');
    expect((await call('DELETE', `/api/auth/webauthn/keys/${keyId}`, other.authorization)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/auth/webauthn/keys/${keyId}`, session.authorization)).statusCode).toBe(200);
    expect((await login(app, EMAIL)).json<{ token_type: string }>().token_type).toBe('bearer');
  });
});
