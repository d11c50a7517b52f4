// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenOf, session, sessionReducer, type AccessToken } from '../../../src/console/api/session';
import { fakeToken } from './support/fakeToken';
import { useMswServer } from '../helpers/msw';

// Tests of src/console/api/session.ts (kept here: tests/console/api is outside this work's paths).
const server = useMswServer();
const token: AccessToken = { value: 't', expiresAt: 1, userId: '5', role: 'admin' };

describe('sessionReducer', () => {
  it('signs in and refreshes with a token', () => {
    expect(sessionReducer({ status: 'restoring' }, { type: 'token', token })).toEqual({ status: 'signed-in', token });
    expect(sessionReducer({ status: 'signed-out' }, { type: 'token', token })).toEqual({ status: 'signed-in', token });
  });

  it('ends the session, with the reason the console ended it for', () => {
    expect(sessionReducer({ status: 'signed-in', token }, { type: 'ended' })).toEqual({ status: 'signed-out' });
    expect(sessionReducer({ status: 'signed-in', token }, { type: 'ended', reason: 'idle' })).toEqual({ status: 'signed-out', reason: 'idle' });
    expect(sessionReducer({ status: 'signed-in', token }, { type: 'ended', reason: 'logout' })).toEqual({ status: 'signed-out', reason: 'logout' });
  });

  it('keeps the reason of a sign-out when a refresh in flight fails after it (the idle logout while a poll refreshes)', () => {
    expect(sessionReducer({ status: 'signed-out', reason: 'idle' }, { type: 'ended' })).toEqual({ status: 'signed-out', reason: 'idle' });
    expect(sessionReducer({ status: 'signed-out', reason: 'idle' }, { type: 'ended', reason: 'logout' })).toEqual({ status: 'signed-out', reason: 'logout' });
  });

  it('times out a live session, but a logout stays a logout', () => {
    expect(sessionReducer({ status: 'signed-in', token }, { type: 'timed-out' })).toEqual({ status: 'timed-out' });
    expect(sessionReducer({ status: 'signed-out' }, { type: 'timed-out' })).toEqual({ status: 'signed-out' });
  });
});

describe('accessTokenOf', () => {
  it('reads the user and role from the token and dates its expiry', () => {
    const body = { access_token: fakeToken({ sub: '12', role: 'clinician' }), token_expiry: 900 };
    expect(accessTokenOf(body, 1000)).toEqual({ value: body.access_token, expiresAt: 901_000, userId: '12', role: 'clinician' });
  });
});

describe('session', () => {
  beforeEach(async () => {
    server.use(http.get('*/api/auth/logout', () => HttpResponse.json({ message: 'Logged out.' })));
    await session.logout();
  });

  it('refreshes through the cookie call', async () => {
    server.use(http.get('*/api/auth/refresh', () => HttpResponse.json({ access_token: fakeToken({ sub: '3', role: 'staff' }), token_expiry: 900 })));
    const refreshed = await session.refresh();
    expect(refreshed.userId).toBe('3');
    expect(session.getState()).toMatchObject({ status: 'signed-in', token: { userId: '3' } });
  });

  it('erases the token and ends the session when the refresh is refused', async () => {
    session.signIn({ access_token: fakeToken({ sub: '3', role: 'staff' }), token_expiry: 10 });
    server.use(http.get('*/api/auth/refresh', () => HttpResponse.json({ detail: 'Token has expired' }, { status: 401 })));
    await expect(session.validToken()).rejects.toThrow('Failed to refresh token');
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('ends a live session when the refresh finds no session any more (204)', async () => {
    session.signIn({ access_token: fakeToken({ sub: '3', role: 'staff' }), token_expiry: 10 });
    server.use(http.get('*/api/auth/refresh', () => new HttpResponse(null, { status: 204 })));
    await expect(session.validToken()).rejects.toThrow('Failed to refresh token');
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('starts signed out, logging nothing, when the cold-load check answers 204 (no session)', async () => {
    server.use(http.get('*/api/auth/refresh', () => new HttpResponse(null, { status: 204 })));
    vi.resetModules();
    const cold = (await import('../../../src/console/api/session')).session;
    expect(cold.getState()).toEqual({ status: 'restoring' });
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      await cold.restore();
      expect(cold.getState()).toEqual({ status: 'signed-out' });
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('shares one refresh between concurrent callers', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/auth/refresh', () => {
        calls += 1;
        return HttpResponse.json({ access_token: fakeToken({ sub: '3', role: 'staff' }), token_expiry: 900 });
      }),
    );
    await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(calls).toBe(1);
  });

  it('calls the server on logout with the bearer token and the cookie', async () => {
    const signedIn = session.signIn({ access_token: fakeToken({ sub: '3', role: 'staff' }), token_expiry: 900 });
    let authorization: string | null = null;
    server.use(
      http.get('*/api/auth/logout', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Logged out.' });
      }),
    );
    await session.logout();
    expect(authorization).toBe(`Bearer ${signedIn.value}`);
    expect(session.getState()).toEqual({ status: 'signed-out', reason: 'logout' });
  });
});
