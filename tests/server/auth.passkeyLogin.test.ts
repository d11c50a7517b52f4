import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, login, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { b64url, SoftAuthenticator } from './auth.softAuthenticator';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;
const EMAIL = 'clinician@northwind.demo.example';
const OTHER = 'admin@northwind.demo.example';
const FAILED = { detail: 'WebAuthn authentication failed. Please try again.' };
const ALREADY_REGISTERED = { detail: 'This authenticator was previously registered. Please try a different device or browser.' };

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { 'user-agent': 'vitest', ...(authorization ? { authorization } : {}) },
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : {}),
  });

interface Options {
  challenge: string;
  user: { id: string };
  excludeCredentials: { id: string }[];
}

/** Registers `authenticator` as a passkey of the signed-in `authorization` through the account page's calls. */
async function registerPasskey(authorization: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await call('GET', '/api/auth/webauthn/register?authenticator_type=platform', authorization);
  expect(options.statusCode).toBe(200);
  const body = options.json<Options & { authenticatorSelection: Record<string, unknown> }>();
  expect(body.authenticatorSelection).toMatchObject({ authenticatorAttachment: 'platform' });
  return call('POST', '/api/auth/webauthn/register', authorization, { credential: authenticator.register(body), name });
}

/** The usernameless ceremony: options without a user, then the assertion `answer` builds from its challenge. */
async function passkeyLogin(answer: (challenge: string) => object): Promise<LightMyRequestResponse> {
  const options = await call('GET', '/api/auth/login/passkey');
  expect(options.statusCode).toBe(200);
  return call('POST', '/api/auth/login/passkey', undefined, answer(options.json<{ challenge: string }>().challenge));
}

