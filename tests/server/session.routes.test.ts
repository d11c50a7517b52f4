import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/domain/permissions';
import { signedIn } from './auth.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const get = (url: string, authorization?: string) => app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const userId = async (email: string) => (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('session calls', () => {
  it('refuse a request without a bearer token', async () => {
    for (const url of ['/api/permissions', '/api/feature-flags', '/api/attendances/ongoing', '/api/users/1/identity']) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('GET / answers is_demo without a session', async () => {
    const response = await get('/api/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ is_demo: true });
  });

  it('GET /signature.json answers the deployed version without a session', async () => {
    const response = await get('/api/signature.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: '0.4.0' });
  });
});

describe('GET /permissions', () => {
  it('answers the role table with is_internal and role', async () => {
    const session = await signedIn(app, 'clinician@northwind.demo.example');
    const response = await get('/api/permissions', session.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...PERMISSIONS.clinician, is_internal: false, role: 'clinician' });
  });
});

describe('GET /users/{sub}/identity', () => {
  it("answers the caller's identity with both name spellings, user_hash and permissions", async () => {
    const session = await signedIn(app, 'internal.clinician@demo.example');
    const id = await userId('internal.clinician@demo.example');
    const response = await get(`/api/users/${id}/identity`, session.authorization);
    expect(response.statusCode).toBe(200);
    const identity = response.json<{ user_hash: string }>();
    expect(identity).toMatchObject({
      id,
      fullName: 'Clara Nightingale',
      full_name: 'Clara Nightingale',
      email: 'internal.clinician@demo.example',
      role: 'internal_clinician',
      tenant_id: null,
      tenantId: null,
      is_internal: true,
      mfa_enabled: false,
      attendance_tracking_enabled: true,
      settings: {},
      user_hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      permissions: { ...PERMISSIONS.internal_clinician, is_internal: true, role: 'internal_clinician' },
    });
    // The hash is stable for a user.
    expect((await get(`/api/users/${id}/identity`, session.authorization)).json<{ user_hash: string }>().user_hash).toBe(identity.user_hash);
  });

  it("answers 404 for another user's id", async () => {
    const session = await signedIn(app, 'staff@northwind.demo.example');
    const other = await userId('admin@northwind.demo.example');
    const response = await get(`/api/users/${other}/identity`, session.authorization);
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT and PATCH /users/settings', () => {
  it('merge preference keys into the settings', async () => {
    const session = await signedIn(app, 'admin@lakeside.demo.example');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/users/settings',
      headers: { authorization: session.authorization },
      payload: { timezone: 'America/Chicago', version: 1 },
    });
    expect(put.statusCode).toBe(200);
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { authorization: session.authorization },
      payload: { collapse_sidebar_on_click: true, version: 2 },
    });
    expect(patch.json()).toEqual({ settings: { timezone: 'America/Chicago', version: 2, collapse_sidebar_on_click: true }, preferred_mfa_method: null });
    const identity = await get(`/api/users/${await userId('admin@lakeside.demo.example')}/identity`, session.authorization);
    expect(identity.json<{ settings: unknown }>().settings).toEqual({ timezone: 'America/Chicago', version: 2, collapse_sidebar_on_click: true });
  });

  it('refuse a body that is not an object, and a two-factor method the user has not set up', async () => {
    const session = await signedIn(app, 'admin@lakeside.demo.example');
    const send = (payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: '/api/users/settings',
        headers: { authorization: session.authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expect((await send(['timezone'])).statusCode).toBe(422);
    expect((await send('dark')).statusCode).toBe(422);
    const unknown = await send({ preferred_mfa_method: 'sms' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ detail: [{ loc: unknown[] }] }>().detail[0].loc).toEqual(['body', 'preferred_mfa_method']);
    expect((await send({ preferred_mfa_method: 'authenticator' })).statusCode).toBe(422);
    expect((await send({ preferred_mfa_method: null })).statusCode).toBe(200);
  });

  it('PATCH stores preferred_mfa_method (authenticator meaning totp) when that method is enabled', async () => {
    const session = await signedIn(app, 'superadmin@demo.example');
    await app.db
      .updateTable('users')
      .set({ totp_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where('email', '=', 'superadmin@demo.example')
      .execute();
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { authorization: session.authorization },
      payload: { preferred_mfa_method: 'authenticator' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ preferred_mfa_method: unknown }>().preferred_mfa_method).toBe('totp');
    expect(response.json<{ settings: unknown }>().settings).not.toHaveProperty('preferred_mfa_method');
  });
});

describe('GET /attendances/ongoing', () => {
  it('answers the open attendance id of a checked-in user', async () => {
    const session = await signedIn(app, 'internal.clinician@demo.example');
    const open = await app.db
      .selectFrom('attendances')
      .select('id')
      .where('user_id', '=', await userId('internal.clinician@demo.example'))
      .where('check_out_time', 'is', null)
      .executeTakeFirstOrThrow();
    const response = await get('/api/attendances/ongoing', session.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: open.id });
  });

  it('answers null when not checked in', async () => {
    const session = await signedIn(app, 'internal.billing@demo.example');
    const response = await get('/api/attendances/ongoing', session.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });
});

describe('GET /feature-flags', () => {
  it('answers the key-to-value map', async () => {
    const session = await signedIn(app, 'staff@lakeside.demo.example');
    const response = await get('/api/feature-flags', session.authorization);
    expect(response.json()).toEqual({ clinical_activities: true, voice_calls: true, esign: true });
  });
});
