// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ADMIN } from './support/apiHandlers';
import { setViewport } from './support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from './support/renderConsole';

const server = useMswServer();
const toggle = () => screen.findByRole('button', { name: 'Toggle sidebar' }, { timeout: 5000 });

describe('the shell’s layout', () => {
  it('collapses and expands the sidebar by its control and by Ctrl/Cmd+B, kept in the cookie', async () => {
    setViewport({ mobile: false });
    renderConsole(server, '/', PROVIDER_ADMIN);
    const control = await toggle();
    expect(control).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(control);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.cookie).toContain('sidebar_state=false');

    await userEvent.keyboard('{Control>}b{/Control}');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(document.cookie).toContain('sidebar_state=true');

    await userEvent.keyboard('{Meta>}b{/Meta}');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('starts collapsed when the cookie says so', async () => {
    setViewport({ mobile: false });
    document.cookie = 'sidebar_state=false; path=/';
    renderConsole(server, '/', PROVIDER_ADMIN);
    expect(await toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('collapses on a menu click with the user’s preference', async () => {
    setViewport({ mobile: false });
    renderConsole(server, '/', { ...PROVIDER_ADMIN, settings: { collapse_sidebar_on_click: true, user_timezone: 'UTC' } });
    await toggle();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Devices' }));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('uses a drawer under 768 px that closes after a choice', async () => {
    setViewport({ mobile: true });
    const { location } = renderConsole(server, '/', PROVIDER_ADMIN);
    const control = await toggle();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await userEvent.click(control);
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Tasks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/tasks');
  });

  it('saves the browser’s time zone when the identity holds another', async () => {
    setViewport({ mobile: false });
    let saved: unknown;
    renderConsole(server, '/', { ...PROVIDER_ADMIN, settings: { user_timezone: 'Mars/Olympus' } });
    // Added after the session's handlers, so that it answers first (the identity loads later).
    server.use(
      http.put('*/api/users/settings', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ settings: {}, preferred_mfa_method: null });
      }),
    );
    await waitFor(() => expect(saved).toEqual({ user_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }));
  });
});
