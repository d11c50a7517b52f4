// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/console/api/session';
import { PROVIDER_ADMIN } from './support/apiHandlers';
import { setViewport } from './support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from './support/renderConsole';

const server = useMswServer();

describe('a session that the server ends', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the timeout message, then the login page 3 seconds later', async () => {
    setViewport({ mobile: false });
    const { location } = renderConsole(server, '/devices', PROVIDER_ADMIN);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // What the fetcher does on a 401 'Token has expired' (tests/console/shell/client.test.ts).
    act(() => session.timeOut());
    expect(screen.getByRole('alert')).toHaveTextContent("Oops! Your session timed out. No worries, let's try that again!");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(location.history.at(-1)).toBe('/devices');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(location.history.at(-1)).toBe('/login?redirectTo=%2Fdevices');
  });
});
