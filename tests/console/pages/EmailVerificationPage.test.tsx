// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();

/** POST /auth/verify: `good` verifies, anything else is the server's 400 bad_token. */
function verifyApi() {
  const tokens: unknown[] = [];
  server.use(
    http.post('*/api/auth/verify', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      tokens.push(body);
      return body.token === 'good'
        ? HttpResponse.json({ message: 'Email verified successfully!' })
        : HttpResponse.json({ detail: 'bad_token' }, { status: 400 });
    }),
  );
  return tokens;
}

describe('/email-verification', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
  });

  it('sends the verifyEmailCode once to POST auth/verify and says the address is verified', async () => {
    const tokens = verifyApi();
    renderLogin(server, '/email-verification?verifyEmailCode=good');
    expect(await screen.findByRole('heading', { name: 'Email Verification' }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText('Email verified successfully! You may close the window')).toBeVisible();
    expect(tokens).toEqual([{ token: 'good' }]);
  });

  it('says the verification failed for a bad or used code', async () => {
    verifyApi();
    renderLogin(server, '/email-verification?verifyEmailCode=used');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Email verification failed. Please try again.');
  });

  it('asks nothing without a code and says none was found', async () => {
    const tokens = verifyApi();
    renderLogin(server, '/email-verification');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'No verification code found. Please check your verification email and try again.',
    );
    expect(tokens).toEqual([]);
  });
});
