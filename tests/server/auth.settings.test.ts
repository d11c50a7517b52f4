import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from './auth.softAuthenticator';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, type ApiAnswer, type Client } from './resources.helpers';

let testApp: TestApp;
let app: FastifyInstance;
let me: Client;
const EMAIL = 'admin@northwind.demo.example';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  me = await clientFor(app, EMAIL);
});
afterAll(() => testApp.close());

const stored = () => app.db.selectFrom('users').select(['settings', 'preferred_mfa_method']).where('email', '=', EMAIL).executeTakeFirstOrThrow();
const settingsOf = (answer: ApiAnswer) => (answer.body as { settings: Record<string, unknown> }).settings;

describe('PATCH users/settings: the account page preferences', () => {
  it('saves the three preference toggles and the time zone, and the identity carries them', async () => {
    const answer = await me.send('PATCH', '/api/users/settings', {
      daily_task_summary_email: true,
      monitoring_progress_summary_email: false,
      collapse_sidebar_on_click: true,
      user_timezone: 'America/Chicago',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      settings: { daily_task_summary_email: true, monitoring_progress_summary_email: false, collapse_sidebar_on_click: true, user_timezone: 'America/Chicago' },
      preferred_mfa_method: null,
    });
    const user = await app.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    const identity = await me.get(`/api/users/${user.id}/identity`);
    expect(identity.body).toMatchObject({ settings: { daily_task_summary_email: true, collapse_sidebar_on_click: true, user_timezone: 'America/Chicago' } });
    // One key at a time (PUT, as the console's time-zone sync sends it) keeps the others.
    const put = await me.send('PUT', '/api/users/settings', { collapse_sidebar_on_click: false });
    expect(settingsOf(put)).toMatchObject({ daily_task_summary_email: true, collapse_sidebar_on_click: false, user_timezone: 'America/Chicago' });
  });

  it('checks `timezone` (the contract’s word) as a time zone too', async () => {
    const answer = await me.send('PATCH', '/api/users/settings', { timezone: 'Europe/Paris' });
    expect(answer.status).toBe(200);
    expect(settingsOf(answer)).toMatchObject({ timezone: 'Europe/Paris', user_timezone: 'America/Chicago' });
  });

  it('refuses a wrong type or an unknown time zone with 422 at the key, and changes nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ daily_task_summary_email: 'yes' }, 'daily_task_summary_email'],
      [{ monitoring_progress_summary_email: 1 }, 'monitoring_progress_summary_email'],
      [{ collapse_sidebar_on_click: null }, 'collapse_sidebar_on_click'],
      [{ user_timezone: 42 }, 'user_timezone'],
      [{ collapse_sidebar_on_click: true, user_timezone: 'Mars/Olympus_Mons' }, 'user_timezone'],
      [{ daily_task_summary_email: false, timezone: 'Not/AZone' }, 'timezone'],
      [{ preferred_mfa_method: 5 }, 'preferred_mfa_method'],
    ];
    for (const [body, key] of cases) {
      const answer = await me.send('PATCH', '/api/users/settings', body);
      expect(isValidationError(answer, ['body', key]), `${JSON.stringify(body)} ${JSON.stringify(answer.body)}`).toBe(true);
    }
    expect(await stored()).toEqual(before);
  });

  it('passes other preference keys through (the lists’ toggles)', async () => {
    const answer = await me.send('PATCH', '/api/users/settings', { show_my_patients_only: true });
    expect(answer.status).toBe(200);
    expect(settingsOf(answer).show_my_patients_only).toBe(true);
  });
});

describe('PATCH users/settings: preferred_mfa_method only names a method set up', () => {
  it('refuses authenticator/totp without an enabled app and webauthn without a passkey, with 422', async () => {
    for (const method of ['authenticator', 'totp', 'webauthn']) {
      const answer = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: method });
      expect(isValidationError(answer, ['body', 'preferred_mfa_method']), method).toBe(true);
    }
    const unknown = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: 'sms' });
    expect(isValidationError(unknown, ['body', 'preferred_mfa_method'])).toBe(true);
    expect((await stored()).preferred_mfa_method).toBeNull();
  });

  it('accepts each method once set up (authenticator kept as totp), and null clears it', async () => {
    const generated = await me.send('POST', '/api/auth/generate-2fa', {});
    const secret = (generated.body as { secret_key: string }).secret_key;
    expect((await me.send('POST', '/api/auth/enable-2fa', { code: await generate({ secret }) })).status).toBe(200);
    const webauthnTooEarly = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: 'webauthn' });
    expect(isValidationError(webauthnTooEarly, ['body', 'preferred_mfa_method'])).toBe(true);
    const totp = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: 'authenticator' });
    expect(totp.status).toBe(200);
    expect((totp.body as { preferred_mfa_method: string }).preferred_mfa_method).toBe('totp');

    const options = await me.get('/api/auth/webauthn/register', { authenticator_type: 'platform' });
    const registered = await me.send('POST', '/api/auth/webauthn/register', {
      credential: SoftAuthenticator.for(app.config.publicUrl).register(options.body as { challenge: string }),
      name: 'Laptop',
    });
    expect(registered.status).toBe(200);
    const webauthn = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: 'webauthn' });
    expect(webauthn.status).toBe(200);
    expect((await stored()).preferred_mfa_method).toBe('webauthn');
    const cleared = await me.send('PATCH', '/api/users/settings', { preferred_mfa_method: null });
    expect((cleared.body as { preferred_mfa_method: unknown }).preferred_mfa_method).toBeNull();
  });
});
