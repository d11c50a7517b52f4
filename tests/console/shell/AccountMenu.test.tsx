// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/console/api/session';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from './support/apiHandlers';
import { setViewport } from './support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from './support/renderConsole';

const server = useMswServer();

async function openAccountMenu(fullName: string) {
  await userEvent.click(await screen.findByRole('button', { name: fullName }, { timeout: 5000 }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.replace('(opens in a new tab)', '').trim());
}

describe('the account menu', () => {
  beforeEach(() => setViewport({ mobile: false }));

  it('gives an internal user with attendance tracking every entry, feedback included', async () => {
    renderConsole(server, '/', INTERNAL_ADMIN);
    expect(await openAccountMenu('Ines Admin')).toEqual(['Account', 'My Availability', 'Enrolled Patients', 'My Voice Calls', 'Feedback', 'Log out']);
  });

  it('gives a provider admin its account, its voice calls and Log out', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN);
    expect(await openAccountMenu('Alex Northam')).toEqual(['Account', 'My Voice Calls', 'Log out']);
  });

  it('shows the Feedback button to internal users', async () => {
    renderConsole(server, '/', INTERNAL_ADMIN);
    expect(await screen.findByRole('link', { name: /^Feedback/ }, { timeout: 5000 })).toHaveAttribute('target', '_blank');
  });

  it('shows no Feedback button to provider users', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN);
    await screen.findByRole('button', { name: 'Alex Northam' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /^Feedback/ })).toBeNull();
  });

  it('logs out and goes to the plain login page: the next user starts at their Home, not at this page', async () => {
    const { location } = renderConsole(server, '/devices', PROVIDER_ADMIN);
    await openAccountMenu('Alex Northam');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(session.getState()).toEqual({ status: 'signed-out', reason: 'logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText(/Your session timed out/)).toBeNull();
  });
});
