// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../helpers/dom';
import { INTERNAL_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { devices, fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
const [assigned, gateway] = devices as unknown as [Record<string, unknown>, Record<string, unknown>];
/** A device of a provider, unassigned and not shared: every dialog but Unassign can open on it. */
const stock = {
  ...gateway,
  id: 22,
  device_type: 'pulse_oximeter',
  external_id: '356938035643822',
  status: 'inactive',
  device_received: true,
  location_id: null,
};

async function openDialog(record: Record<string, unknown>, label: string) {
  const user = userEvent.setup();
  const records = fixtureRecords();
  records.devices = [...(records.devices ?? []).filter((d) => d.id !== record.id), record];
  const api = fixtureApi(records);
  server.use(...api.handlers);
  renderScreen('devices.show', { path: `/devices/${String(record.id)}/show`, environment: INTERNAL_ADMIN });
  const toolbar = await screen.findByRole('toolbar', { name: 'Actions' });
  await user.click(within(toolbar).getByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: label });
  const writes = () => api.requests.filter((r) => r.method !== 'GET');
  return { user, dialog, api, writes };
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the device dialogs check what spec 000 section 5 requires, and send nothing until it holds', () => {
  it('Assign to Patient: a patient is required; then it sends assign_to_patient and says so', async () => {
    const { user, dialog, writes } = await openDialog(stock, 'Assign to Patient');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: 'Ada Byron' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device assigned to patient.')).toBeInTheDocument();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/api/devices/22', body: { patient_id: 30, update_action: 'assign_to_patient' } }),
    ]);
  });

  it('Assign to Patient offers only active or consented patients of the device provider', async () => {
    const { user, dialog, api } = await openDialog(stock, 'Assign to Patient');
    await user.click(within(dialog).getByRole('combobox', { name: /Patient/ }));
    await screen.findByRole('option', { name: 'Ada Byron' });
    const lookup = api.requests.find((r) => r.path === '/api/patients');
    expect(JSON.parse(lookup?.query.get('filter') ?? '{}')).toMatchObject({ 'tenant_id[eq]': 1, 'patient_status[in]': ['active', 'consented'] });
  });

  it('Decommission: a reason is required among the three choices; then it sends decommission_device with no patient', async () => {
    const { user, dialog, writes } = await openDialog(stock, 'Decommission');
    await user.click(within(dialog).getByRole('button', { name: 'Decommission' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Decommission',
      'Pending Return to Manufacturer',
      'Returned to Manufacturer',
    ]);
    await user.click(screen.getByRole('option', { name: 'Returned to Manufacturer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decommission' }));
    expect(await screen.findByText('Device decommissioned.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ status: 'returned_to_manufacturer', patient_id: null, update_action: 'decommission_device' });
  });

  it("Set Device Paid Status: the invoice item id is required once 'Has customer paid' is on", async () => {
    const { user, dialog, writes } = await openDialog(stock, 'Set Device Paid Status');
    expect(within(dialog).queryByLabelText(/Invoice Item ID/)).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: 'Has customer paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Invoice Item ID/), 'ii_777');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device status updated.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ customer_invoice_item_id: 'ii_777', update_action: 'set_invoice_item_id' });
  });

  it('Set Device Paid Status: paid off sends the invoice item id cleared', async () => {
    const { user, dialog, writes } = await openDialog({ ...stock, customer_invoice_item_id: 'ii_1' }, 'Set Device Paid Status');
    await user.click(within(dialog).getByRole('switch', { name: 'Has customer paid' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Has customer paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()[0]?.body).toEqual({ customer_invoice_item_id: null, update_action: 'set_invoice_item_id' }));
  });

  it("Unassign from patient: a reason and the confirmation are required ('Please confirm unassigning the device.')", async () => {
    const { user, dialog, writes } = await openDialog(assigned, 'Unassign from patient');
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm unassigning the device.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await choose(user, dialog, /Reason/, 'Patient Unenrolled');
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Device unassigned from patient.')).toBeInTheDocument();
    expect(writes()[0]?.body).toMatchObject({ patient_id: null, unassign_device_reason: { reason: 'patient_unenrolled' }, update_action: 'unassign_patient' });
  });

  it('Unassign from patient asks where a returned device went only once it is returned, and sends that location', async () => {
    const { user, dialog, writes } = await openDialog(assigned, 'Unassign from patient');
    await choose(user, dialog, /Reason/, 'Replace Device');
    expect(within(dialog).queryByRole('combobox', { name: /Returned to location/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Device returned' }));
    await user.click(await within(dialog).findByRole('combobox', { name: /Returned to location/ }));
    await user.click(await screen.findByRole('option', { name: 'Main Office' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Device unassigned from patient.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({
      unassign_device_reason: { reason: 'replace_device', is_device_returned: true, returned_to_location_id: 10 },
      patient_id: null,
      update_action: 'unassign_patient',
    });
  });

  it('Report Issue: an issue type is required, among battery, connection, hardware, user error and other', async () => {
    const { user, dialog, writes } = await openDialog(stock, 'Report Issue');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /Issue type/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Battery', 'Connection', 'Hardware', 'User Error', 'Other']);
    await user.click(screen.getByRole('option', { name: 'User Error' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Issue Reported.')).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({
      path: '/api/device-activities',
      body: { value: { issue_type: 'user error' }, activity_type: 'issue_report', device_id: 22 },
    });
  });

  it('Set Location: nothing to send until a location is chosen; then set_location and the spec words', async () => {
    const { user, dialog, writes } = await openDialog(stock, 'Set Location');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await user.click(await screen.findByRole('option', { name: 'Main Office' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device location set.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ location_id: 10, update_action: 'set_location' });
  });

  it('Assign to Customer: sends update_action update_tenant with the provider and says so', async () => {
    const { user, dialog, writes } = await openDialog({ ...stock, tenant_id: null }, 'Assign to Customer');
    await user.click(within(dialog).getByRole('combobox', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'Lakeside Health' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device assigned to customer.')).toBeInTheDocument();
    expect(writes()[0]?.body).toEqual({ tenant_id: 2, update_action: 'update_tenant' });
  });
});
