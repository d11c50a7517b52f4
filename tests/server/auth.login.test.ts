import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as loginAt, nextAddress, untilLimited } from './auth.helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';

const ACCOUNTS: [email: string, role: string][] = [
  ['superadmin@demo.example', 'superadmin'],
  ['internal.admin@demo.example', 'internal_admin'],
  ['internal.billing@demo.example', 'internal_billing_admin'],
  ['internal.clinician@demo.example', 'internal_clinician'],
  ['admin@northwind.demo.example', 'admin'],
  ['admin@lakeside.demo.example', 'admin'],
  ['clinician@northwind.demo.example', 'clinician'],
  ['clinician@lakeside.demo.example', 'clinician'],
  ['staff@northwind.demo.example', 'staff'],
  ['staff@lakeside.demo.example', 'staff'],
  ['patient@northwind.demo.example', 'patient'],
];

let testApp: TestApp;
let app: FastifyInstance;
const login = (username: string, password: string, extra: Record<string, string> = {}) => loginAt(app, username, password, extra);

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('POST /auth/login', () => {
  it.each(ACCOUNTS)('signs in %s (%s)', async (email, role) => {
    const response = await login(email, DEMO_PASSWORD);
    if (role === 'patient') {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'User account belongs to patient' });
      expect(response.cookies).toEqual([]);
      return;
    }
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string }>();
    expect(body).toEqual({ access_token: expect.any(String) as unknown, token_expiry: app.config.accessTokenTtl, token_type: 'bearer' });
    const claims = await app.tokens.verify(body.access_token, 'access');
    expect(claims.role).toBe(role);
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('POST /auth/login failures', () => {
  /** What a caller can observe of an answer, apart from the per-request id and date. */
  const observable = (response: Awaited<ReturnType<typeof login>>) => {
    const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
    return { status: response.statusCode, body: response.body, headers };
  };

  it('answers a wrong password, an unknown user and a disabled account identically', async () => {
    await app.db.updateTable('users').set({ is_active: false }).where('email', '=', 'staff@lakeside.demo.example').execute();
    const wrongPassword = await login('admin@northwind.demo.example', 'not-the-password');
    const unknownUser = await login('nobody@northwind.demo.example', 'not-the-password');
    const disabled = await login('staff@lakeside.demo.example', DEMO_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: 'Incorrect username or password' });
    expect(observable(unknownUser)).toEqual(observable(wrongPassword));
    expect(observable(disabled)).toEqual(observable(wrongPassword));
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('takes comparable time for an unknown user and a wrong password', async () => {
    const time = async (username: string) => {
      const start = performance.now();
      await login(username, 'not-the-password');
      return performance.now() - start;
    };
    const median = async (username: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) samples.push(await time(username));
      return samples.sort((a, b) => a - b)[2] ?? 0;
    };
    const known = await median('admin@lakeside.demo.example');
    const unknown = await median('ghost@lakeside.demo.example');
    // Without the dummy verification an unknown user answers about thirty times faster (no Argon2id);
    // the bounds catch that and tolerate a busy machine.
    expect(unknown).toBeGreaterThan(known / 3);
    expect(unknown).toBeLessThan(known * 3);
  });

  it('matches the e-mail address case-insensitively', async () => {
    const response = await login('  Admin@Northwind.Demo.Example ', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('also takes the fields as a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'vitest' },
      payload: { username: 'admin@northwind.demo.example', password: DEMO_PASSWORD, client_id: 'webapp' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a client other than webapp with a 422 naming client_id', async () => {
    const response = await login('admin@northwind.demo.example', DEMO_PASSWORD, { client_id: 'mobile' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: [{ loc: unknown[] }] }>().detail[0].loc).toEqual(['body', 'client_id']);
  });

  it('writes the auth log with user, address and user agent, and sets last_login', async () => {
    const user = await app.db.selectFrom('users').select(['id', 'last_login']).where('email', '=', 'clinician@lakeside.demo.example').executeTakeFirstOrThrow();
    const patient = await app.db.selectFrom('users').select('id').where('email', '=', 'patient@northwind.demo.example').executeTakeFirstOrThrow();
    await login('clinician@lakeside.demo.example', 'wrong');
    const events = await app.db.selectFrom('auth_logs').selectAll().orderBy('id').execute();
    const mine = events.filter((e) => e.user_id === user.id).map((e) => e.event_type);
    expect(mine).toEqual(['login_success', 'login_failed']);
    expect(events.find((e) => e.user_id === patient.id)?.event_type).toBe('patient_refused');
    expect(events.some((e) => e.event_type === 'login_failed' && e.user_id === null)).toBe(true);
    expect(events.every((e) => e.ip_address?.startsWith('10.') && e.user_agent === 'vitest')).toBe(true);
    expect(Date.now() - (user.last_login?.getTime() ?? 0)).toBeLessThan(60_000);
    const neverSignedIn = await app.db
      .selectFrom('users')
      .select('last_login')
      .where('email', '=', 'dr.reyes@northwind.demo.example')
      .executeTakeFirstOrThrow();
    expect(neverSignedIn.last_login).toBeNull();
  });

  it('answers 429 with Retry-After after 10 tries a minute at one account, from any address, known or not', async () => {
    // Accounts no other test of this file signs in with, so each starts its minute at zero.
    for (const username of ['dr.reyes@lakeside.demo.example', 'nobody.here@example.test']) {
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username, password: 'guess', client_id: 'webapp' }).toString(),
          remoteAddress: nextAddress(),
        });
      const { before, limited } = await untilLimited(attempt);
      expect(before.length).toBeGreaterThanOrEqual(10);
      expect(before.every((s) => s === 401)).toBe(true);
      expect(limited.json()).toEqual({ detail: 'Too many requests. Please try again later.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('answers 429 past 60 tries a minute from one address, whatever the accounts', async () => {
    let n = 0;
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: `guess${n++}@example.test`, password: 'guess', client_id: 'webapp' }).toString(),
        remoteAddress: '192.0.2.99',
      });
    const { before, limited } = await untilLimited(attempt, 130);
    expect(before.length).toBeGreaterThanOrEqual(60);
    expect(limited.statusCode).toBe(429);
  });

  it('lets a whole clinic behind one address sign in', async () => {
    // The patient is refused anyway, and staff@lakeside was disabled by a test above.
    const staff = ACCOUNTS.filter(([email, role]) => role !== 'patient' && email !== 'staff@lakeside.demo.example');
    for (const [email] of staff) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD, client_id: 'webapp' }).toString(),
        remoteAddress: '192.0.2.120',
      });
      expect(response.statusCode, email).toBe(200);
    }
  });
});
