// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN, tokenBody } from '../shell/support/apiHandlers';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A browser authenticator that answers (or refuses) the way navigator.credentials.get does. */
function installAuthenticator(get: () => Promise<unknown>) {
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  Object.defineProperty(window.navigator, 'credentials', { value: { get }, configurable: true });
}

const assertion = () =>
  Promise.resolve({
    id: 'key-1',
    rawId: bytes('key-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
    response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: null },
  });

describe('the passkey step', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({
          access_token: 'mfa-token',
          token_expiry: 300,
          token_type: 'mfa_challenge',
          preferred_mfa_method: 'webauthn',
          available_mfa_methods: ['webauthn', 'totp'],
        }),
      ),
      http.get('*/api/auth/webauthn/authenticate', () =>
        HttpResponse.json({ challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'a2V5LTE', type: 'public-key' }], userVerification: 'preferred' }),
      ),
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    Reflect.deleteProperty(window.navigator, 'credentials');
  });

  async function passCredentials() {
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), 'admin@northwind.demo.example');
    await userEvent.type(screen.getByLabelText('Password'), 'pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('asks the browser at once and signs in with its assertion', async () => {
    installAuthenticator(assertion);
    let sent: { id?: string; response?: { signature?: string } } = {};
    server.use(
      http.post('*/api/auth/webauthn/authenticate/verify', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(tokenBody(PROVIDER_ADMIN));
      }),
    );
    const { location } = renderLogin(server, '/login');
    await passCredentials();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(sent.id).toBe('key-1');
    expect(sent.response?.signature).toBe('c2ln');
    expect(session.getState().status).toBe('signed-in');
  });

  it('says so when the browser ceremony fails, and offers the authenticator app', async () => {
    installAuthenticator(() => Promise.reject(new DOMException('cancelled', 'NotAllowedError')));
    renderLogin(server, '/login');
    await passCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('WebAuthn authentication failed. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    // The authenticator-app form is fetched on demand: found once it has arrived.
    expect(await screen.findByLabelText('Authentication code')).toBeVisible();
  });

  it('says so when the server refuses the assertion', async () => {
    installAuthenticator(assertion);
    server.use(
      http.post('*/api/auth/webauthn/authenticate/verify', () =>
        HttpResponse.json({ detail: 'WebAuthn authentication failed. Please try again.' }, { status: 401 }),
      ),
    );
    renderLogin(server, '/login');
    await passCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('WebAuthn authentication failed. Please try again.');
  });

  it('gives the generic failure when the options cannot be had', async () => {
    installAuthenticator(assertion);
    server.use(http.get('*/api/auth/webauthn/authenticate', () => HttpResponse.json({ detail: 'Internal server error' }, { status: 500 })));
    renderLogin(server, '/login');
    await passCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});
