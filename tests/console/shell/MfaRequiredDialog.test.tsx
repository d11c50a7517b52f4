// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from './support/apiHandlers';
import { setViewport } from './support/dom';
import { useMswServer } from '../helpers/msw';
import { renderConsole } from './support/renderConsole';

const server = useMswServer();
const PRODUCTION = { is_demo: false, version: '0.4.0', environment: 'production' };
const TEXT = 'You must enable two-factor authentication to continue.';

describe('the MFA-required dialog', () => {
  beforeEach(() => setViewport({ mobile: false }));

  it('blocks an internal user without MFA in production and leads to the account page', async () => {
    const { location } = renderConsole(server, '/', INTERNAL_ADMIN, PRODUCTION);
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    expect(location.history.at(-1)).toBe('/account');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('does not block a user with MFA', async () => {
    renderConsole(server, '/', { ...INTERNAL_ADMIN, mfa_enabled: true }, PRODUCTION);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('does not block a provider user', async () => {
    renderConsole(server, '/', PROVIDER_ADMIN, PRODUCTION);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('does not block in a demo', async () => {
    renderConsole(server, '/', INTERNAL_ADMIN);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(screen.queryByText(TEXT)).toBeNull();
  });
});
