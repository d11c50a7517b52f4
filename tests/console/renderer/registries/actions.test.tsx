// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionDefinition, ScreenOf } from '../../../../schemas/screen';
import devicesShowJson from '../../../../screens/devices.show.json';
import { ActionSlot } from '../../../../src/console/renderer/parts/ActionSlot';
import { actionRegistry } from '../../../../src/console/renderer/registries/actions';
import '../../helpers/dom';
import { PROVIDER_STAFF } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { devices } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const devicesShow = devicesShowJson as unknown as ScreenOf<'show'>;
const action = (name: string) => {
  const found = devicesShow.actions?.find((a) => a.name === name);
  if (!found) throw new Error(name);
  return found;
};
const [assigned, gateway] = devices as unknown as [Record<string, unknown>, Record<string, unknown>];

function renderAction(
  definition: ActionDefinition,
  {
    record = assigned,
    ids,
    onDone,
    environment,
  }: { record?: Record<string, unknown>; ids?: number[]; onDone?: () => void; environment?: typeof PROVIDER_STAFF } = {},
) {
  const api = fixtureApi();
  server.use(...api.handlers);
  const view = renderPart(
    <ActionSlot action={definition} resource="devices" location={{ file: 'screens/devices.show.json', path: '/actions/0' }} ids={ids} onDone={onDone} />,
    {
      record,
      params: { id: String(record.id) },
      ...(environment ? { environment } : {}),
    },
  );
  return { ...view, api };
}

afterEach(() => vi.restoreAllMocks());

