// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN, tokenBody } from '../shell/support/apiHandlers';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();

async function setPassword(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('New password', {}, { timeout: 5000 }), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('the password views', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });

  it('sends a reset link and shows the server’s answer', async () => {
    let email: unknown;
    server.use(
      http.post('*/api/auth/reset-password', async ({ request }) => {
        email = ((await request.json()) as { email: string }).email;
        return HttpResponse.json({ message: 'Password reset link sent.' });
      }),
    );
    renderLogin(server, '/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }, { timeout: 5000 }));
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@northwind.demo.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset link sent.');
    expect(email).toBe('admin@northwind.demo.example');
  });

  it('checks the new password before sending it', async () => {
    let calls = 0;
    server.use(http.post('*/api/auth/otp-set-password', () => ((calls += 1), HttpResponse.json(tokenBody(PROVIDER_ADMIN)))));
    renderLogin(server, '/login?resetCode=code-1');
    await setPassword('short', 'other');
    expect(screen.getByText('Password should be between 8-64 characters')).toBeVisible();
    expect(screen.getByText('Passwords must match')).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it('sets the password with the resetCode and signs in', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/otp-set-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(tokenBody(PROVIDER_ADMIN));
      }),
    );
    const { location } = renderLogin(server, '/login?resetCode=code-1');
    await setPassword('a-good-password', 'a-good-password');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(body).toEqual({ token: 'code-1', new_password: 'a-good-password', new_password_2: 'a-good-password' });
    expect(session.getState().status).toBe('signed-in');
  });

  it('shows the first message of a 422, or the generic one', async () => {
    server.use(
      http.post('*/api/auth/otp-set-password', () =>
        HttpResponse.json({ detail: [{ loc: ['body', 'new_password'], msg: 'Password is too common', type: 'value_error' }] }, { status: 422 }),
      ),
    );
    renderLogin(server, '/login?resetCode=code-1');
    await setPassword('a-good-password', 'a-good-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too common');

    server.use(http.post('*/api/auth/otp-set-password', () => HttpResponse.json({}, { status: 422 })));
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Password does not meet requirements'));
  });

  it('sends a patient to the patient success page', async () => {
    server.use(http.post('*/api/auth/otp-set-password', () => HttpResponse.json({ detail: 'User account belongs to patient' }, { status: 403 })));
    renderLogin(server, '/login?resetCode=code-1');
    await setPassword('a-good-password', 'a-good-password');
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeVisible();
    expect(screen.getByText(/Sign in to the mobile app/)).toBeVisible();
  });
});
