import { describe, expect, it } from 'vitest';
import {
  bulkActionRefusal,
  DECOMMISSION_STATUSES,
  defaultCreationStatus,
  DEVICE_ACTION_RULES,
  DEVICE_BULK_ACTIONS,
  DEVICE_UPDATE_ACTIONS,
  deviceActionRefusal,
  initialDeviceStatus,
  isBulkSelectable,
  type DeviceFacts,
} from '../../src/domain/deviceActions';
import { DEVICE_ACTIVITY_TYPES, DEVICE_STATUSES } from '../../src/domain/enums';

/**
 * The expected outcomes are written here from the spec's sentences (000 sections 2.4, 2.5, 4.1
 * and 6), not read from the table under test: each condition that can stop an action, the text a
 * refusal gives for it, and which conditions stop which action.
 */
const CONDITIONS = {
  // 4.1 "Decommissioned is terminal"; 2.5 "A decommissioned device ... offers no actions".
  decommissioned: { stops: (d: DeviceFacts) => d.status === 'decommissioned', text: 'Device is decommissioned' },
  withPatient: { stops: (d: DeviceFacts) => d.patient_id !== null, text: 'Device is assigned to a patient' },
  withoutPatient: { stops: (d: DeviceFacts) => d.patient_id === null, text: 'Device is not assigned to a patient' },
  shared: { stops: (d: DeviceFacts) => d.is_shared_device, text: 'Device is a shared device' },
  noProvider: { stops: (d: DeviceFacts) => d.tenant_id === null, text: 'Device does not belong to a provider' },
  notPending: { stops: (d: DeviceFacts) => d.status !== 'pending', text: 'Device is not pending' },
} as const;
type Condition = keyof typeof CONDITIONS;

const SINGLE: Record<(typeof DEVICE_UPDATE_ACTIONS)[number], Condition[]> = {
  // A device with a patient keeps its provider: its patient is that provider's (the bulk edit's rule, 4.1, applied to one device).
  update_tenant: ['decommissioned', 'withPatient'],
  // 4.1 "Location cannot be set on a device with a patient."
  set_location: ['decommissioned', 'withPatient'],
  set_invoice_item_id: ['decommissioned'],
  // 4.1 "Device can be assigned to a patient only when unassigned, not shared and belonging to a provider."
  assign_to_patient: ['decommissioned', 'withPatient', 'shared', 'noProvider'],
  // 4.1 "unassigning sets patient_id to null": there must be one.
  unassign_patient: ['decommissioned', 'withoutPatient'],
  // 4.1 "Change External ID, Toggle Shared Status and Decommission are disabled while the device is assigned to a patient."
  update_external_id: ['decommissioned', 'withPatient'],
  update_shared_device: ['decommissioned', 'withPatient'],
  decommission_device: ['decommissioned', 'withPatient'],
  // 4.1 "Mark as Received moves pending devices to inactive."
  mark_received: ['decommissioned', 'notPending'],
};

/** 2.4 "Only devices with no patient and not decommissioned can be selected for bulk actions", then 4.1 per action. */
const BULK: Record<(typeof DEVICE_BULK_ACTIONS)[number], Condition[]> = {
  mark_received: ['decommissioned', 'withPatient', 'notPending'],
  bulk_update: ['decommissioned', 'withPatient'],
};

/** Every status x with or without a patient x shared or not x with or without a provider. */
const DEVICES: DeviceFacts[] = DEVICE_STATUSES.flatMap((status) =>
  [null, 41].flatMap((patient_id) =>
    [false, true].flatMap((is_shared_device) => [null, 7].map((tenant_id) => ({ status, patient_id, is_shared_device, tenant_id }))),
  ),
);

/** null when nothing stops the action, else the texts of the conditions that do (any of them may be the one given). */
function expectedRefusals(conditions: Condition[], device: DeviceFacts): string[] | null {
  const stopping = conditions.filter((c) => CONDITIONS[c].stops(device)).map((c) => CONDITIONS[c].text);
  return stopping.length ? stopping : null;
}

function expectOutcome(refusal: string | null, expected: string[] | null, where: string) {
  if (expected === null) expect(refusal, where).toBeNull();
  else expect(expected, `${where}: refused with ${String(refusal)}`).toContain(refusal);
}

describe('the single-device actions (PUT devices/{id})', () => {
  it.each(DEVICE_UPDATE_ACTIONS)('%s from every kind of device', (action) => {
    expect(DEVICES).toHaveLength(DEVICE_STATUSES.length * 8);
    for (const device of DEVICES) {
      expectOutcome(deviceActionRefusal(action, device), expectedRefusals(SINGLE[action], device), `${action} on ${JSON.stringify(device)}`);
    }
  });
});

describe('the bulk actions (PUT devices {ids, data})', () => {
  it.each(DEVICE_BULK_ACTIONS)('%s from every kind of device', (action) => {
    for (const device of DEVICES) {
      expectOutcome(bulkActionRefusal(action, device), expectedRefusals(BULK[action], device), `bulk ${action} on ${JSON.stringify(device)}`);
    }
  });

  it('lets the list select exactly the devices with no patient that are not decommissioned', () => {
    for (const device of DEVICES) {
      expect(isBulkSelectable(device), JSON.stringify(device)).toBe(device.patient_id === null && device.status !== 'decommissioned');
    }
  });
});

describe('who may act, and what the history records', () => {
  it('keeps Assign to Customer, Set Location, Set Device Paid Status and the bulk edit of provider and location for internal users (spec 000 section 6)', () => {
    const internalOnly = Object.entries(DEVICE_ACTION_RULES)
      .filter(([, rule]) => rule.internalOnly)
      .map(([action]) => action)
      .sort();
    expect(internalOnly).toEqual(['bulk_update', 'set_invoice_item_id', 'set_location', 'update_tenant']);
  });

  it('records each action under its own event type, and a bulk edit as a change of provider', () => {
    for (const action of DEVICE_UPDATE_ACTIONS) expect(DEVICE_ACTION_RULES[action].activity, action).toBe(action);
    expect(DEVICE_ACTION_RULES.bulk_update.activity).toBe('update_tenant');
    for (const rule of Object.values(DEVICE_ACTION_RULES)) expect(DEVICE_ACTIVITY_TYPES).toContain(rule.activity);
  });

  it('offers the three decommission choices of spec 000 section 4.1', () => {
    expect([...DECOMMISSION_STATUSES].sort()).toEqual(['decommissioned', 'pending_return_to_manufacturer', 'returned_to_manufacturer']);
  });
});

describe('the status of a new device (spec 000 section 4.1)', () => {
  it('single-device form: active if received or a patient is given, otherwise inactive', () => {
    expect(initialDeviceStatus({ device_received: true })).toBe('active');
    expect(initialDeviceStatus({ device_received: false, patient_id: 12 })).toBe('active');
    expect(initialDeviceStatus({ device_received: false, patient_id: null })).toBe('inactive');
    expect(initialDeviceStatus({})).toBe('inactive');
  });

  it('when the request names none: pending if not received', () => {
    expect(defaultCreationStatus({})).toBe('pending');
    expect(defaultCreationStatus({ device_received: false })).toBe('pending');
    expect(defaultCreationStatus({ device_received: true })).toBe('active');
    expect(defaultCreationStatus({ patient_id: 3 })).toBe('active');
  });
});
