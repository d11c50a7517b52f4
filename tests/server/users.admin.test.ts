import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { USER_TEXTS } from '../../src/server/resources/definitions/users';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let superadmin: Client;
let internal: Client;
let billing: Client;
let nwAdmin: Client;
let nwClinician: Client;
let tenants: { northwind: number; lakeside: number };
let seq = 0;
const db = () => t.app.db;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };

const outbox = (to: string) => db().selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id').execute();
/** The code of a mail's link: `...?verifyEmailCode=<code>` or `...?resetCode=<code>`. */
const codeOf = (body: string, name: string) => decodeURIComponent(new RegExp(`[?&]${name}=([^\\s&]+)`).exec(body)?.[1] ?? '');
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const providerUser = (tenantId: number, extra: Row = {}) => ({
  email: `user.${unique()}@example.org`,
  first_name: 'Nia',
  last_name: 'Newman',
  role: 'staff',
  tenant_id: tenantId,
  ...extra,
});
const liveSessions = async (id: number) =>
  Number(
    (
      await db()
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://console.example.test' });
  tenants = await tenantIds(t.app);
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  nwAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  nwClinician = await clientFor(t.app, 'clinician@northwind.demo.example');
});
afterAll(async () => t?.close());

describe('POST users', () => {
  test('creates a provider user, unverified, mails a verification link that verifies the address once, and audits the create', async () => {
    const body = providerUser(tenants.northwind);
    const created = await internal.send('POST', '/api/users', body);
    expect(created).toMatchObject({ status: 201, body: { email: body.email, is_email_verified: false, is_internal: false, tenant_id: tenants.northwind } });
    const id = (created.body as Row).id as number;
    expect(created.body).not.toHaveProperty('send_email_invite');
    const mails = await outbox(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain('https://console.example.test/email-verification?verifyEmailCode=');
    const code = codeOf(mails[0]?.body_text ?? '', 'verifyEmailCode');
    const verify = () => t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: code } });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(400);
    expect(await internal.get(`/api/users/${id}`)).toMatchObject({ status: 200, body: { is_email_verified: true } });
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id', 'tenant_id', 'actor_id'])
      .where('resource', '=', 'users')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'create', record_id: String(id), tenant_id: tenants.northwind, actor_id: await userId('internal.admin@demo.example') });
  });

  test('an internal user created with is_internal and send_email_invite also gets the set-password mail, whose code sets a password', async () => {
    const email = `internal.${unique()}@example.org`;
    const created = await internal.send('POST', '/api/users', {
      email,
      first_name: 'Ivo',
      last_name: 'Inside',
      role: 'internal_clinician',
      is_internal: true,
      send_email_invite: true,
      attendance_tracking_enabled: true,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { is_internal: true, tenant_id: null, attendance_tracking_enabled: true, patient_access_level: 'all' },
    });
    const mails = await outbox(email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your Care Console e-mail address', 'Reset your Care Console password']);
    const resetCode = codeOf(mails[1]?.body_text ?? '', 'resetCode');
    expect(mails[1]?.body_text).toContain('https://console.example.test/login?resetCode=');
    const otp = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { token: resetCode } });
    expect(otp.json()).toEqual({ token_type: 'email_user' });
  });

  test('is_internal does not decide: a provider role stays a provider user; the invite is only for internal users', async () => {
    const body = providerUser(tenants.northwind, { is_internal: true, send_email_invite: true });
    const created = await internal.send('POST', '/api/users', body);
    expect(created).toMatchObject({ status: 201, body: { is_internal: false, tenant_id: tenants.northwind } });
    expect((await outbox(body.email)).map((m) => m.subject)).toEqual(['Verify your Care Console e-mail address']);
  });

  test('refuses bad input with nothing created and no mail: a superadmin, unknown fields, a bad e-mail, a taken e-mail', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const superBody = providerUser(tenants.northwind, { role: 'superadmin' });
    expect(await internal.send('POST', '/api/users', superBody)).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'role'], msg: "You can't set a user as a superadmin." }] },
    });
    expect((await internal.send('POST', '/api/users', providerUser(tenants.northwind, { is_email_verified: true }))).status).toBe(422);
    expect(isValidationError(await internal.send('POST', '/api/users', providerUser(tenants.northwind, { email: 'not-an-address' })), ['body', 'email'])).toBe(
      true,
    );
    expect(
      isValidationError(await internal.send('POST', '/api/users', providerUser(tenants.northwind, { patient_access_level: 'tenant_scoped' })), [
        'body',
        'patient_access_level',
      ]),
    ).toBe(true);
    expect((await internal.send('POST', '/api/users', providerUser(tenants.northwind, { email: 'admin@northwind.demo.example' }))).status).toBe(409);
    expect(await nwClinician.send('POST', '/api/users', providerUser(tenants.northwind))).toMatchObject(FORBIDDEN);
    expect(await count()).toBe(before);
    expect(await outbox(superBody.email)).toEqual([]);
  });

  test("a provider admin's new user is its own provider's, whatever the body says", async () => {
    const created = await nwAdmin.send('POST', '/api/users', providerUser(tenants.lakeside));
    expect(created).toMatchObject({ status: 201, body: { tenant_id: tenants.northwind } });
    const internalRole = await nwAdmin.send('POST', '/api/users', providerUser(tenants.northwind, { role: 'internal_clinician' }));
    expect(internalRole).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'role'] }] } });
  });
});