const userId = async (email: string) => (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('passkey registration checks (GET/POST auth/webauthn/register)', () => {
  it('needs a nickname: missing or blank is 422 at body.name, and nothing is stored', async () => {
    const session = await signedIn(app, OTHER);
    const authenticator = SoftAuthenticator.for(app.config.publicUrl);
    for (const name of [undefined, '', '   ']) {
      const options = (await call('GET', '/api/auth/webauthn/register?authenticator_type=platform', session.authorization)).json<Options>();
      const response = await call('POST', '/api/auth/webauthn/register', session.authorization, {
        credential: authenticator.register(options),
        ...(name === undefined ? {} : { name }),
      });
      expect(response.statusCode, String(name)).toBe(422);
      expect(response.json<{ detail: { loc: string[] }[] }>().detail[0]?.loc).toEqual(['body', 'name']);
    }
    expect(
      await app.db
        .selectFrom('webauthn_credentials')
        .select('id')
        .where('user_id', '=', await userId(OTHER))
        .execute(),
    ).toEqual([]);
  });

  it('excludes registered authenticators and answers 409 with the spec text when one comes again', async () => {
    const session = await signedIn(app, OTHER);
    const authenticator = SoftAuthenticator.for(app.config.publicUrl);
    expect((await registerPasskey(session.authorization, authenticator, 'Phone')).statusCode).toBe(200);
    const options = (await call('GET', '/api/auth/webauthn/register?authenticator_type=platform', session.authorization)).json<Options>();
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([b64url(authenticator.credentialId)]);
    // A browser that ignores the exclusion: the server refuses the same credential id.
    const again = await call('POST', '/api/auth/webauthn/register', session.authorization, {
      credential: authenticator.register(options),
      name: 'Phone again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(ALREADY_REGISTERED);
    // The same authenticator for another account too.
    const someoneElse = await signedIn(app, 'staff@northwind.demo.example');
    const theirs = await registerPasskey(someoneElse.authorization, authenticator, 'Shared');
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual(ALREADY_REGISTERED);
    const keys = await call('GET', '/api/auth/webauthn/keys', session.authorization);
    expect(keys.json<{ name: string }[]>().map((k) => k.name)).toEqual(['Phone']);
  });
});

describe('passkey sign-in without a user name (auth/login/passkey)', () => {
  let authenticator: SoftAuthenticator;

  beforeAll(async () => {
    authenticator = SoftAuthenticator.for(app.config.publicUrl);
    const session = await signedIn(app, EMAIL);
    const registered = await registerPasskey(session.authorization, authenticator);
    expect(registered.statusCode).toBe(200);
  });

  it('answers discoverable-credential options: a challenge, the RP id, user verification required, no allowCredentials', async () => {
    const options = await call('GET', '/api/auth/login/passkey');
    expect(options.statusCode).toBe(200);
    const body = options.json<Record<string, unknown>>();
    expect(body).toMatchObject({ challenge: expect.any(String) as unknown, rpId: new URL(app.config.publicUrl).hostname, userVerification: 'required' });
    expect(body).not.toHaveProperty('allowCredentials');
    const stored = await app.db
      .selectFrom('webauthn_challenges')
      .select(['user_id', 'ceremony'])
      .where('challenge', '=', body.challenge as string)
      .execute();
    expect(stored).toEqual([{ user_id: null, ceremony: 'passkey_login' }]);
  });

  it('signs in with the assertion alone, as a completed sign-in: bearer token, refresh cookie, auth log', async () => {
    // The password alone would ask for the passkey as a second factor; the passkey alone is both.
    expect(sessionOf(await login(app, EMAIL)).body.token_type).toBe('mfa_challenge');
    const sessionsBefore = (
      await app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', await userId(EMAIL))
        .execute()
    ).length;
    const response = await passkeyLogin((challenge) => authenticator.assert(challenge));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String) as unknown, token_expiry: app.config.accessTokenTtl, token_type: 'bearer' });
    const session = sessionOf(response);
    expect(session.cookie).toBeDefined();
    const sessionsAfter = (
      await app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', await userId(EMAIL))
        .execute()
    ).length;
    expect(sessionsAfter).toBe(sessionsBefore + 1);
    const permissions = await call('GET', '/api/permissions', session.authorization);
    expect(permissions.statusCode).toBe(200);
    // The refresh cookie works as any sign-in's.
    const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.cookie ?? '' }, remoteAddress: nextAddress() });
    expect(refreshed.statusCode).toBe(200);
    expect((await authEvents(app, EMAIL)).at(-2)).toBe('login_success');
    const user = await app.db.selectFrom('users').select('last_login').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(user.last_login).not.toBeNull();
  });

  it('refuses an unknown credential, a bad signature, no user verification and a foreign user handle with 401', async () => {
    const stranger = SoftAuthenticator.for(app.config.publicUrl);
    stranger.userHandle = b64url(Buffer.from(String(await userId(EMAIL))));
    const otherHandle = b64url(Buffer.from(String(await userId(OTHER))));
    const failures = [
      await passkeyLogin((challenge) => stranger.assert(challenge)),
      await passkeyLogin((challenge) => authenticator.assert(challenge, { tamper: true })),
      await passkeyLogin((challenge) => authenticator.assert(challenge, { verified: false })),
      await passkeyLogin((challenge) => authenticator.assert(challenge, { userHandle: otherHandle })),
      await call('POST', '/api/auth/login/passkey', undefined, {}),
    ];
    for (const failure of failures) {
      expect(failure.statusCode).toBe(401);
      expect(failure.json()).toEqual(FAILED);
      expect(failure.cookies).toEqual([]);
    }
    expect((await authEvents(app, EMAIL)).filter((e) => e === 'login_failed').length).toBeGreaterThanOrEqual(3);
  });

  it('takes each challenge once: a replayed assertion and a challenge of another ceremony are refused', async () => {
    const options = (await call('GET', '/api/auth/login/passkey')).json<{ challenge: string }>();
    const assertion = authenticator.assert(options.challenge);
    expect((await call('POST', '/api/auth/login/passkey', undefined, assertion)).statusCode).toBe(200);
    const replay = await call('POST', '/api/auth/login/passkey', undefined, assertion);
    expect(replay.statusCode).toBe(401);
    // A second-factor challenge (issued to a password sign-in) does not open a usernameless sign-in.
    const mfa = sessionOf(await login(app, EMAIL));
    const mfaOptions = (await call('GET', '/api/auth/webauthn/authenticate', mfa.authorization)).json<{ challenge: string }>();
    const crossed = await call('POST', '/api/auth/login/passkey', undefined, authenticator.assert(mfaOptions.challenge));
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual(FAILED);
  });

  it('refuses a disabled account with 401', async () => {
    const other = SoftAuthenticator.for(app.config.publicUrl);
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    expect((await registerPasskey(session.authorization, other)).statusCode).toBe(200);
    await app.db.updateTable('users').set({ is_active: false }).where('email', '=', 'clinician@lakeside.demo.example').execute();
    const response = await passkeyLogin((challenge) => other.assert(challenge));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(FAILED);
    await app.db.updateTable('users').set({ is_active: true }).where('email', '=', 'clinician@lakeside.demo.example').execute();
  });

  it('is rate-limited per client address like the other sign-in calls', async () => {
    const remoteAddress = '10.250.0.1';
    let status = 0;
    for (let i = 0; i < 70 && status !== 429; i++) {
      status = (await app.inject({ method: 'POST', url: '/api/auth/login/passkey', payload: {}, remoteAddress })).statusCode;
    }
    expect(status).toBe(429);
  });
});
