// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetcher, UnauthorizedError } from '../../../src/console/api/client';
import { session } from '../../../src/console/api/session';
import { fakeToken } from './support/fakeToken';
import { useMswServer } from '../helpers/msw';

// Tests of src/console/api/client.ts (kept here: tests/console/api is outside this work's paths).
const server = useMswServer();
const firstToken = fakeToken({ sub: '5', role: 'admin' });
const refreshedToken = fakeToken({ sub: '5', role: 'admin' }, 901);

function countRefreshes() {
  const counter = { calls: 0 };
  server.use(
    http.get('*/api/auth/refresh', () => {
      counter.calls += 1;
      return HttpResponse.json({ access_token: refreshedToken, token_expiry: 900 });
    }),
  );
  return counter;
}

describe('fetcher', () => {
  beforeEach(async () => {
    server.use(http.get('*/api/auth/logout', () => HttpResponse.json({ message: 'Logged out.' })));
    await session.logout();
    session.signIn({ access_token: firstToken, token_expiry: 900 });
  });

  it('calls the API base with the bearer token and returns the response as it is', async () => {
    server.use(
      http.get('*/api/devices', ({ request }) =>
        HttpResponse.json([{ id: 1 }], { status: 200, headers: { 'content-range': 'devices 0-0/1', 'x-auth': request.headers.get('authorization') ?? '' } }),
      ),
    );
    const response = await fetcher('/devices?limit=10');
    expect(response.headers.get('x-auth')).toBe(`Bearer ${firstToken}`);
    expect(response.headers.get('content-range')).toBe('devices 0-0/1');
  });

  it('returns errors other than 401 for the data provider to map', async () => {
    server.use(http.post('*/api/devices', () => HttpResponse.json({ detail: [{ loc: ['body', 'x'], msg: 'm', type: 't' }] }, { status: 422 })));
    expect((await fetcher('devices', { method: 'POST', body: '{}' })).status).toBe(422);
  });

  it('refreshes first when the token expires within 30 seconds', async () => {
    session.signIn({ access_token: firstToken, token_expiry: 29 });
    const refreshes = countRefreshes();
    let sent: string | null = null;
    server.use(
      http.get('*/api/permissions', ({ request }) => {
        sent = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await fetcher('/permissions');
    expect(refreshes.calls).toBe(1);
    expect(sent).toBe(`Bearer ${refreshedToken}`);
  });

  it('does not refresh a token with more than 30 seconds left', async () => {
    session.signIn({ access_token: firstToken, token_expiry: 31 });
    const refreshes = countRefreshes();
    server.use(http.get('*/api/permissions', () => HttpResponse.json({})));
    await fetcher('/permissions');
    expect(refreshes.calls).toBe(0);
  });

  it('refreshes and retries once on 401 Signature has expired', async () => {
    const refreshes = countRefreshes();
    server.use(
      http.get('*/api/permissions', ({ request }) =>
        request.headers.get('authorization') === `Bearer ${firstToken}`
          ? HttpResponse.json({ detail: 'Signature has expired' }, { status: 401 })
          : HttpResponse.json({ role: 'admin' }),
      ),
    );
    const response = await fetcher('/permissions');
    expect(await response.json()).toEqual({ role: 'admin' });
    expect(refreshes.calls).toBe(1);
  });

  it('rejects any other 401 and keeps the session', async () => {
    server.use(http.get('*/api/permissions', () => HttpResponse.json({ detail: 'Could not validate credentials' }, { status: 401 })));
    await expect(fetcher('/permissions')).rejects.toEqual(new UnauthorizedError('Could not validate credentials'));
    expect(session.getState().status).toBe('signed-in');
  });

  it('times the session out on 401 Token has expired', async () => {
    server.use(http.get('*/api/permissions', () => HttpResponse.json({ detail: 'Token has expired' }, { status: 401 })));
    await expect(fetcher('/permissions')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(session.getState()).toEqual({ status: 'timed-out' });
  });

  it('rejects without a call when there is no session', async () => {
    await session.logout();
    await expect(fetcher('/permissions')).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
