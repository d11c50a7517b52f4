// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScreenOf } from '../../../schemas/screen';
import devicesShowJson from '../../../screens/devices.show.json';
import { deviceFacts } from '../../../src/console/features/devices/deviceRules';
import { deviceActionRefusal, type DeviceUpdateAction } from '../../../src/domain/deviceActions';
import '../helpers/dom';
import { INTERNAL_ADMIN } from '../helpers/environments';
import { fixtureApi } from '../helpers/fixtureApi';
import { devices, fixtureRecords } from '../helpers/fixtures';
import { useMswServer } from '../helpers/msw';
import { renderScreen } from '../helpers/renderScreen';

const server = useMswServer();
const definition = devicesShowJson as unknown as ScreenOf<'show'>;
const [assigned, gateway] = devices as unknown as [Record<string, unknown>, Record<string, unknown>];

/** Devices in each state the domain table tells apart (spec 000 sections 4.1 and 6). */
const VARIANTS: Record<string, Record<string, unknown>> = {
  'assigned to a patient': assigned,
  'pending, at a location': gateway,
  shared: { ...gateway, id: 20, device_type: 'weight_scale', status: 'active', is_shared_device: true, device_received: true },
  "in the operator's inventory": { ...gateway, id: 21, device_type: 'glucometer', status: 'inactive', tenant_id: null, location_id: null },
  'in stock at a provider': { ...gateway, id: 22, device_type: 'pulse_oximeter', status: 'inactive', device_received: true },
};

async function open(record: Record<string, unknown>) {
  const records = fixtureRecords();
  records.devices = [...(records.devices ?? []).filter((d) => d.id !== record.id), record];
  server.use(...fixtureApi(records).handlers);
  renderScreen('devices.show', { path: `/devices/${String(record.id)}/show`, environment: INTERNAL_ADMIN });
  return screen.findByRole('toolbar', { name: 'Actions' });
}

describe('the device actions follow the domain table (one table for console and server)', () => {
  it.each(Object.entries(VARIANTS))('a device %s: each shown action is enabled exactly when the domain accepts it, else says why', async (_, record) => {
    const toolbar = await open(record);
    let checked = 0;
    for (const action of definition.actions ?? []) {
      if (!('updateAction' in action) || !action.updateAction) continue;
      const button = within(toolbar).queryByRole('button', { name: action.label });
      if (!button) continue;
      const refusal = deviceActionRefusal(action.updateAction as DeviceUpdateAction, deviceFacts(record));
      if (refusal === null) {
        expect(button, action.label).toBeEnabled();
        expect(button).not.toHaveAttribute('aria-disabled');
        expect(button).toHaveAccessibleDescription('');
      } else {
        expect(button, action.label).toHaveAttribute('aria-disabled', 'true');
        expect(button).toHaveAccessibleDescription(refusal);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['shared', 'Device is a shared device'],
    ["in the operator's inventory", 'Device does not belong to a provider'],
  ])('names the rule that stops Assign to Patient on a device %s: %s', async (variant, refusal) => {
    const toolbar = await open(VARIANTS[variant] ?? {});
    expect(within(toolbar).getByRole('button', { name: 'Assign to Patient' })).toHaveAccessibleDescription(refusal);
  });

  it('shows Assign to Patient only while unassigned, Unassign only while assigned, Mark as Received only while pending', async () => {
    const toolbar = await open(assigned);
    expect(within(toolbar).queryByRole('button', { name: 'Assign to Patient' })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Unassign from patient' })).toBeEnabled();
    expect(within(toolbar).queryByRole('button', { name: 'Mark as Received' })).toBeNull();
    expect(within(toolbar).getByRole('button', { name: 'Change External ID' })).toHaveAccessibleDescription('Device is assigned to a patient');
  });
});
