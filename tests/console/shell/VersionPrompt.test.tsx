// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionPrompt } from '../../../src/console/shell/VersionPrompt';
import './support/dom';
import { useMswServer } from '../helpers/msw';

const server = useMswServer();

async function poll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(60_000);
  });
}

describe('the new-version prompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('polls /signature.json every 60 s and offers Update and Skip when it changed', async () => {
    let polls = 0;
    server.use(
      http.get('*/signature.json', () => {
        polls += 1;
        return HttpResponse.json({ version: '0.5.0', build: 'next' });
      }),
    );
    render(<VersionPrompt />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(polls).toBe(0);
    await poll();
    expect(polls).toBe(1);
    const dialog = await screen.findByRole('dialog', { name: 'A new version is available' });
    expect(dialog).toHaveTextContent('0.5.0');
    expect(screen.getByRole('button', { name: 'Update' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await poll();
    expect(polls).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays quiet while the deployed version is the running one or unreadable', async () => {
    server.use(http.get('*/signature.json', () => new HttpResponse('<!doctype html>', { headers: { 'content-type': 'text/html' } })));
    render(<VersionPrompt />);
    await poll();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
