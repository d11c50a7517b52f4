// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from './support/apiHandlers';
import { setViewport } from './support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from './support/renderConsole';

const server = useMswServer();
// The first render loads the shell's and the renderer's chunks: slow on a busy machine.
const mainMenu = () => screen.findByRole('navigation', { name: 'Main' }, { timeout: 30_000 });

describe('the shell’s menu', () => {
  beforeEach(() => setViewport({ mobile: false }));

  it('shows a provider admin its groups, with Administrative Tools collapsed', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN);
    const nav = await mainMenu();
    expect(within(nav).getByRole('link', { name: 'All Patients' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Monitoring' })).toBeNull();
    const adminTools = within(nav).getByRole('button', { name: 'Administrative Tools' });
    expect(adminTools).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull();
    await userEvent.click(adminTools);
    expect(within(nav).getByRole('link', { name: 'Billing' })).toBeVisible();
    expect(within(nav).queryByRole('button', { name: 'Customer Service' })).toBeNull();
  });

  it('opens Help in a new tab', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN);
    const help = within(await mainMenu()).getByRole('link', { name: /^Help/ });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows the organisation with the Demo Mode badge when the API is a demo', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN);
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('Northwind Clinic')).toBeVisible();
    expect(within(banner).getByText('Demo Mode')).toBeVisible();
  });

  it('has no Demo Mode badge outside a demo', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN, { is_demo: false, version: '0.4.0', environment: 'production' });
    const banner = await screen.findByRole('banner');
    await within(banner).findByText('Northwind Clinic');
    expect(within(banner).queryByText('Demo Mode')).toBeNull();
  });

  it('highlights the Patient Queue on a patient’s clinical pages', async () => {
    renderConsole(server, '/patients/3/show/clinical/metrics', PROVIDER_ADMIN);
    const nav = await mainMenu();
    expect(within(nav).getByRole('link', { name: 'Patient Queue' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All Patients' })).not.toHaveAttribute('aria-current');
  });

  it('opens a collapsed group that holds the current page', async () => {
    renderConsole(server, '/support-tickets', INTERNAL_ADMIN);
    const nav = await mainMenu();
    expect(within(nav).getByRole('button', { name: 'Customer Service' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Support Tickets' })).toHaveAttribute('aria-current', 'page');
  });

  it('refuses a page the menu hides from the user', async () => {
    renderConsole(server, '/internal-users', PROVIDER_ADMIN);
    expect(await screen.findByText('You do not have access to this page.', {}, { timeout: 30_000 })).toBeVisible();
  });

  it('shows the error page with Go Back for an unknown address, titled like every page', async () => {
    renderConsole(server, '/no-such-page', PROVIDER_ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 30_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found · Care Console'));
  });
});
