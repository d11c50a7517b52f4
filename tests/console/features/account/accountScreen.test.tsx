// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_STAFF } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

type Row = Record<string, unknown>;
const SECRET = 'JBSWY3DPEHPK3PXP';

/** The account calls over one user kept here; every write is recorded. */
function accountApi(overrides: Row = {}, refusals: Partial<Record<string, () => Response | undefined>> = {}) {
  const user: Row = {
    ...INTERNAL_ADMIN.identity,
    id: 100,
    email: 'ada@care.example',
    full_name: 'Ada Lovelace',
    role: 'internal_admin',
    totp_enabled: false,
    has_passkey: false,
    mfa_enabled: false,
    preferred_mfa_method: null,
    last_login: null,
    settings: { user_timezone: 'America/New_York', daily_task_summary_email: true },
    ...overrides,
  };
  let keys: Row[] = [];
  const sent: { method: string; path: string; body?: unknown; query?: string }[] = [];
  const note = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    sent.push({ method: request.method, path: url.pathname, query: url.search, ...(text ? { body: JSON.parse(text) as unknown } : {}) });
  };
  const refused = (name: string) => refusals[name]?.();
  server.use(
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/users/:id/identity', () => HttpResponse.json(user)),
    http.get('*/api/auth-logs', async ({ request }) => {
      await note(request);
      return HttpResponse.json(
        [
          { id: 2, timestamp: '2026-05-31T09:00:00Z', event_type: 'login_success', user_id: 100, ip_address: '203.0.113.7', user_agent: 'Chrome' },
          { id: 1, timestamp: '2026-05-30T09:00:00Z', event_type: 'login_failed', user_id: 100, ip_address: '203.0.113.7', user_agent: 'Chrome' },
        ],
        { headers: { 'Content-Range': 'auth-logs 0-1/2' } },
      );
    }),
    http.get('*/api/auth/webauthn/keys', () => HttpResponse.json(keys)),
    http.patch('*/api/users/settings', async ({ request }) => {
      await note(request);
      const answer = refused('settings');
      if (answer) return answer;
      const body = sent.at(-1)?.body as Row;
      const { preferred_mfa_method: preferred, ...settings } = body;
      if (preferred !== undefined) user.preferred_mfa_method = preferred === 'authenticator' ? 'totp' : preferred;
      user.settings = { ...(user.settings as Row), ...settings };
      return HttpResponse.json({ settings: user.settings, preferred_mfa_method: user.preferred_mfa_method });
    }),
    http.post('*/api/auth/generate-2fa', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ secret_key: SECRET, qr_code: `otpauth://totp/Care%20Console:ada%40care.example?secret=${SECRET}&issuer=Care%20Console` });
    }),
    http.post('*/api/auth/enable-2fa', async ({ request }) => {
      await note(request);
      if ((sent.at(-1)?.body as Row).code !== '123456') return HttpResponse.json({ detail: 'TOTP verification failed. Please try again.' }, { status: 400 });
      Object.assign(user, { totp_enabled: true, mfa_enabled: true, preferred_mfa_method: 'totp' });
      return HttpResponse.json({ message: 'Two-factor authentication enabled.' });
    }),
    http.post('*/api/auth/disable-2fa', async ({ request }) => {
      await note(request);
      if ((sent.at(-1)?.body as Row).password !== 'right') return HttpResponse.json({ detail: 'Incorrect password' }, { status: 400 });
      Object.assign(user, { totp_enabled: false, mfa_enabled: false, preferred_mfa_method: null });
      return HttpResponse.json({ message: 'Two-factor authentication disabled.' });
    }),
    http.post('*/api/auth/change-password', async ({ request }) => {
      await note(request);
      return refused('password') ?? HttpResponse.json({ message: 'Password changed successfully.' });
    }),
    http.get('*/api/auth/webauthn/register', async ({ request }) => {
      await note(request);
      return (
        refused('options') ??
        HttpResponse.json({
          challenge: 'Y2hhbGxlbmdl',
          rp: { id: 'localhost', name: 'Care Console' },
          user: { id: 'MTAw', name: 'ada@care.example', displayName: 'Ada Lovelace' },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          excludeCredentials: [],
        })
      );
    }),
    http.post('*/api/auth/webauthn/register', async ({ request }) => {
      await note(request);
      const answer = refused('register');
      if (answer) return answer;
      const body = sent.at(-1)?.body as Row;
      keys = [...keys, { id: 7, name: body.name, created_on: '2026-06-01T10:00:00Z' }];
      Object.assign(user, { has_passkey: true, mfa_enabled: true });
      return HttpResponse.json(keys.at(-1));
    }),
    http.delete('*/api/auth/webauthn/keys/:id', async ({ request }) => {
      await note(request);
      const answer = refused('delete');
      if (answer) return answer;
      keys = keys.filter((key) => !new URL(request.url).pathname.endsWith(`/${String(key.id)}`));
      return HttpResponse.json({ message: 'Security key deleted.' });
    }),
  );
  return { sent, user, setKeys: (rows: Row[]) => (keys = rows) };
}

