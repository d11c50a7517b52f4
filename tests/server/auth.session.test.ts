import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authEvents, nextAddress, sessionOf, signedIn } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;

// An https public address, so the refresh cookie must be Secure.
beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: 'https://console.example.test' });
  app = testApp.app;
});
afterAll(() => testApp.close());

const refresh = (cookie: string | undefined) =>
  app.inject({ method: 'GET', url: '/api/auth/refresh', headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });
const permissions = (authorization: string) => app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization } });
const sessionRow = (refreshToken: string) =>
  app.db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select(['s.id', 's.revoked_at', 's.revoked_reason', 's.expires_at', 't.used_at', 't.token_hash'])
    .where('t.token_hash', '=', createHash('sha256').update(refreshToken).digest('hex'))
    .executeTakeFirstOrThrow();

describe('refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, Path=/api/auth, Secure on https, and lives as long as the session', async () => {
    const session = await signedIn(app, 'admin@northwind.demo.example');
    const response = await refresh(session.cookie);
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: true });
    const row = await sessionRow(cookie?.value ?? '');
    expect(cookie?.expires?.getTime()).toBe(Math.floor(row.expires_at.getTime() / 1000) * 1000);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan((app.config.sessionTtl - 120) * 1000);
  });
});

describe('GET /auth/refresh', () => {
  it('rotates: a new access token, a new refresh token in the same family, the old one marked used', async () => {
    const session = await signedIn(app, 'clinician@northwind.demo.example');
    const response = await refresh(session.cookie);
    expect(response.statusCode).toBe(200);
    const next = sessionOf(response);
    expect(response.json()).toEqual({ access_token: expect.any(String) as unknown, token_expiry: app.config.accessTokenTtl, token_type: 'bearer' });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const before = await sessionRow(session.refreshToken ?? '');
    const after = await sessionRow(next.refreshToken ?? '');
    expect(after.id).toBe(before.id);
    expect(before.used_at).toBeInstanceOf(Date);
    expect(after.used_at).toBeNull();
    // Only hashes are stored.
    const stored = await app.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(next.refreshToken);
    expect((await permissions(next.authorization)).statusCode).toBe(200);
    expect(await authEvents(app, 'clinician@northwind.demo.example')).toEqual(['login_success', 'refresh_token_rotated']);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const session = await signedIn(app, 'staff@northwind.demo.example');
    const rotated = sessionOf(await refresh(session.cookie));
    const replay = await refresh(session.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Token has expired' });
    // The newest token of the family and the family's access tokens are dead too.
    const newest = await refresh(rotated.cookie);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toEqual({ detail: 'Token has expired' });
    const access = await permissions(rotated.authorization);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual({ detail: 'Token has expired' });
    expect((await sessionRow(rotated.refreshToken ?? '')).revoked_reason).toBe('refresh_token_reused');
    expect(await authEvents(app, 'staff@northwind.demo.example')).toEqual([
      'login_success',
      'refresh_token_rotated',
      'refresh_token_reused',
      'refresh_token_expired',
    ]);
  });

  it('answers 401 Token has expired for an expired session, and its access tokens too', async () => {
    const session = await signedIn(app, 'internal.billing@demo.example');
    const row = await sessionRow(session.refreshToken ?? '');
    await app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const access = await permissions(session.authorization);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual({ detail: 'Token has expired' });
    const response = await refresh(session.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Token has expired' });
    expect((await authEvents(app, 'internal.billing@demo.example')).at(-1)).toBe('refresh_token_expired');
  });

  it('answers 204 without a body when no cookie holds a session (a cold load signed out), 401 for an unknown one', async () => {
    const none = await refresh(undefined);
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    expect(none.cookies).toEqual([]);
    const unknown = await refresh('refresh_token=not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Token has expired' });
  });
});

describe('POST /auth/refresh', () => {
  it('takes the refresh token from the body', async () => {
    const session = await signedIn(app, 'admin@lakeside.demo.example');
    const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: session.refreshToken } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ token_type: string }>().token_type).toBe('bearer');
  });

  it('or from the cookie when there is no body', async () => {
    const session = await signedIn(app, 'admin@lakeside.demo.example');
    const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: session.cookie ?? '' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 204 without a token in the body or a cookie', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});

describe('access tokens', () => {
  it('answer 401 Signature has expired once expired, so the console refreshes', async () => {
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    const claims = await app.tokens.verify(session.body.access_token, 'access');
    const expired = await app.tokens.sign(claims, -1);
    const response = await permissions(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Signature has expired' });
  });

  it('a token verified once is still refused once it expires, and as the other type', async () => {
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    const claims = await app.tokens.verify(session.body.access_token, 'access');
    const shortLived = await app.tokens.sign(claims, 5);
    expect((await permissions(`Bearer ${shortLived}`)).statusCode).toBe(200);
    await expect(app.tokens.verify(shortLived, 'mfa')).rejects.toMatchObject({ statusCode: 401, message: 'Could not validate credentials' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      const response = await permissions(`Bearer ${shortLived}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Signature has expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an mfa token does not open the API', async () => {
    const session = await signedIn(app, 'clinician@lakeside.demo.example');
    const claims = await app.tokens.verify(session.body.access_token, 'access');
    const mfa = await app.tokens.sign({ ...claims, typ: 'mfa' }, 60);
    expect((await permissions(`Bearer ${mfa}`)).statusCode).toBe(401);
  });
});

describe('GET /auth/logout', () => {
  it('revokes the session, clears the cookie and logs the event', async () => {
    const session = await signedIn(app, 'staff@lakeside.demo.example');
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie ?? '', authorization: session.authorization },
    });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    expect((await permissions(session.authorization)).json()).toEqual({ detail: 'Token has expired' });
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await sessionRow(session.refreshToken ?? '')).revoked_reason).toBe('logout');
    expect(await authEvents(app, 'staff@lakeside.demo.example')).toEqual(['login_success', 'logout', 'refresh_token_expired']);
  });

  it('answers 200 without any session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });
});
