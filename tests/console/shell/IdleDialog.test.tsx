// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/console/api/session';
import { IdleDialog } from '../../../src/console/shell/IdleDialog';
import { PROVIDER_ADMIN, tokenBody } from './support/apiHandlers';
import './support/dom';
import { useMswServer } from '../helpers/msw';

const server = useMswServer();
const MINUTE = 60_000;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('the idle dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    server.use(http.get('*/api/auth/logout', () => HttpResponse.json({ message: 'Logged out.' })));
    session.signIn(tokenBody(PROVIDER_ADMIN));
  });
  afterEach(() => vi.useRealTimers());

  it('asks at 14 idle minutes with a countdown, and logs out at 15', async () => {
    render(<IdleDialog />);
    await advance(14 * MINUTE - 1000);
    expect(screen.queryByText('Are you still here?')).toBeNull();
    await advance(1000);
    expect(screen.getByRole('alertdialog', { name: 'Are you still here?' })).toHaveTextContent('logged out in 60 seconds');
    await advance(30_000);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('logged out in 30 seconds');
    await advance(30_000);
    await act(async () => {
      await vi.waitFor(() => expect(session.getState()).toEqual({ status: 'signed-out', reason: 'idle' }));
    });
  });

  it('"Log out" is the user’s own logout, not an idle one', async () => {
    render(<IdleDialog />);
    await advance(14 * MINUTE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    });
    await act(async () => {
      await vi.waitFor(() => expect(session.getState()).toEqual({ status: 'signed-out', reason: 'logout' }));
    });
  });

  it('counts activity before the prompt, not during it', async () => {
    render(<IdleDialog />);
    await advance(10 * MINUTE);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(13 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.mouseMove(window);
    await advance(1000);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('stays signed in on request', async () => {
    render(<IdleDialog />);
    await advance(14 * MINUTE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    });
    await advance(1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(5 * MINUTE);
    expect(session.getState().status).toBe('signed-in');
  });

  it('takes the activity of another tab into account', async () => {
    render(<IdleDialog />);
    await advance(14 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    window.localStorage.setItem('care-console:last-activity', String(Date.now()));
    await advance(1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
