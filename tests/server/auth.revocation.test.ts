import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../src/server/auth/signingKey';
import { issueUserToken } from '../../src/server/auth/userTokens';
import { login, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // The session lookup kept a moment, as in production (auth/sessionCache.ts): revocation is still at once.
  testApp = await createTestApp({ sessionCacheMs: 2000 });
  app = testApp.app;
});
afterAll(() => testApp.close());

type Session = Awaited<ReturnType<typeof signedIn>>;

const permissions = (authorization: string) => app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization } });
const refresh = (cookie: string | undefined) =>
  app.inject({ method: 'GET', url: '/api/auth/refresh', headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });
const post = (url: string, authorization: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization }, payload, remoteAddress: nextAddress() });
const patchUser = (authorization: string, id: number, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { authorization }, payload });
const userIdOf = async (email: string) => (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Neither the session's access token nor its refresh token opens anything any more. */
async function expectEnded(session: Session) {
  const access = await permissions(session.authorization);
  expect(access.statusCode).toBe(401);
  expect(access.json()).toEqual({ detail: 'Token has expired' });
  const refreshed = await refresh(session.cookie);
  expect(refreshed.statusCode).toBe(401);
  expect(refreshed.json()).toEqual({ detail: 'Token has expired' });
}

async function expectLive(session: Session) {
  expect((await permissions(session.authorization)).statusCode).toBe(200);
}

describe('disabling a user', () => {
  it('refuses its tokens at once, and enabling it again brings none of them back', async () => {
    const admin = await signedIn(app, 'admin@northwind.demo.example');
    const email = 'clinician@northwind.demo.example';
    const id = await userIdOf(email);
    const session = await signedIn(app, email);
    const other = await signedIn(app, email);
    await expectLive(session);

    expect((await patchUser(admin.authorization, id, { is_active: false })).statusCode).toBe(200);
    await expectEnded(session);
    const reasons = await app.db.selectFrom('sessions').select('revoked_reason').where('user_id', '=', id).execute();
    expect(reasons.map((r) => r.revoked_reason)).toEqual(['account_disabled', 'account_disabled']);

    expect((await patchUser(admin.authorization, id, { is_active: true })).statusCode).toBe(200);
    await expectEnded(session);
    await expectEnded(other);
    // A new sign-in after re-enabling works as before.
    await expectLive(await signedIn(app, email));
  });

  it('keeps the sessions of a user whose other fields change', async () => {
    const admin = await signedIn(app, 'admin@northwind.demo.example');
    const email = 'dr.reyes@northwind.demo.example';
    const session = await signedIn(app, email);
    const id = await userIdOf(email);
    expect((await patchUser(admin.authorization, id, { first_name: 'Rosa', role: 'clinician' })).statusCode).toBe(200);
    await expectLive(session);
  });
});

describe('changing a role', () => {
  it('ends every session of the user', async () => {
    const admin = await signedIn(app, 'admin@northwind.demo.example');
    const email = 'staff@northwind.demo.example';
    const session = await signedIn(app, email);
    const id = await userIdOf(email);
    expect((await patchUser(admin.authorization, id, { role: 'clinician' })).statusCode).toBe(200);
    await expectEnded(session);
    await expectLive(await signedIn(app, email));
  });
});

describe('passwords', () => {
  it('a change ends every other session of the user, and keeps the one that changed it', async () => {
    const email = 'admin@lakeside.demo.example';
    const current = await signedIn(app, email);
    const other = await signedIn(app, email);
    const changed = await post('/api/auth/change-password', current.authorization, {
      old_password: DEMO_PASSWORD,
      new_password: 'Changed-pass-1',
      new_password_2: 'Changed-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(other);
    await expectLive(current);
  });

  it('a reset ends every session of the user', async () => {
    const email = 'ma.chen@lakeside.demo.example';
    const session = await signedIn(app, email);
    const code = await issueUserToken(app.db, await userIdOf(email), 'reset_password', 3600);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/otp-set-password',
      payload: { token: code, new_password: 'Reset-pass-1', new_password_2: 'Reset-pass-1' },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(session);
    await expectLive(sessionOf(reset));
  });
});

describe('turning off the authenticator app', () => {
  it('ends every other session of the user', async () => {
    const email = 'internal.clinician@demo.example';
    const current = await signedIn(app, email);
    const other = await signedIn(app, email);
    const generated = await post('/api/auth/generate-2fa', current.authorization, {});
    const secret = generated.json<{ secret_key: string }>().secret_key;
    expect((await post('/api/auth/enable-2fa', current.authorization, { code: await generate({ secret }) })).statusCode).toBe(200);
    expect((await post('/api/auth/disable-2fa', current.authorization, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    await expectEnded(other);
    await expectLive(current);
    expect((await login(app, email)).json<{ token_type: string }>().token_type).toBe('bearer');
  });
});

describe('access token claims', () => {
  const NOW = () => Math.floor(Date.now() / 1000);

  /** A token signed with the server's real key, with every claim the server issues unless `omit`ted or overridden. */
  async function forged(claims: { sub: string; sid: string }, options: { omit?: string[]; set?: Record<string, unknown> } = {}) {
    const payload: Record<string, unknown> = {
      sub: claims.sub,
      sid: claims.sid,
      typ: 'access',
      role: 'clinician',
      tenant_id: null,
      iss: app.config.tokenIssuer,
      aud: app.config.tokenAudience,
      iat: NOW(),
      exp: NOW() + 60,
      ...options.set,
    };
    for (const name of options.omit ?? []) delete payload[name];
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(await loadSigningKey(app.db));
  }

  it('are issued with exp, iat, iss and aud', async () => {
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    const [, body] = session.body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: 'care-console', aud: 'care-console', typ: 'access', sid: expect.any(String) as unknown });
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp).toBe((claims.iat as number) + app.config.accessTokenTtl);
  });

  it('refuses a token signed with the real key that lacks a claim, names another issuer or audience, or lives too long', async () => {
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    const claims = await app.tokens.verify(session.body.access_token, 'access');
    // The forging itself is right: with every claim, the token opens the API.
    expect((await permissions(`Bearer ${await forged(claims)}`)).statusCode).toBe(200);
    const refused = [
      await forged(claims, { omit: ['exp'] }),
      await forged(claims, { omit: ['iat'] }),
      await forged(claims, { omit: ['aud'] }),
      await forged(claims, { omit: ['iss'] }),
      await forged(claims, { omit: ['aud', 'iss', 'exp', 'iat'] }),
      await forged(claims, { set: { aud: 'another-service' } }),
      await forged(claims, { set: { iss: 'someone-else' } }),
      await forged(claims, { set: { exp: NOW() + 10 * 365 * 86_400 } }),
    ];
    for (const token of refused) {
      const response = await permissions(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Could not validate credentials' });
    }
  });

  it('a normal token still works', async () => {
    await expectLive(await signedIn(app, 'staff@lakeside.demo.example'));
  });
});
