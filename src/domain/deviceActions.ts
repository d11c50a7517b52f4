import type { DeviceActivityType, DeviceStatus, PatientStatus } from './enums';

/**
 * The device state machine (spec 000 sections 4.1 and 6): one table of the actions a device
 * accepts, what each needs of the device, and the event it leaves in the device's history.
 * The console enables an action when `deviceActionRefusal` is null; the server refuses the
 * same action with that text as a 422 and changes nothing.
 */

/** The `update_action` values of `PUT devices/{id}`. */
export const DEVICE_UPDATE_ACTIONS = [
  'update_tenant',
  'assign_to_patient',
  'unassign_patient',
  'update_external_id',
  'update_shared_device',
  'decommission_device',
  'mark_received',
  'set_invoice_item_id',
  'set_location',
] as const;
export type DeviceUpdateAction = (typeof DEVICE_UPDATE_ACTIONS)[number];

/** The `data.update_action` values of the bulk update `PUT devices` ({ids, data}). */
export const DEVICE_BULK_ACTIONS = ['mark_received', 'bulk_update'] as const;
export type DeviceBulkAction = (typeof DEVICE_BULK_ACTIONS)[number];

/** The statuses a decommission may set; only `decommissioned` is terminal. */
export const DECOMMISSION_STATUSES = ['decommissioned', 'pending_return_to_manufacturer', 'returned_to_manufacturer'] as const;

/** Why a device leaves its patient (spec 000 section 5, unassign_device_reason.reason). */
export const UNASSIGN_REASONS = ['patient_unenrolled', 'in_error', 'replace_device', 'other'] as const;

/** Statuses a bulk creation may give (pending unless received); the others are reached through actions. */
export const BULK_CREATION_STATUSES = ['pending', 'inactive', 'active'] as const;

/** What the rules read of a device. */
export interface DeviceFacts {
  /** A DeviceStatus as read from the database (typed as any text, which the rules compare against the statuses). */
  status: string;
  patient_id: number | null;
  tenant_id: number | null;
  is_shared_device: boolean;
}

/** A condition an action needs, and the refusal that names it when it does not hold. */
const PRECONDITIONS = {
  notDecommissioned: { holds: (d: DeviceFacts) => d.status !== 'decommissioned', refusal: 'Device is decommissioned' },
  unassigned: { holds: (d: DeviceFacts) => d.patient_id === null, refusal: 'Device is assigned to a patient' },
  assigned: { holds: (d: DeviceFacts) => d.patient_id !== null, refusal: 'Device is not assigned to a patient' },
  notShared: { holds: (d: DeviceFacts) => !d.is_shared_device, refusal: 'Device is a shared device' },
  ownedByProvider: { holds: (d: DeviceFacts) => d.tenant_id !== null, refusal: 'Device does not belong to a provider' },
  pending: { holds: (d: DeviceFacts) => d.status === 'pending', refusal: 'Device is not pending' },
  shared: { holds: (d: DeviceFacts) => d.is_shared_device, refusal: 'Device is not a shared device' },
  inService: {
    holds: (d: DeviceFacts) => d.status !== 'pending_return_to_manufacturer' && d.status !== 'returned_to_manufacturer',
    refusal: 'Device is going back to the manufacturer',
  },
} as const;
type Precondition = keyof typeof PRECONDITIONS;

interface ActionRule {
  /** Checked in order; the first that fails is the refusal. */
  requires: readonly Precondition[];
  /** Only internal users may take it (spec 000 section 6: Assign to Customer, Set Location, Set Device Paid Status). */
  internalOnly: boolean;
  /** The event written to the device's history. */
  activity: DeviceActivityType;
}

export const DEVICE_ACTION_RULES: { readonly [A in DeviceUpdateAction | DeviceBulkAction]: ActionRule } = {
  // A device with a patient keeps its provider: the patient belongs to that provider.
  update_tenant: { requires: ['notDecommissioned', 'unassigned'], internalOnly: true, activity: 'update_tenant' },
  set_location: { requires: ['notDecommissioned', 'unassigned'], internalOnly: true, activity: 'set_location' },
  set_invoice_item_id: { requires: ['notDecommissioned'], internalOnly: true, activity: 'set_invoice_item_id' },
  assign_to_patient: { requires: ['notDecommissioned', 'unassigned', 'notShared', 'ownedByProvider'], internalOnly: false, activity: 'assign_to_patient' },
  unassign_patient: { requires: ['notDecommissioned', 'assigned'], internalOnly: false, activity: 'unassign_patient' },
  update_external_id: { requires: ['notDecommissioned', 'unassigned'], internalOnly: false, activity: 'update_external_id' },
  update_shared_device: { requires: ['notDecommissioned', 'unassigned'], internalOnly: false, activity: 'update_shared_device' },
  decommission_device: { requires: ['notDecommissioned', 'unassigned'], internalOnly: false, activity: 'decommission_device' },
  mark_received: { requires: ['notDecommissioned', 'pending'], internalOnly: false, activity: 'mark_received' },
  // Bulk edit of provider and location: only devices with no patient (spec 000 section 4.1).
  bulk_update: { requires: ['notDecommissioned', 'unassigned'], internalOnly: true, activity: 'update_tenant' },
};

