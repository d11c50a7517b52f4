// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { patientsFeature } from '../../../../src/console/features/patients';
import { MobileAppInvitationWidget } from '../../../../src/console/features/patients/MobileAppInvitationWidget';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const Invitation = patientsFeature.widgets.mobile_app_invitation.Component;

const PATIENT: ApiRow = { id: 7, tenant_id: 1, rejected_mobile_app_on: null, user: { id: 70, first_name: 'Ivy', email: 'ivy@patients.example' } };
const CODE = 'k2V7qW9xZr4T1mNcP8sLbY3hJ6dF0gAe';
const EXPIRES = '2026-05-17T14:00:00.000Z';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The invite-code and patient PATCH calls, answered as the server does (or refused), each recorded. */
function invitationApi({ inviteRefusal, patchRefusal }: { inviteRefusal?: () => Response; patchRefusal?: () => Response } = {}) {
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const body = (await request.json()) as unknown;
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.post('*/api/patients/7/invite-code', async ({ request }) => {
      const body = await record(request);
      if (inviteRefusal) return inviteRefusal();
      return HttpResponse.json({ token: CODE, expires_at: EXPIRES, emailed: body.send_email === true });
    }),
    http.patch('*/api/patients/7', async ({ request }) => {
      const body = await record(request);
      if (patchRefusal) return patchRefusal();
      return HttpResponse.json({ ...PATIENT, ...body });
    }),
  );
  return sent;
}

const renderInvitation = (
  record: ApiRow = PATIENT,
  options: Record<string, unknown> = { editWhen: { permission: 'patients.update' } },
  role = 'clinician' as const,
) => renderPart(<Invitation options={options} />, { record, environment: environmentFor(role) });

const toasts = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite') as HTMLElement;
const rejection = () => screen.getByRole('switch', { name: 'Patient rejected the mobile app' });

describe('Mobile App Invitation', () => {
  it('is registered as the patients feature’s mobile_app_invitation widget', async () => {
    expect(await patientsFeature.widgets.mobile_app_invitation.preload?.()).toBe(MobileAppInvitationWidget);
  });

  it('creates a code without e-mail, shows it with its expiry, and copies it', async () => {
    const sent = invitationApi();
    const user = userEvent.setup();
    renderInvitation();
    expect(screen.getByText(/works once, for 7 days/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'E-mail the code to the patient' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    const code = await screen.findByRole('textbox', { name: 'One-time code' });
    expect(code).toHaveValue(CODE);
    expect(code).toHaveAttribute('readonly');
    expect(sent).toEqual([{ method: 'POST', path: '/patients/7/invite-code', body: { send_email: false } }]);
    // 14:00 UTC is 10:00 in New York (the user's time zone).
    expect(screen.getByText(/Valid until 05\/17\/2026, 10:00 AM; it works once\./)).toBeInTheDocument();
    expect(screen.queryByText(/e-mailed to the patient/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await within(toasts()).findByText('Code copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODE);
    // A second code replaces the first.
    expect(screen.getByRole('button', { name: 'Create a new code' })).toBeInTheDocument();
  });

  it('creates a code and e-mails it when asked', async () => {
    const sent = invitationApi();
    const user = userEvent.setup();
    renderInvitation();
    await user.click(screen.getByRole('checkbox', { name: 'E-mail the code to the patient' }));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText(/It was also e-mailed to the patient\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'One-time code' })).toHaveValue(CODE);
    expect(sent).toEqual([{ method: 'POST', path: '/patients/7/invite-code', body: { send_email: true } }]);
  });

  it('offers no e-mail without an address, and toasts a refusal', async () => {
    const sent = invitationApi({
      inviteRefusal: () =>
        HttpResponse.json({ detail: "The patient's account is disabled. Enable it before inviting the patient to the mobile app." }, { status: 422 }),
    });
    const user = userEvent.setup();
    renderInvitation({ ...PATIENT, user: { id: 70, first_name: 'Ivy', email: null } });
    const email = screen.getByRole('checkbox', { name: 'E-mail the code to the patient' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription(/The patient has no e-mail address/);
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(
      await within(toasts()).findByText("Error: The patient's account is disabled. Enable it before inviting the patient to the mobile app."),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/patients/7/invite-code', body: { send_email: false } }]);
    expect(screen.queryByRole('textbox', { name: 'One-time code' })).not.toBeInTheDocument();
  });

  it('sets the rejection to now, then clears it', async () => {
    const sent = invitationApi();
    const user = userEvent.setup();
    renderInvitation();
    expect(rejection()).not.toBeChecked();
    expect(screen.getByText('The patient has not declined the mobile app.')).toBeInTheDocument();

    const before = Date.now();
    await user.click(rejection());
    await waitFor(() => expect(sent).toHaveLength(1));
    const [set] = sent;
    expect(set).toMatchObject({ method: 'PATCH', path: '/patients/7' });
    const at = (set?.body as { rejected_mobile_app_on: string }).rejected_mobile_app_on;
    expect(Object.keys(set?.body as object)).toEqual(['rejected_mobile_app_on']);
    expect(new Date(at).toISOString()).toBe(at);
    expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await waitFor(() => expect(rejection()).toBeChecked());
    expect(screen.getByText(/^Since \d\d\/\d\d\/\d{4}$/)).toBeInTheDocument();

    await user.click(rejection());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'PATCH', path: '/patients/7', body: { rejected_mobile_app_on: null } });
    await waitFor(() => expect(rejection()).not.toBeChecked());
  });

  it('shows a stored rejection, and toasts Error: {message} when the change fails (the switch goes back)', async () => {
    const sent = invitationApi({ patchRefusal: () => HttpResponse.json({ detail: 'Not enough permissions' }, { status: 403 }) });
    const user = userEvent.setup();
    renderInvitation({ ...PATIENT, rejected_mobile_app_on: '2026-04-02T16:00:00Z' });
    expect(rejection()).toBeChecked();
    expect(screen.getByText('Since 04/02/2026')).toBeInTheDocument();
    await user.click(rejection());
    expect(await within(toasts()).findByText('Error: Not enough permissions')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', path: '/patients/7', body: { rejected_mobile_app_on: null } }]);
    await waitFor(() => expect(rejection()).toBeChecked());
  });

  it('only shows the state to whom editWhen does not hold', async () => {
    const sent = invitationApi();
    const user = userEvent.setup();
    renderInvitation({ ...PATIENT, rejected_mobile_app_on: '2026-04-02T16:00:00Z' }, { editWhen: { permission: 'tenants.delete' } });
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(rejection()).toBeChecked();
    expect(rejection()).toBeDisabled();
    await user.click(rejection());
    expect(sent).toEqual([]);
  });
});
