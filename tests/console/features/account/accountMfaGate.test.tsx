// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionMap } from '../../../../src/domain/permissions';
import { INTERNAL_ADMIN } from '../../shell/support/apiHandlers';
import { setViewport } from '../../shell/support/dom';
import { renderConsole } from '../../shell/support/renderConsole';
import { useMswServer } from '../../helpers/msw';

const server = useMswServer();
const PRODUCTION = { is_demo: false, version: '0.4.0', environment: 'production' };
const BLOCKED = 'You must enable two-factor authentication to continue.';

describe('the MFA dialog and the account page', () => {
  beforeEach(() => setViewport({ mobile: false }));

  it('leaves /account usable to an internal user without MFA in production, and goes once the authenticator is enabled', async () => {
    let enabled = false;
    const identity = () => ({
      ...INTERNAL_ADMIN,
      fullName: INTERNAL_ADMIN.full_name,
      tenantId: null,
      mfa_enabled: enabled,
      totp_enabled: enabled,
      has_passkey: false,
      preferred_mfa_method: enabled ? 'totp' : null,
      last_login: null,
      attendance_tracking_enabled: true,
      settings: { user_timezone: 'America/New_York' },
      permissions: permissionMap(INTERNAL_ADMIN),
    });
    renderConsole(server, '/', INTERNAL_ADMIN, PRODUCTION);
    server.use(
      http.get('*/api/screens', () => HttpResponse.json([])),
      http.get(`*/api/users/${INTERNAL_ADMIN.id}/identity`, () => HttpResponse.json(identity())),
      http.get('*/api/auth/webauthn/keys', () => HttpResponse.json([])),
      // Home's lists, once the user is let through.
      ...['auth-logs', 'patients', 'tasks', 'monitoring-progress'].map((resource) =>
        http.get(`*/api/${resource}`, () => HttpResponse.json([], { headers: { 'Content-Range': `${resource} */0` } })),
      ),
      http.post('*/api/auth/generate-2fa', () => HttpResponse.json({ secret_key: 'JBSWY3DPEHPK3PXP', qr_code: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
      http.post('*/api/auth/enable-2fa', () => {
        enabled = true;
        return HttpResponse.json({ message: 'Two-factor authentication enabled.' });
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent(BLOCKED);
    await userEvent.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }, { timeout: 30_000 }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(), { timeout: 5000 });
    expect(screen.queryByText(BLOCKED)).toBeNull();
  }, 60_000);
});