/** Text of the refusal when a non-internal caller asks for an internal-only action. */
export const INTERNAL_ONLY_REFUSAL = 'Only internal users can do this';

/**
 * Why `action` may not be taken on `device` now, or null when it may.
 * @example deviceActionRefusal('assign_to_patient', {status: 'active', patient_id: 4, ...}) // 'Device is assigned to a patient'
 */
export function deviceActionRefusal(action: DeviceUpdateAction | DeviceBulkAction, device: DeviceFacts): string | null {
  const failed = DEVICE_ACTION_RULES[action].requires.find((name) => !PRECONDITIONS[name].holds(device));
  return failed ? PRECONDITIONS[failed].refusal : null;
}

/**
 * What POST devices/assign-shared-device needs of the device (spec 001 section 5: "Shared device:
 * device required, only devices marked shared"): in service, marked shared, and of a provider. The
 * device keeps no patient: the link is the patient's (patient_shared_devices), so `unassigned` is no condition.
 */
const SHARED_DEVICE_ASSIGNMENT: readonly Precondition[] = ['notDecommissioned', 'inService', 'shared', 'ownedByProvider'];

/**
 * Why `device` may not be linked to a patient as a shared device, or null when it may.
 * @example sharedDeviceRefusal({status: 'active', is_shared_device: false, ...}) // 'Device is not a shared device'
 */
export function sharedDeviceRefusal(device: DeviceFacts): string | null {
  const failed = SHARED_DEVICE_ASSIGNMENT.find((name) => !PRECONDITIONS[name].holds(device));
  return failed ? PRECONDITIONS[failed].refusal : null;
}

/** Whether a device can be picked for a bulk action in the list (spec 000 section 2.4). */
export function isBulkSelectable(device: DeviceFacts): boolean {
  return device.patient_id === null && device.status !== 'decommissioned';
}

/**
 * Why a device may not take part in a bulk action, or null: it must be one the list lets you
 * select (no patient, not decommissioned), then the action's own rule holds.
 * @example bulkActionRefusal('mark_received', {status: 'pending', patient_id: 4, ...}) // 'Device is assigned to a patient'
 */
export function bulkActionRefusal(action: DeviceBulkAction, device: DeviceFacts): string | null {
  const selectable = (['notDecommissioned', 'unassigned'] as const).find((name) => !PRECONDITIONS[name].holds(device));
  return selectable ? PRECONDITIONS[selectable].refusal : deviceActionRefusal(action, device);
}

/** Status a new device starts with (spec 000 section 4.1, single-device form). */
export function initialDeviceStatus(input: { device_received?: boolean; patient_id?: number | null }): DeviceStatus {
  return input.device_received || input.patient_id ? 'active' : 'inactive';
}

/**
 * Status of a new device whose request names none (the Tenovi form once received, a bulk list):
 * pending until it is received (spec 000 section 4.1), then as the single-device form says.
 */
export function defaultCreationStatus(input: { device_received?: boolean; patient_id?: number | null }): DeviceStatus {
  return input.device_received || input.patient_id ? initialDeviceStatus(input) : 'pending';
}

/** Patients a device may be given: only active or consented patients of the device's provider (spec 000 section 5). */
export const ASSIGNABLE_PATIENT_STATUSES = ['active', 'consented'] as const satisfies readonly PatientStatus[];

/**
 * One-time fee recorded when a device first goes to a customer (update_tenant or bulk_update to a
 * provider, or created for a provider). The spec names the fee (device_fee) but not its price; this
 * is the operator's list price in US dollars until providers carry their own.
 */
export const DEVICE_ONE_TIME_FEE = { fee_type: 'device_fee', amount: 49.0 } as const;

/** The kinds of one-time fee (spec 000 section 3); the migration's check lists the same. */
export const DEVICE_FEE_TYPES = [DEVICE_ONE_TIME_FEE.fee_type] as const;