describe('PUT and PATCH users/{id}', () => {
  test('an e-mail change makes the address unverified and mails a new code; other changes mail nothing', async () => {
    const created = providerUser(tenants.northwind);
    const id = ((await nwAdmin.send('POST', '/api/users', created)).body as Row).id as number;
    await db().updateTable('users').set({ is_email_verified: true }).where('id', '=', id).execute();
    await db().deleteFrom('outbox_emails').where('to_address', '=', created.email).execute();
    const read = (await nwAdmin.get(`/api/users/${id}`)).body as Row;
    expect(read.is_email_verified).toBe(true);
    const same = await nwAdmin.send('PUT', `/api/users/${id}`, { ...read, first_name: 'Stacy' });
    expect(same).toMatchObject({ status: 200, body: { first_name: 'Stacy', is_email_verified: true } });
    expect(await outbox(read.email as string)).toEqual([]);
    const email = `moved.${unique()}@example.org`;
    const changed = await nwAdmin.send('PATCH', `/api/users/${id}`, { email });
    expect(changed).toMatchObject({ status: 200, body: { email, is_email_verified: false } });
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain('/email-verification?verifyEmailCode=');
    const audit = await db().selectFrom('audit_logs').select(['action', 'record_id']).where('resource', '=', 'users').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toEqual({ action: 'update', record_id: String(id) });
  });

  test('nobody disables their own account', async () => {
    const me = await userId('admin@northwind.demo.example');
    const answer = await nwAdmin.send('PATCH', `/api/users/${me}`, { is_active: false });
    expect(answer).toMatchObject({ status: 422, body: { detail: USER_TEXTS.selfDisable } });
    expect((await db().selectFrom('users').select('is_active').where('id', '=', me).executeTakeFirstOrThrow()).is_active).toBe(true);
  });

  test('nobody disables the last active superadmin, nor takes its role; with another one active it can be disabled', async () => {
    const sam = await userId('superadmin@demo.example');
    expect(await internal.send('PATCH', `/api/users/${sam}`, { is_active: false })).toMatchObject({
      status: 422,
      body: { detail: USER_TEXTS.lastSuperadmin },
    });
    expect(await internal.send('PATCH', `/api/users/${sam}`, { role: 'internal_admin' })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'role'], msg: USER_TEXTS.lastSuperadminRole }] },
    });
    // A second superadmin (made in the database: nobody can give the role through the API).
    const second = await db()
      .insertInto('users')
      .values({ email: `second.super.${unique()}@example.org`, first_name: 'Second', last_name: 'Super', role: 'superadmin', is_internal: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const disabled = await internal.send('PATCH', `/api/users/${second.id}`, { is_active: false });
    expect(disabled).toMatchObject({ status: 200, body: { is_active: false } });
    expect((await internal.send('PATCH', `/api/users/${sam}`, { is_active: false })).status).toBe(422);
  });

  test('disabling a user ends its sessions; enabling brings none back', async () => {
    const id = await userId('clinician@lakeside.demo.example');
    const session = await signIn(t.app, 'clinician@lakeside.demo.example');
    expect(await liveSessions(id)).toBeGreaterThan(0);
    expect(await internal.send('PATCH', `/api/users/${id}`, { is_active: false })).toMatchObject({ status: 200, body: { is_active: false } });
    expect(await liveSessions(id)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: session.authorization } })).statusCode).toBe(401);
    expect(await internal.send('PATCH', `/api/users/${id}`, { is_active: true })).toMatchObject({ status: 200, body: { is_active: true } });
    expect(await liveSessions(id)).toBe(0);
  });

  test('patient_access_level: tenant_scoped only for internal roles other than the three admin roles; attendance only for internal users', async () => {
    const provider = await userId('staff@lakeside.demo.example');
    const billingId = await userId('internal.billing@demo.example');
    const clinician = await userId('internal.clinician@demo.example');
    const refused = (answer: unknown, field: string) => expect(answer).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', field] }] } });
    refused(await internal.send('PATCH', `/api/users/${provider}`, { patient_access_level: 'tenant_scoped' }), 'patient_access_level');
    refused(await internal.send('PATCH', `/api/users/${billingId}`, { patient_access_level: 'tenant_scoped' }), 'patient_access_level');
    refused(await internal.send('PATCH', `/api/users/${provider}`, { attendance_tracking_enabled: true }), 'attendance_tracking_enabled');
    // What a client sends back unchanged is accepted.
    expect(await internal.send('PATCH', `/api/users/${provider}`, { patient_access_level: 'all', attendance_tracking_enabled: false })).toMatchObject({
      status: 200,
    });
    expect(await internal.send('PATCH', `/api/users/${clinician}`, { patient_access_level: 'tenant_scoped' })).toMatchObject({
      status: 200,
      body: { patient_access_level: 'tenant_scoped' },
    });
    // Made an admin role, the user sees every provider again.
    expect(await internal.send('PATCH', `/api/users/${clinician}`, { role: 'internal_admin' })).toMatchObject({
      status: 200,
      body: { patient_access_level: 'all' },
    });
    expect(await internal.send('PATCH', `/api/users/${clinician}`, { role: 'internal_clinician' })).toMatchObject({ status: 200 });
    expect(isValidationError(await internal.send('PATCH', `/api/users/${clinician}`, { patient_access_level: 'some' }), ['body', 'patient_access_level'])).toBe(
      true,
    );
  });

  test("another provider's user answers exactly like a missing one, and nothing moves between providers", async () => {
    const lakesideUser = await userId('staff@lakeside.demo.example');
    const own = await userId('clinician@northwind.demo.example');
    const foreign = await nwAdmin.send('PATCH', `/api/users/${lakesideUser}`, { first_name: 'X' });
    expect(foreign).toMatchObject(NOT_FOUND);
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: (await nwAdmin.send('PATCH', '/api/users/2147483000', { first_name: 'X' })).status,
      body: NOT_FOUND.body,
    });
    expect(await nwAdmin.send('PATCH', `/api/users/${own}`, { tenant_id: tenants.lakeside })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'tenant_id'], msg: 'Not allowed to move this record to another provider' }] },
    });
    expect(await nwClinician.send('PATCH', `/api/users/${own}`, { first_name: 'X' })).toMatchObject(FORBIDDEN);
    expect(isValidationError(await nwAdmin.send('PATCH', '/api/users/abc', { first_name: 'X' }), ['path', 'id'])).toBe(true);
  });
});

