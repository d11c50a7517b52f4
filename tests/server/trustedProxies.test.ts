import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilLimited } from './auth.helpers';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';

/**
 * X-Forwarded-For is believed only from the peers of TRUSTED_PROXIES (config.trustedProxies):
 * from anyone else it changes neither the address the sign-in limits count nor the one the logs
 * keep; from a trusted proxy the forwarded address is the client's, and the logs keep the proxy's
 * own address beside it (peer_address).
 */
const PROXY = '192.0.2.10';

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ trustedProxies: [PROXY, '198.51.100.0/24'] })]);
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

let forged = 0;
/** A different forwarded address on every call. */
const nextForwarded = () => {
  forged += 1;
  return `203.0.${(forged >> 8) & 255}.${forged & 255}`;
};

/** A call that only the per-address limit (60 a minute) holds: a one-time code nobody has. */
const otp = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
  app.inject({ method: 'POST', url: '/api/auth/otp', payload: { token: 'no-such-code' }, headers: { 'x-forwarded-for': forwardedFor }, remoteAddress });

/** The auth-log row of a reset request sent with these addresses. */
async function resetRequestRow(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { email: 'nobody.forwarded@example.test' },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return app.db
    .selectFrom('auth_logs')
    .select(['event_type', 'ip_address', 'peer_address'])
    .where('event_type', '=', 'password_reset_requested')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The audit row of a patient list read with these addresses. */
async function patientListAuditRow(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const { authorization } = await signIn(app, 'admin@northwind.demo.example');
  const response = await app.inject({
    method: 'GET',
    url: '/api/patients?limit=1',
    headers: { authorization, 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return app.db
    .selectFrom('audit_logs')
    .select(['ip_address', 'peer_address'])
    .where('request_id', '=', String(response.headers['x-request-id']))
    .executeTakeFirstOrThrow();
}

describe('X-Forwarded-For from a peer that is not a trusted proxy (the default: none is)', () => {
  it('does not escape the per-address sign-in limit', async () => {
    const { before, limited } = await untilLimited(() => otp(direct.app, '192.0.2.50', nextForwarded()), 130);
    expect(before.length).toBeGreaterThanOrEqual(60);
    expect(before.every((status) => status === 400)).toBe(true);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please try again later.' });
  });

  it('is not the address the auth log keeps', async () => {
    expect(await resetRequestRow(direct.app, '192.0.2.51', '203.0.113.7')).toEqual({
      event_type: 'password_reset_requested',
      ip_address: '192.0.2.51',
      peer_address: '192.0.2.51',
    });
  });

  it('is not the address the audit log keeps', async () => {
    expect(await patientListAuditRow(direct.app, '192.0.2.52', '203.0.113.8')).toEqual({ ip_address: '192.0.2.52', peer_address: '192.0.2.52' });
  });

  it('is ignored from a peer outside the trusted list of a server that has one', async () => {
    expect(await resetRequestRow(proxied.app, '192.0.2.53', '203.0.113.9')).toMatchObject({ ip_address: '192.0.2.53', peer_address: '192.0.2.53' });
  });
});

describe('X-Forwarded-For from a trusted proxy', () => {
  it('is the address the sign-in limit counts', async () => {
    // Many clients behind the proxy: none is held by the others' calls ...
    for (let i = 0; i < 70; i++) expect((await otp(proxied.app, PROXY, nextForwarded())).statusCode).toBe(400);
    // ... and one client alone is.
    const { before } = await untilLimited(() => otp(proxied.app, PROXY, '203.0.113.77'), 130);
    expect(before.length).toBeGreaterThanOrEqual(60);
  });

  it('is the client address of the auth log, beside the proxy as the peer', async () => {
    expect(await resetRequestRow(proxied.app, PROXY, '203.0.113.10')).toMatchObject({ ip_address: '203.0.113.10', peer_address: PROXY });
  });

  it('is the client address of the audit log, beside the proxy as the peer', async () => {
    expect(await patientListAuditRow(proxied.app, PROXY, '203.0.113.11')).toEqual({ ip_address: '203.0.113.11', peer_address: PROXY });
  });

  it('is read from the right: what the client itself wrote before the proxy appended its address is ignored', async () => {
    // The client forged 10.9.9.9; the proxy appended the address it saw; a CIDR-listed proxy passed it on.
    expect(await resetRequestRow(proxied.app, '198.51.100.20', '10.9.9.9, 203.0.113.12, 192.0.2.10')).toMatchObject({
      ip_address: '203.0.113.12',
      peer_address: '198.51.100.20',
    });
  });
});
