// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN, tokenBody } from '../shell/support/apiHandlers';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();

function challengeWith(methods: string[], preferred: string | null, ttlSeconds = 300) {
  server.use(
    http.post('*/api/auth/login', () =>
      HttpResponse.json({
        access_token: 'mfa-token',
        token_expiry: ttlSeconds,
        token_type: 'mfa_challenge',
        preferred_mfa_method: preferred,
        available_mfa_methods: methods,
      }),
    ),
  );
}

/** Timeouts under the test's control, while the rest of time (and so typing) runs as usual. */
function useFakeTimeouts() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function passCredentials() {
  await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), 'admin@northwind.demo.example');
  await userEvent.type(screen.getByLabelText('Password'), 'pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the second factor', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });
  afterEach(() => vi.useRealTimers());

  it('enables Verify only for exactly 6 digits', async () => {
    challengeWith(['totp'], 'totp');
    renderLogin(server, '/login');
    await passCredentials();
    const code = await screen.findByLabelText('Authentication code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await userEvent.type(code, '12345');
    expect(verify).toBeDisabled();
    await userEvent.type(code, '6');
    expect(verify).toBeEnabled();
    await userEvent.clear(code);
    await userEvent.type(code, '12a456');
    expect(verify).toBeDisabled();
  });

  it('clears the code and says so when the code is refused', async () => {
    challengeWith(['totp'], 'totp');
    let bearer: string | null = null;
    server.use(
      http.post('*/api/auth/totp/authenticate', ({ request }) => {
        bearer = request.headers.get('authorization');
        return HttpResponse.json({ detail: 'TOTP verification failed. Please try again.' }, { status: 401 });
      }),
    );
    renderLogin(server, '/login');
    await passCredentials();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TOTP verification failed. Please try again.');
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(bearer).toBe('Bearer mfa-token');
  });

  it('signs in with an accepted code', async () => {
    challengeWith(['totp'], null);
    server.use(http.post('*/api/auth/totp/authenticate', () => HttpResponse.json(tokenBody(PROVIDER_ADMIN))));
    const { location } = renderLogin(server, '/login?redirectTo=%2Ftasks');
    await passCredentials();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/tasks'));
    expect(session.getState().status).toBe('signed-in');
  });

  it('returns to login 3 seconds after the MFA token expires', async () => {
    useFakeTimeouts();
    challengeWith(['totp'], 'totp', 1);
    renderLogin(server, '/login');
    await passCredentials();
    await screen.findByLabelText('Authentication code');
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent("Oops! Your session timed out. No worries, let's try that again!");
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  it('treats a 401 Signature has expired of the MFA call as an expired token', async () => {
    challengeWith(['totp'], 'totp');
    server.use(http.post('*/api/auth/totp/authenticate', () => HttpResponse.json({ detail: 'Signature has expired' }, { status: 401 })));
    renderLogin(server, '/login');
    await passCredentials();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Your session timed out.');
  });

  it('falls back to TOTP 1 second after finding no WebAuthn in the browser', async () => {
    useFakeTimeouts();
    challengeWith(['webauthn', 'totp'], 'webauthn');
    renderLogin(server, '/login');
    await passCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser does not support WebAuthn. Please use a modern browser that supports this feature.',
    );
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await advance(1000);
    expect(screen.getByLabelText('Authentication code')).toBeVisible();
  });
});