describe('GET roles', () => {
  test('lists the internal or the provider roles, never superadmin nor patient', async () => {
    const internalRoles = await internal.get('/api/roles', { meta: { is_internal: true } });
    expect(internalRoles.status).toBe(200);
    expect((internalRoles.body as Row[]).map((r) => r.role)).toEqual(['internal_admin', 'internal_billing_admin', 'internal_clinician', 'product_analyst']);
    expect((internalRoles.body as Row[]).every((r) => typeof r.description === 'string' && r.description !== '')).toBe(true);
    expect(internalRoles.headers['content-range']).toBe('roles 0-3/4');
    const providerRoles = await internal.get('/api/roles', { meta: { is_internal: false } });
    expect((providerRoles.body as Row[]).map((r) => r.role)).toEqual(['admin', 'clinician', 'staff']);
    const all = await superadmin.get('/api/roles');
    expect((all.body as Row[]).map((r) => r.role)).not.toContain('superadmin');
    expect((all.body as Row[]).map((r) => r.role)).not.toContain('patient');
    // A provider user is never offered the internal roles.
    expect((await nwAdmin.get('/api/roles', { meta: { is_internal: true } })).body).toEqual([]);
  });

  test('refuses a meta that is not an object with a boolean is_internal', async () => {
    expect(isValidationError(await internal.get('/api/roles', { meta: '{bad' }), ['query', 'meta'])).toBe(true);
    expect(isValidationError(await internal.get('/api/roles', { meta: { is_internal: 'yes' } }), ['query', 'meta', 'is_internal'])).toBe(true);
    expect(isValidationError(await internal.get('/api/roles', { meta: [1] }), ['query', 'meta'])).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
  });
});

