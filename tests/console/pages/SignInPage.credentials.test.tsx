// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN, tokenBody } from '../shell/support/apiHandlers';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from '../shell/support/renderConsole';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();
const TIMED_OUT = "Oops! Your session timed out. No worries, let's try that again!";

async function submit(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login view', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });

  it('sends the form fields of an OAuth2 password grant', async () => {
    let sent: URLSearchParams | undefined;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        return HttpResponse.json(tokenBody(PROVIDER_ADMIN));
      }),
    );
    renderLogin(server, '/login');
    await submit('admin@northwind.demo.example', 'secret-pass');
    await waitFor(() => expect(sent?.get('client_id')).toBe('webapp'));
    expect(sent?.get('username')).toBe('admin@northwind.demo.example');
    expect(sent?.get('password')).toBe('secret-pass');
  });

  it('shows the server’s message as a warning on failure', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ detail: 'Incorrect username or password' }, { status: 401 })));
    renderLogin(server, '/login');
    await submit('admin@northwind.demo.example', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password');
    expect(session.getState().status).toBe('signed-out');
  });

  it('shows a generic warning when the server gives no message', async () => {
    server.use(http.post('*/api/auth/login', () => new HttpResponse(null, { status: 502 })));
    renderLogin(server, '/login');
    await submit('admin@northwind.demo.example', 'pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('sends a patient account to the mobile-apps screen', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ detail: 'User account belongs to patient' }, { status: 403 })));
    renderLogin(server, '/login');
    await submit('patient@northwind.demo.example', 'pass');
    expect(await screen.findByRole('heading', { name: 'Use the mobile app' })).toBeVisible();
    expect(screen.getByRole('link', { name: /App Store/ })).toBeVisible();
  });

  it('signs in and honours redirectTo', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json(tokenBody(PROVIDER_ADMIN))));
    const { location } = renderLogin(server, '/login?redirectTo=%2Fdevices');
    await submit('admin@northwind.demo.example', 'pass');
    await waitFor(() => expect(location.history.at(-1)).toBe('/devices'));
    expect(session.getState()).toMatchObject({ status: 'signed-in', token: { userId: '5' } });
  });

  it('after an idle logout, says why and returns to the page once signed in again', async () => {
    const { location } = renderConsole(server, '/devices?status=pending', PROVIDER_ADMIN);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 30_000 });
    // What the idle timer does at 15 minutes (tests/console/shell/IdleDialog.test.tsx).
    await act(() => session.logout('idle'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?redirectTo=%2Fdevices%3Fstatus%3Dpending'));
    expect(await screen.findByRole('alert')).toHaveTextContent(TIMED_OUT);
    server.use(http.post('*/api/auth/login', () => HttpResponse.json(tokenBody(PROVIDER_ADMIN))));
    await submit('admin@northwind.demo.example', 'pass');
    await waitFor(() => expect(location.history.at(-1)).toBe('/devices?status=pending'));
  });

  it('says nothing of a timeout after the user signed out on purpose', async () => {
    renderLogin(server, '/login');
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText(TIMED_OUT)).toBeNull();
  });

  it('ignores a redirectTo that leaves the console', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json(tokenBody(PROVIDER_ADMIN))));
    const { location } = renderLogin(server, '/login?redirectTo=%2F%2Fevil.example');
    await submit('admin@northwind.demo.example', 'pass');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('sends an existing session on, except on the reset-success-patient page', async () => {
    session.signIn(tokenBody(PROVIDER_ADMIN));
    const { location, unmount } = renderLogin(server, '/login');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    unmount();

    const kept = renderLogin(server, '/login?page=reset-success-patient');
    expect(await screen.findByRole('heading', { name: 'Password reset' }, { timeout: 5000 })).toBeVisible();
    expect(kept.location.history.at(-1)).toBe('/login?page=reset-success-patient');
  });

  it('verifies the e-mail address of a verifyEmailCode link', async () => {
    let token: unknown;
    server.use(
      http.post('*/api/auth/verify', async ({ request }) => {
        token = ((await request.json()) as { token: string }).token;
        return HttpResponse.json({ message: 'Email verified successfully!' });
      }),
    );
    renderLogin(server, '/login?verifyEmailCode=abc123');
    expect(await screen.findByText('Email verified successfully!', {}, { timeout: 5000 })).toBeVisible();
    expect(token).toBe('abc123');
  });

  it('is reachable and usable from the keyboard alone', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json(tokenBody(PROVIDER_ADMIN))));
    const { location } = renderLogin(server, '/login');
    const email = await screen.findByLabelText('Email', {}, { timeout: 5000 });
    expect(email).toHaveFocus();
    await userEvent.keyboard('admin@northwind.demo.example');
    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.keyboard('pass{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
