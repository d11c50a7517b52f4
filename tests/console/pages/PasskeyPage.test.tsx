// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN, tokenBody } from '../shell/support/apiHandlers';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

const assertion = {
  id: 'cred-1',
  rawId: bytes('cred-1'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: bytes('200') },
};
const attestation = {
  id: 'cred-2',
  rawId: bytes('cred-2'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: { clientDataJSON: bytes('{}'), attestationObject: bytes('att') },
};
const CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Care Console' },
  user: { id: 'NzA', name: 'ezra@patients.example', displayName: 'Ezra Patient' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

function stubBrowser({
  get = () => Promise.resolve(assertion),
  create = () => Promise.resolve(attestation),
}: { get?: () => Promise<unknown>; create?: () => Promise<unknown> } = {}) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: vi.fn(get), create: vi.fn(create) } });
}

/** The /passkey page's calls; each answer can be replaced. */
function passkeyApi(answers: Partial<Record<'options' | 'login' | 'start' | 'complete', () => Response>> = {}) {
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const note = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, ...(text ? { body: JSON.parse(text) as unknown } : {}) });
  };
  server.use(
    http.get('*/api/auth/login/passkey', async ({ request }) => {
      await note(request);
      return answers.options?.() ?? HttpResponse.json({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' });
    }),
    http.post('*/api/auth/login/passkey', async ({ request }) => {
      await note(request);
      return answers.login?.() ?? HttpResponse.json(tokenBody(PROVIDER_ADMIN));
    }),
    http.post('*/api/auth/webauthn/register/patient/start', async ({ request }) => {
      await note(request);
      return answers.start?.() ?? HttpResponse.json(CREATION_OPTIONS);
    }),
    http.post('*/api/auth/webauthn/register/patient/complete', async ({ request }) => {
      await note(request);
      return answers.complete?.() ?? HttpResponse.json({ message: 'Registration successful!' });
    }),
  );
  return sent;
}

const loginButton = () => screen.findByRole('button', { name: 'Login with PassKey' }, { timeout: 5000 });

describe('/passkey', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: undefined });
  });

  it('is not available in production', async () => {
    const sent = passkeyApi();
    renderLogin(server, '/passkey');
    server.use(http.get('*/api/', () => HttpResponse.json({ is_demo: false, version: '0.4.0', environment: 'production' })));
    expect(await screen.findByText('This page is not available.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Login with PassKey' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('signs a staff member in with a discoverable passkey, says so and opens the console', async () => {
    stubBrowser();
    const sent = passkeyApi();
    const { location } = renderLogin(server, '/passkey');
    await userEvent.click(await loginButton());
    expect(await screen.findByText('Login successful!')).toBeVisible();
    expect(session.getState().status).toBe('signed-in');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/auth/login/passkey', 'POST /api/auth/login/passkey']);
    expect(sent[1]?.body).toMatchObject({ id: 'cred-1', rawId: 'Y3JlZC0x', response: { authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'MjAw' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'), { timeout: 3000 });
  });

  it.each([
    [
      'the server refuses the passkey',
      {},
      { login: () => HttpResponse.json({ detail: 'WebAuthn authentication failed. Please try again.' }, { status: 401 }) },
      'Login failed. Please try again.',
    ],
    ['the browser gives no credential', { get: () => Promise.reject(new DOMException('cancelled', 'NotAllowedError')) }, {}, 'An error occurred during login.'],
    ['the network fails', {}, { login: () => HttpResponse.error() }, 'An error occurred during login.'],
  ] as const)('says the login failed when %s', async (_case, browser, answers, text) => {
    stubBrowser(browser);
    passkeyApi(answers);
    renderLogin(server, '/passkey');
    await userEvent.click(await loginButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(session.getState().status).not.toBe('signed-in');
  });

  it('says when the browser has no WebAuthn, and asks nothing', async () => {
    const sent = passkeyApi();
    renderLogin(server, '/passkey');
    await userEvent.click(await loginButton());
    expect((await screen.findAllByText('WebAuthn is not supported in this browser.')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it('registers a patient passkey with the one-time code and the birth date', async () => {
    stubBrowser();
    const sent = passkeyApi();
    renderLogin(server, '/passkey');
    await loginButton();
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    expect(screen.getByText('Enter your one-time code.')).toBeVisible();
    expect(screen.getByText('Enter your date of birth.')).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'One-time code' }), 'invite-code-1');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1950-05-31');
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    expect(await screen.findByText('Registration successful!')).toBeVisible();
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/auth/webauthn/register/patient/start', body: { token: 'invite-code-1', birthdate: '1950-05-31' } });
    expect(sent[1]).toMatchObject({ path: '/api/auth/webauthn/register/patient/complete', body: { id: 'cred-2', response: { attestationObject: 'YXR0' } } });
  });

  it.each([
    ['a wrong code or birth date', {}, { start: () => HttpResponse.json({ detail: 'bad_token' }, { status: 400 }) }, 'Registration failed. Please try again.'],
    ['a refused credential', {}, { complete: () => HttpResponse.json({ detail: 'x' }, { status: 409 }) }, 'Registration failed. Please try again.'],
    ['a cancelled ceremony', { create: () => Promise.reject(new DOMException('cancelled', 'NotAllowedError')) }, {}, 'An error occurred during registration.'],
  ] as const)('says the registration failed for %s', async (_case, browser, answers, text) => {
    stubBrowser(browser);
    passkeyApi(answers);
    renderLogin(server, '/passkey');
    await loginButton();
    await userEvent.type(screen.getByRole('textbox', { name: 'One-time code' }), 'invite-code-1');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1950-05-31');
    await userEvent.click(screen.getByRole('button', { name: 'Register passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
