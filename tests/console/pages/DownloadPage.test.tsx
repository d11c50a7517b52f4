// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();
const SIGNED = '/api/files/42?expires=1999999999&by=70&sig=abc_DEF-1';

/** POST /data-exports/exchange-download-token: `good-N` tokens work once. */
function exchangeApi(answer?: () => Response) {
  const calls: unknown[] = [];
  const used = new Set<string>();
  server.use(
    http.post('*/api/data-exports/exchange-download-token', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      calls.push(body);
      if (answer) return answer();
      if (!body.token.startsWith('good') || used.has(body.token)) return HttpResponse.json({ detail: 'bad_token' }, { status: 400 });
      used.add(body.token);
      return HttpResponse.json({ signed_url: SIGNED });
    }),
  );
  return calls;
}

describe('/download', () => {
  let clicks: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
    clicks = vi.fn<() => void>();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(clicks);
  });
  afterEach(() => vi.restoreAllMocks());

  it('exchanges the token once, shows Download Ready with the link, and starts the download', async () => {
    const calls = exchangeApi();
    renderLogin(server, '/download?token=good-1');
    expect(await screen.findByRole('heading', { name: 'Download Ready' }, { timeout: 5000 })).toBeVisible();
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', SIGNED);
    expect(link).toHaveAttribute('download');
    expect(calls).toEqual([{ token: 'good-1' }]);
    // The download starts in an effect after the link is drawn: under load the heading can be found first.
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
  });

  it('shows Preparing while the token is exchanged', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/data-exports/exchange-download-token', async () => {
        await gate;
        return HttpResponse.json({ signed_url: SIGNED });
      }),
    );
    renderLogin(server, '/download?token=good-2');
    expect(await screen.findByRole('heading', { name: 'Preparing' }, { timeout: 5000 })).toBeVisible();
    release();
    expect(await screen.findByRole('heading', { name: 'Download Ready' })).toBeVisible();
  });

  it('says Download Error for a used or wrong token', async () => {
    exchangeApi();
    renderLogin(server, '/download?token=wrong');
    expect(await screen.findByRole('heading', { name: 'Download Error' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Download failed. Please try again or contact support.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(clicks).not.toHaveBeenCalled();
  });

  it('says Download Error when the server cannot be reached', async () => {
    exchangeApi(() => HttpResponse.error());
    renderLogin(server, '/download?token=good-3');
    expect(await screen.findByText('Download failed. Please try again or contact support.', {}, { timeout: 5000 })).toBeVisible();
  });

  it('says so when there is no token, and calls nothing', async () => {
    const calls = exchangeApi();
    renderLogin(server, '/download');
    expect(await screen.findByRole('heading', { name: 'Download Error' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('No download token found. Please check your download link and try again.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