describe('POST users/{id}/reset-password', () => {
  test('mails the reset link, whose code works on /otp, audited; empty body', async () => {
    const email = 'clinician@northwind.demo.example';
    const id = await userId(email);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/reset-password`,
      headers: { authorization: (await signIn(t.app, 'admin@northwind.demo.example')).authorization },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Successfully reset user password. They will receive an email with instructions.' });
    const mail = (await outbox(email)).at(-1);
    expect(mail?.subject).toBe('Reset your Care Console password');
    const otp = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { token: codeOf(mail?.body_text ?? '', 'resetCode') } });
    expect(otp.json()).toEqual({ token_type: 'email_user' });
    const audit = await db().selectFrom('audit_logs').select(['action', 'resource', 'record_id']).orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toEqual({ action: 'update', resource: 'users/reset-password', record_id: String(id) });
    expect((await nwAdmin.send('POST', `/api/users/${id}/reset-password`, {})).status).toBe(200);
  });

  test("refuses roles without users.update (403), another provider's user as a missing one (404), a body (422)", async () => {
    const lakeside = await userId('admin@lakeside.demo.example');
    const own = await userId('staff@northwind.demo.example');
    expect(await nwClinician.send('POST', `/api/users/${own}/reset-password`)).toMatchObject(FORBIDDEN);
    expect(await billing.send('POST', `/api/users/${own}/reset-password`)).toMatchObject(FORBIDDEN);
    expect(await nwAdmin.send('POST', `/api/users/${lakeside}/reset-password`)).toMatchObject(NOT_FOUND);
    expect(await nwAdmin.send('POST', '/api/users/2147483000/reset-password')).toMatchObject(NOT_FOUND);
    expect(await outbox('admin@lakeside.demo.example')).toEqual([]);
    expect((await nwAdmin.send('POST', `/api/users/${own}/reset-password`, { password: 'x' })).status).toBe(422);
    expect(isValidationError(await nwAdmin.send('POST', '/api/users/x/reset-password'), ['path', 'id'])).toBe(true);
  });
});

describe('POST users/{id}/reset-2fa', () => {
  test('turns off the authenticator app, deletes the passkeys and ends the sessions (the three admin roles)', async () => {
    const email = 'admin@lakeside.demo.example';
    const id = await userId(email);
    await openSessionFor(email);
    await db().updateTable('users').set({ totp_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXP', preferred_mfa_method: 'totp' }).where('id', '=', id).execute();
    await db()
      .insertInto('webauthn_credentials')
      .values({ user_id: id, credential_id: `cred-${unique()}`, public_key: 'pk', name: 'Laptop' })
      .execute();
    expect(await liveSessions(id)).toBeGreaterThan(0);
    const answer = await billing.send('POST', `/api/users/${id}/reset-2fa`);
    expect(answer).toEqual(expect.objectContaining({ status: 200, body: { message: 'Successfully reset user 2FA.' } }));
    const row = await db().selectFrom('users').select(['totp_enabled', 'totp_secret', 'preferred_mfa_method']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_enabled: false, totp_secret: null, preferred_mfa_method: null });
    expect(await db().selectFrom('webauthn_credentials').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await liveSessions(id)).toBe(0);
    const audit = await db().selectFrom('audit_logs').select(['resource', 'record_id']).orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toEqual({ resource: 'users/reset-2fa', record_id: String(id) });
    // A password sign-in works again without a second factor.
    expect((await signIn(t.app, email, DEMO_PASSWORD)).body.access_token).toBeTypeOf('string');
  });

  test('is refused to every other role, even one that may update the user', async () => {
    const id = await userId('staff@northwind.demo.example');
    expect(await nwAdmin.send('POST', `/api/users/${id}/reset-2fa`)).toMatchObject(FORBIDDEN);
    expect(await nwClinician.send('POST', `/api/users/${id}/reset-2fa`)).toMatchObject(FORBIDDEN);
    const clinician = await clientFor(t.app, 'internal.clinician@demo.example');
    expect(await clinician.send('POST', `/api/users/${id}/reset-2fa`)).toMatchObject(FORBIDDEN);
    expect(await internal.send('POST', '/api/users/2147483000/reset-2fa')).toMatchObject(NOT_FOUND);
  });
});

describe('POST users/{id}/send-email-verification', () => {
  test('mails a new code to an unverified address; a verified one is 422', async () => {
    const body = providerUser(tenants.northwind);
    const id = ((await nwAdmin.send('POST', '/api/users', body)).body as Row).id as number;
    const answer = await nwAdmin.send('POST', `/api/users/${id}/send-email-verification`);
    expect(answer).toEqual(expect.objectContaining({ status: 200, body: { message: 'Verification email sent successfully' } }));
    const mails = await outbox(body.email);
    expect(mails).toHaveLength(2);
    const code = codeOf(mails[1]?.body_text ?? '', 'verifyEmailCode');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: code } })).statusCode).toBe(200);
    const again = await nwAdmin.send('POST', `/api/users/${id}/send-email-verification`);
    expect(again).toMatchObject({ status: 422, body: { detail: 'The e-mail address is already verified.' } });
    expect(await outbox(body.email)).toHaveLength(2);
  });

  test("refuses another provider's user as a missing one, and roles without users.update", async () => {
    const lakeside = await userId('staff@lakeside.demo.example');
    expect(await nwAdmin.send('POST', `/api/users/${lakeside}/send-email-verification`)).toMatchObject(NOT_FOUND);
    expect(await nwClinician.send('POST', `/api/users/${lakeside}/send-email-verification`)).toMatchObject(FORBIDDEN);
  });
});

/** A live session of the account (its sign-in), so that a change can be seen to end it. */
async function openSessionFor(email: string) {
  return signIn(t.app, email);
}
