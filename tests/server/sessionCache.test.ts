import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedIdentity, forgetUserSessions, keepIdentity } from '../../src/server/auth/sessionCache';
import type { Identity } from '../../src/server/plugins/identity';
import { signedIn } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

const TTL_MS = 400;
let t: TestApp;

// The cache on, as in production (tests/server/auth.revocation.test.ts also runs with it on).
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: TTL_MS });
});
afterAll(() => t.close());

const permissions = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization } });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the session lookup, kept a moment', () => {
  it('a session ended behind this server (another process) is refused once its lookup is no longer trusted', async () => {
    const session = await signedIn(t.app, 'staff@lakeside.demo.example');
    expect((await permissions(session.authorization)).statusCode).toBe(200);
    // Ended by a statement this process did not run: the kept lookup answers until it is stale ...
    await t.app.db.updateTable('sessions').set({ revoked_at: new Date(), revoked_reason: 'elsewhere' }).where('revoked_at', 'is', null).execute();
    expect((await permissions(session.authorization)).statusCode).toBe(200);
    // ... and no longer.
    await wait(TTL_MS + 50);
    const refused = await permissions(session.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Token has expired' });
  });

  it('a logout in this process refuses the access token at once', async () => {
    const session = await signedIn(t.app, 'clinician@lakeside.demo.example');
    expect((await permissions(session.authorization)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: session.cookie ?? '', authorization: session.authorization },
    });
    expect(logout.statusCode).toBe(200);
    expect((await permissions(session.authorization)).json()).toEqual({ detail: 'Token has expired' });
  });
});

describe('sessionCache', () => {
  const identity = (sessionId: string, id = 7): Identity => ({
    id,
    email: 'a@b.example',
    full_name: 'A B',
    role: 'admin',
    tenant_id: 1,
    is_internal: false,
    tenant_ids: null,
    session_id: sessionId,
  });
  const now = 1_000_000;
  const later = new Date(now + 3_600_000);

  it('answers a kept identity until its time is up, the session has ended, or another user asks', () => {
    keepIdentity(identity('s1'), later, 2000, now);
    expect(cachedIdentity('s1', 7, now + 1999)?.session_id).toBe('s1');
    expect(cachedIdentity('s1', 8, now + 10)).toBeUndefined();
    keepIdentity(identity('s2'), new Date(now + 500), 2000, now);
    expect(cachedIdentity('s2', 7, now + 500)).toBeUndefined();
    keepIdentity(identity('s3'), later, 2000, now);
    expect(cachedIdentity('s3', 7, now + 2000)).toBeUndefined();
  });

  it('keeps nothing for 0 or a setting that is not a number, and never longer than 10 s', () => {
    keepIdentity(identity('z0'), later, 0, now);
    keepIdentity(identity('zn'), later, Number('two seconds'), now);
    expect(cachedIdentity('z0', 7, now)).toBeUndefined();
    expect(cachedIdentity('zn', 7, now)).toBeUndefined();
    keepIdentity(identity('long'), later, 60_000, now);
    expect(cachedIdentity('long', 7, now + 9_999)).toBeDefined();
    expect(cachedIdentity('long', 7, now + 10_000)).toBeUndefined();
  });

  it("forgets every session of a user but the one kept, and what it keeps can't be changed", () => {
    keepIdentity(identity('u1', 9), later, 2000, now);
    keepIdentity(identity('u2', 9), later, 2000, now);
    keepIdentity(identity('other', 10), later, 2000, now);
    forgetUserSessions(9, 'u2');
    expect(cachedIdentity('u1', 9, now)).toBeUndefined();
    expect(cachedIdentity('u2', 9, now)).toBeDefined();
    expect(cachedIdentity('other', 10, now)).toBeDefined();
    const kept = cachedIdentity('u2', 9, now) as Identity;
    expect(() => Object.assign(kept, { role: 'superadmin' })).toThrow(TypeError);
  });
});
