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

const BAD_CODE = 'This code is not valid or has already been used.';
const GOOD = 'good-code-1';
const PASSWORD = 'Tulip!Harbor-2026x';

/** POST /auth/otp and /auth/otp-set-password: `GOOD` is live (until used); the set-password answer is given. */
function otpApi(setAnswer: () => Response = () => HttpResponse.json({ detail: 'User account belongs to patient' }, { status: 403 })) {
  const calls: { path: string; body: unknown }[] = [];
  let used = false;
  server.use(
    http.post('*/api/auth/otp', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      calls.push({ path: '/auth/otp', body });
      return body.token === GOOD && !used ? HttpResponse.json({ token_type: 'email_user' }) : HttpResponse.json({ detail: 'bad_token' }, { status: 400 });
    }),
    http.post('*/api/auth/otp-set-password', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      calls.push({ path: '/auth/otp-set-password', body });
      if (body.token !== GOOD || used) return HttpResponse.json({ detail: 'bad_token' }, { status: 400 });
      used = true;
      return setAnswer();
    }),
  );
  return calls;
}

const codeField = () => screen.getByRole('textbox', { name: 'Code' });
const passwordField = () => screen.queryByLabelText('Password');
const fillPasswords = async (password: string, confirmation = password) => {
  await userEvent.type(await screen.findByLabelText('Password', {}, { timeout: 5000 }), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirmation);
};
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('/otp', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });

  it('checks the ?code= at once, then sets a patient’s password and points to the mobile app', async () => {
    const calls = otpApi();
    renderLogin(server, `/otp?code=${GOOD}`);
    expect(await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 5000 })).toBeVisible();
    expect(codeField()).toHaveValue(GOOD);
    expect(await screen.findByText('Code accepted. Choose your password.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeVisible();
    await fillPasswords(PASSWORD);
    await submit();
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeVisible();
    expect(screen.getByText('Your password is set. Sign in to the mobile app to get started.')).toBeVisible();
    expect(screen.getByRole('link', { name: /App Store/ })).toBeVisible();
    expect(calls).toEqual([
      { path: '/auth/otp', body: { token: GOOD } },
      { path: '/auth/otp-set-password', body: { token: GOOD, new_password: PASSWORD, new_password_2: PASSWORD } },
    ]);
  });

  it('asks for the code first: the password fields appear once it is valid, and a staff member is signed in', async () => {
    const calls = otpApi(() => HttpResponse.json(tokenBody(PROVIDER_ADMIN)));
    const { location } = renderLogin(server, '/otp');
    expect(await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 5000 })).toBeVisible();
    expect(passwordField()).toBeNull();
    await userEvent.type(codeField(), ` ${GOOD} `);
    await submit();
    await fillPasswords(PASSWORD);
    await submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(session.getState().status).toBe('signed-in');
    expect(calls.map((call) => call.body)).toEqual([{ token: GOOD }, { token: GOOD, new_password: PASSWORD, new_password_2: PASSWORD }]);
  });

  it('says a bad or used code under the Code field, and shows no password fields', async () => {
    otpApi();
    renderLogin(server, '/otp?code=used-code');
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(BAD_CODE));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toBeNull();
    // An empty code is not sent.
    await userEvent.clear(codeField());
    await submit();
    expect(codeField()).toHaveAccessibleDescription('Enter the code you received.');
  });

  it('checks the new password before sending it, and a code used meanwhile goes back to the code', async () => {
    const calls = otpApi();
    renderLogin(server, `/otp?code=${GOOD}`);
    await fillPasswords('short', 'other');
    await submit();
    expect(screen.getByText('Password should be between 8-64 characters')).toBeVisible();
    expect(screen.getByText('Passwords must match')).toBeVisible();
    expect(calls.map((call) => call.path)).toEqual(['/auth/otp']);

    // Another tab used the code: the answer is 400.
    server.use(http.post('*/api/auth/otp-set-password', () => HttpResponse.json({ detail: 'bad_token' }, { status: 400 })));
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await fillPasswords(PASSWORD);
    await submit();
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(BAD_CODE));
    expect(passwordField()).toBeNull();
  });

  it('hides the password fields when the code changes, and Reset clears every field', async () => {
    otpApi();
    renderLogin(server, `/otp?code=${GOOD}`);
    await fillPasswords(PASSWORD);
    await userEvent.type(codeField(), 'x');
    expect(passwordField()).toBeNull();
    await submit();
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(BAD_CODE));

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(codeField()).toHaveValue('');
    expect(codeField()).not.toHaveAttribute('aria-invalid');
    expect(passwordField()).toBeNull();

    await userEvent.type(codeField(), GOOD);
    await submit();
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
  });
});