describe('dialog_form', () => {
  it('opens the form with the record values, saves only once changed, and sends the update_action by PUT', async () => {
    const user = userEvent.setup();
    const { api } = renderAction(action('change_external_id'), { record: gateway });
    await user.click(screen.getByRole('button', { name: 'Change External ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change External ID' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const imei = within(dialog).getByLabelText(/IMEI/);
    expect(imei).toHaveValue('A1B2C3D4E5F6');
    await user.clear(imei);
    await user.type(imei, '112233445566');
    await user.click(save);
    expect(await screen.findByText('Device configuration updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/devices/2', body: { external_id: '112233445566', update_action: 'update_external_id' } });
  });

  it("checks required fields with 'Required' and keeps the draft of the form", async () => {
    const user = userEvent.setup();
    renderAction(action('change_external_id'), { record: gateway });
    await user.click(screen.getByRole('button', { name: 'Change External ID' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/IMEI/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('screen-draft:100:test.screen:2:change_external_id') ?? 'null')).toEqual({});
  });

  it("asks to confirm an unassignment in the spec's words, then sends patient_id null with the reason", async () => {
    const user = userEvent.setup();
    const { api } = renderAction(action('unassign_patient'));
    await user.click(screen.getByRole('button', { name: 'Unassign from patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign from patient' });
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    await user.click(screen.getByRole('option', { name: 'Replace Device' }));
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await within(dialog).findByText('Please confirm unassigning the device.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Device unassigned from patient.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      unassign_device_reason: { reason: 'replace_device', is_device_returned: false },
      patient_id: null,
      update_action: 'unassign_patient',
    });
  });

  it("shows 'Error: ' and the server's message when the update fails", async () => {
    const user = userEvent.setup();
    renderAction(action('toggle_shared_status'), { record: gateway });
    server.use(http.put('*/api/devices/2', () => HttpResponse.json({ detail: 'Device has a patient' }, { status: 409 })));
    await user.click(screen.getByRole('button', { name: 'Toggle Shared Status' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Shared Device' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: Device has a patient')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates on another resource (Report Issue) with the record and identity filled in', async () => {
    const user = userEvent.setup();
    const { api } = renderAction(action('report_issue'));
    await user.click(screen.getByRole('button', { name: 'Report Issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Issue' });
    await user.click(within(dialog).getByRole('button', { name: /Issue type/ }));
    await user.click(screen.getByRole('option', { name: 'Battery' }));
    await user.type(within(dialog).getByLabelText('Description'), 'Drains in a day');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Issue Reported.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/device-activities',
      body: { value: { issue_type: 'battery', description: 'Drains in a day' }, activity_type: 'issue_report', device_id: 1, actor_id: 100 },
    });
  });
});

describe('conditions on actions', () => {
  it('hides an action whose visibleWhen fails and disables one whose disabledWhen holds', () => {
    renderAction(action('assign_to_patient'), { record: assigned });
    expect(screen.queryByRole('button', { name: 'Assign to Patient' })).toBeNull();
  });

  it('disables Change External ID while the device is with a patient, and says why (tooltip and description)', async () => {
    const user = userEvent.setup();
    renderAction(action('change_external_id'), { record: assigned });
    const button = screen.getByRole('button', { name: 'Change External ID' });
    // aria-disabled rather than disabled: it stays reachable by keyboard and hover, so the reason can show.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Device is assigned to a patient');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(button);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Device is assigned to a patient');
    await user.unhover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Device is assigned to a patient');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives no reason where no named rule disables an action', () => {
    renderAction({ type: 'navigate', name: 'patient', label: 'Open patient', to: '/patients/{patient_id}/show', disabledWhen: { set: 'patient_id' } });
    const button = screen.getByRole('button', { name: 'Open patient' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(button).toHaveAccessibleDescription('');
  });

  it('offers internal-only actions to internal users only', () => {
    renderAction(action('assign_to_customer'), { record: gateway, environment: PROVIDER_STAFF });
    expect(screen.queryByRole('button', { name: 'Assign to Customer' })).toBeNull();
  });
});

describe('confirm', () => {
  it('asks, then sends mark_received and says so', async () => {
    const user = userEvent.setup();
    const { api } = renderAction(action('mark_received'), { record: gateway });
    await user.click(screen.getByRole('button', { name: 'Mark as Received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Received' });
    expect(dialog).toHaveTextContent('Mark this device as received?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Device successfully marked as received')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/devices/2', body: { update_action: 'mark_received' } });
  });

  it('words a failure as the definition says', async () => {
    const user = userEvent.setup();
    renderAction(action('mark_received'), { record: gateway });
    server.use(http.put('*/api/devices/2', () => HttpResponse.json({ detail: 'nope' }, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Mark as Received' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error marking device as received. Please try again.')).toBeInTheDocument();
  });
});

describe('navigate', () => {
  it('links to the filled path', () => {
    renderAction({ type: 'navigate', name: 'patient', label: 'Open patient', to: '/patients/{patient_id}/show' });
    expect(screen.getByRole('link', { name: 'Open patient' })).toHaveAttribute('href', '/patients/30/show');
  });

  it('is a disabled button while its disabledWhen holds', () => {
    renderAction({ type: 'navigate', name: 'patient', label: 'Open patient', to: '/patients/{patient_id}/show', disabledWhen: { set: 'patient_id' } });
    expect(screen.getByRole('button', { name: 'Open patient' })).toBeDisabled();
  });
});

describe('download', () => {
  it('fetches the file with its query and saves it under its name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let query: URLSearchParams | undefined;
    renderAction({ type: 'download', name: 'export', label: 'Export', path: '/devices/{id}/export', query: { device: '{id}' } });
    server.use(
      http.get('*/api/devices/1/export', ({ request }) => {
        query = new URL(request.url).searchParams;
        return new HttpResponse('a,b', { headers: { 'Content-Disposition': 'attachment; filename="device-1.csv"' } });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(query?.get('device')).toBe('1');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('device-1.csv');
  });

  it("says the definition's words when the file cannot be had (a report's 'Error exporting report.')", async () => {
    const user = userEvent.setup();
    renderAction({ type: 'download', name: 'export', label: 'Export', path: '/devices/{id}/export', error: 'Error exporting report.' });
    server.use(http.get('*/api/devices/1/export', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Error exporting report.')).toBeInTheDocument();
  });
});

describe('bulk', () => {
  const markReceived: ActionDefinition = {
    type: 'bulk',
    name: 'mark_received',
    label: 'Mark as Received',
    updateAction: 'mark_received',
    success: 'Devices successfully marked as received',
  };

  it('sends the selected ids with the update_action and tells the list it is done', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { api } = renderAction(markReceived, { ids: [2, 3], onDone });
    await user.click(screen.getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByText('Devices successfully marked as received')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/devices',
      body: { ids: [2, 3], data: { update_action: 'mark_received' } },
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('is disabled with nothing selected', () => {
    renderAction(markReceived, { ids: [] });
    expect(screen.getByRole('button', { name: 'Mark as Received' })).toBeDisabled();
  });

  it('asks for values first when it has a form', async () => {
    const user = userEvent.setup();
    const { api } = renderAction(
      { type: 'bulk', name: 'bulk_update', label: 'Bulk Edit', updateAction: 'bulk_update', form: { fields: ['device_model'], alwaysEnabled: true } },
      { ids: [2] },
    );
    await user.click(screen.getByRole('button', { name: 'Bulk Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit' });
    await user.type(within(dialog).getByLabelText('Device Model'), 'X-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [2], data: { device_model: 'X-1', update_action: 'bulk_update' } }),
    );
  });
});

it('covers every action type of the registry', () => {
  expect(Object.keys(actionRegistry).sort()).toEqual(['bulk', 'confirm', 'dialog_form', 'download', 'navigate']);
});