const open = () => renderScreen('account.show', { path: '/account' });
const card = (title: string) => screen.getByRole('region', { name: title });

/** A browser credential as navigator.credentials.create gives one (bytes where WebAuthn has bytes). */
function fakeAttestation() {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  return {
    id: 'cred-1',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response: { clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation'), getTransports: () => ['internal'] },
  };
}

function stubWebauthn(create: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create: vi.fn(create), get: vi.fn() } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: undefined });
});

describe('the account page', () => {
  it('shows the details, Never for a first sign-in, and the security log without refresh-token expiries, 5 a page newest first', async () => {
    const api = accountApi();
    open();
    const details = await screen.findByRole('region', { name: 'Details' }, { timeout: 5000 });
    await waitFor(() => expect(details).toHaveTextContent('ada@care.example'));
    expect(details).toHaveTextContent('Ada Lovelace');
    expect(details).toHaveTextContent('Internal Admin');
    expect(details).toHaveTextContent('Never');
    const log = card('Security Log');
    expect(await within(log).findByText('Login Success')).toBeVisible();
    const query = new URLSearchParams(api.sent.find((s) => s.path === '/api/auth-logs')?.query);
    expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ 'user_id[eq]': 100, 'event_type[ne]': 'refresh_token_expired' });
    expect(query.get('sort')).toBe('timestamp');
    expect(query.get('order')).toBe('desc');
    expect(query.get('limit')).toBe('5');
  });

  it('is every user’s: a provider staff member sees their own account', async () => {
    accountApi({ ...PROVIDER_STAFF.identity, email: 'sam@clinic.example', role: 'staff', is_internal: false });
    renderScreen('account.show', { path: '/account', environment: PROVIDER_STAFF });
    const details = await screen.findByRole('region', { name: 'Details' }, { timeout: 5000 });
    await waitFor(() => expect(details).toHaveTextContent('sam@clinic.example'));
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    expect(screen.queryByText(/access/i)).toBeNull();
  });

  it('shows the last login in the user’s time zone', async () => {
    accountApi({ last_login: '2026-05-31T13:30:00Z' });
    open();
    const details = await screen.findByRole('region', { name: 'Details' }, { timeout: 5000 });
    await waitFor(() => expect(details).toHaveTextContent('05/31/2026, 09:30 AM'));
    expect(details).not.toHaveTextContent('Never');
  });

  it('saves the preferences with PATCH users/settings and says so', async () => {
    const api = accountApi();
    open();
    const daily = await screen.findByRole('switch', { name: 'Daily task summary email' }, { timeout: 5000 });
    await waitFor(() => expect(daily).toBeChecked());
    expect(card('Preferences')).toHaveTextContent('America/New_York');
    await userEvent.click(screen.getByRole('switch', { name: 'Collapse sidebar on click' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeVisible();
    expect(api.sent.find((s) => s.path === '/api/users/settings')?.body).toEqual({
      daily_task_summary_email: true,
      monitoring_progress_summary_email: false,
      collapse_sidebar_on_click: true,
    });
  });

  it('sets up two-factor: the QR code and the secret, a 6-digit code enables it, the password disables it', async () => {
    const api = accountApi();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }, { timeout: 5000 }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' }, { timeout: 5000 })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SECRET);
    const enable = screen.getByRole('button', { name: 'Enable' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), '12345');
    expect(enable).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), '9');
    await userEvent.click(enable);
    expect(await screen.findByRole('alert')).toHaveTextContent('TOTP verification failed. Please try again.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Verification code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeVisible();
    expect(await within(card('Two-Factor Authentication')).findByText('Enabled')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();

    await userEvent.type(within(card('Two-Factor Authentication')).getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication disabled')).toBeVisible();
    expect(api.sent.filter((s) => s.method === 'POST').map((s) => [s.path, s.body])).toEqual([
      ['/api/auth/generate-2fa', undefined],
      ['/api/auth/enable-2fa', { code: '123459' }],
      ['/api/auth/enable-2fa', { code: '123456' }],
      ['/api/auth/disable-2fa', { password: 'right' }],
    ]);
  });

  it('changes the preferred method, and says so when the server refuses', async () => {
    const refuse = { settings: () => HttpResponse.json({ detail: 'nope' }, { status: 422 }) };
    const api = accountApi({ totp_enabled: true, has_passkey: true, mfa_enabled: true, preferred_mfa_method: 'totp' }, refuse);
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Passkey (WebAuthn)' }, { timeout: 5000 }));
    expect(await screen.findByText('Failed to update preferred 2FA method.')).toBeVisible();
    expect(api.sent.find((s) => s.path === '/api/users/settings')?.body).toEqual({ preferred_mfa_method: 'webauthn' });
  });

  it('registers a platform passkey under a required nickname, lists it and deletes it', async () => {
    const api = accountApi();
    stubWebauthn(() => Promise.resolve(fakeAttestation()));
    open();
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' }, { timeout: 5000 });
    expect(await within(passkeys).findByText('No passkeys registered.')).toBeVisible();
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Add passkey' }));
    expect(within(passkeys).getByText('A nickname is required')).toBeVisible();
    expect(api.sent.some((s) => s.path === '/api/auth/webauthn/register')).toBe(false);
    await userEvent.type(within(passkeys).getByRole('textbox', { name: 'Passkey nickname' }), 'Work laptop');
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByText('Passkey created')).toBeVisible();
    expect(await within(passkeys).findByText('Work laptop')).toBeVisible();
    expect(api.sent.find((s) => s.method === 'GET' && s.path === '/api/auth/webauthn/register')?.query).toBe('?authenticator_type=platform');
    const registered = api.sent.find((s) => s.method === 'POST' && s.path === '/api/auth/webauthn/register')?.body as Row;
    expect(registered).toMatchObject({ id: 'cred-1', rawId: 'Y3JlZC0x', type: 'public-key', name: 'Work laptop' });
    expect(registered.response).toMatchObject({ attestationObject: 'YXR0ZXN0YXRpb24', transports: ['internal'] });

    await userEvent.click(within(passkeys).getByRole('button', { name: 'Delete Work laptop' }));
    expect(await screen.findByText('Security key deleted')).toBeVisible();
    expect(await within(passkeys).findByText('No passkeys registered.')).toBeVisible();
    expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/auth/webauthn/keys/7' });
  });

  it.each([
    ['no WebAuthn in the browser', null, {}, 'Your browser does not support WebAuthn. Please use a modern browser that supports this feature.'],
    [
      'no registration options',
      () => Promise.resolve(fakeAttestation()),
      { options: () => HttpResponse.json({ detail: 'x' }, { status: 500 }) },
      'Failed to fetch registration options. Please try again.',
    ],
    [
      'an authenticator the browser knows as registered',
      () => Promise.reject(new DOMException('excluded', 'InvalidStateError')),
      {},
      'This authenticator was previously registered. Please try a different device or browser.',
    ],
    [
      'an authenticator the server knows as registered',
      () => Promise.resolve(fakeAttestation()),
      {
        register: () =>
          HttpResponse.json({ detail: 'This authenticator was previously registered. Please try a different device or browser.' }, { status: 409 }),
      },
      'This authenticator was previously registered. Please try a different device or browser.',
    ],
    ['a cancelled ceremony', () => Promise.reject(new DOMException('cancelled', 'NotAllowedError')), {}, 'Failed to create passkey. Please try again.'],
    [
      'a refused credential',
      () => Promise.resolve(fakeAttestation()),
      { register: () => HttpResponse.json({ detail: 'Failed to create passkey. Please try again.' }, { status: 400 }) },
      'Failed to create passkey. Please try again.',
    ],
  ] as const)('says why a passkey was not made: %s', async (_case, create, refusals, text) => {
    accountApi({}, refusals);
    if (create) stubWebauthn(create);
    open();
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' }, { timeout: 5000 });
    await userEvent.type(within(passkeys).getByRole('textbox', { name: 'Passkey nickname' }), 'Phone');
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Add passkey' }));
    expect(await within(passkeys).findByRole('alert')).toHaveTextContent(text);
  });

  it('says when a passkey could not be deleted', async () => {
    const api = accountApi({}, { delete: () => HttpResponse.json({ detail: 'Not found' }, { status: 404 }) });
    api.setKeys([{ id: 3, name: 'Old key', created_on: '2026-01-01T10:00:00Z' }]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old key' }, { timeout: 5000 }));
    expect(await within(card('Passkeys')).findByRole('alert')).toHaveTextContent('Failed to delete security key. Please try again.');
  });

  it('changes the password: all three required, then the first validation message of a refusal', async () => {
    const refusal = () =>
      HttpResponse.json(
        {
          detail: [
            { loc: ['body', 'new_password'], msg: 'Password is too common', type: 'value_error' },
            { loc: ['body', 'new_password_2'], msg: 'Passwords must match', type: 'value_error' },
          ],
        },
        { status: 422 },
      );
    const api = accountApi({}, { password: refusal });
    open();
    const form = await screen.findByRole('region', { name: 'Change Password' }, { timeout: 5000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getAllByText('Required')).toHaveLength(3);
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(within(form).getByLabelText('New password'), 'password1');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'password2');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords must match')).toBeVisible();
    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'password1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Password is too common');
    expect(api.sent.find((s) => s.path === '/api/auth/change-password')?.body).toEqual({
      old_password: 'old-password-1',
      new_password: 'password1',
      new_password_2: 'password1',
    });
  });

  it('shows the message of a password change the server refuses, and the success', async () => {
    let refuse = true;
    accountApi({}, { password: () => (refuse ? HttpResponse.json({ detail: 'Current password is incorrect' }, { status: 400 }) : undefined) });
    open();
    const form = await screen.findByRole('region', { name: 'Change Password' }, { timeout: 5000 });
    const fill = async () => {
      await userEvent.type(within(form).getByLabelText('Current password'), 'wrong-password');
      await userEvent.type(within(form).getByLabelText('New password'), 'Tulip!Harbor-2026x');
      await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Tulip!Harbor-2026x');
      await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    };
    await fill();
    expect(await within(form).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    refuse = false;
    await userEvent.clear(within(form).getByLabelText('Current password'));
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.clear(within(form).getByLabelText('Confirm new password'));
    await fill();
    expect(await screen.findByText('Password changed successfully.')).toBeVisible();
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });
});
