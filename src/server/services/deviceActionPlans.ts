import type { DeviceActionBody, DeviceBulkActionBody } from '../../../schemas/payloads/deviceActions';
import type { Values } from '../resources/defineResource';
import type { DeviceRecord } from './deviceRecords';
import { activeLocationName, assignablePatientName, locationTenant, patientName, providerName } from './deviceReferences';
import type { DeviceWrite } from './deviceWrite';

/** An update_action with its fields, from `PUT devices/{id}` or from the data of a bulk update. */
export type DeviceChange = DeviceActionBody | DeviceBulkActionBody;
type ChangeOf<A extends DeviceChange['update_action']> = Extract<DeviceChange, { update_action: A }>;

/** What an action does to one device that the rules allow. */
export interface DevicePlan {
  /** The device columns to write; the engine checks their tenancy and references first. */
  values: Values;
  /** Where a column sits in the request when not at its own name. */
  fieldsAt?: Record<string, readonly string[]>;
  /** After the engine's checks: the action's own checks, then the event's value (what changed, and a message). */
  describe(): Promise<Record<string, unknown>>;
  /** Patients whose has_device may change. */
  patients?: number[];
}

type Planner<A extends DeviceChange['update_action']> = (w: DeviceWrite, device: DeviceRecord, change: ChangeOf<A>) => Promise<DevicePlan>;

const words = (code: string) => code.replace(/_/g, ' ');
const change = <T>(from: T, to: T) => ({ from, to });
/** An IMEI or invoice item as stored: trimmed, and an empty one is none (spec 000 section 5: "An empty IMEI becomes null"). */
export const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * A move of provider and/or location (update_tenant, set_location, bulk_update). A new provider
 * clears a location that belongs to another provider; `announce` names the part the event always tells.
 */
async function movePlan(
  w: DeviceWrite,
  device: DeviceRecord,
  target: { tenant_id?: number | null; location_id?: number | null },
  announce: 'tenant' | 'location' | null,
): Promise<DevicePlan> {
  const tenantId = target.tenant_id !== undefined ? target.tenant_id : device.tenant_id;
  const keepsLocation = device.location_id !== null && (await locationTenant(w.trx, device.location_id)) === tenantId;
  const locationId = target.location_id !== undefined ? target.location_id : keepsLocation ? device.location_id : null;
  return {
    values: { ...(target.tenant_id !== undefined ? { tenant_id: tenantId } : {}), location_id: locationId },
    async describe() {
      const event: Record<string, unknown> = {};
      const messages: string[] = [];
      if (announce === 'tenant' || tenantId !== device.tenant_id) {
        event.tenant_id = change(device.tenant_id, tenantId);
        messages.push(
          tenantId === null ? 'Returned to inventory' : `Assigned to customer ${await providerName(w.trx, w.caller.access, tenantId, [...w.at, 'tenant_id'])}`,
        );
      }
      if (announce === 'location' || locationId !== device.location_id) {
        event.location_id = change(device.location_id, locationId);
        messages.push(
          locationId === null
            ? 'Location cleared'
            : `Location set to ${await activeLocationName(w.trx, w.caller.access, locationId, [...w.at, 'location_id'])}`,
        );
      }
      return { ...event, message: messages.join('; ') || 'No change' };
    },
  };
}

/** One planner per action (spec 000 section 4.1); the device rules have allowed the action before. */
const PLANNERS: { [A in DeviceChange['update_action']]: Planner<A> } = {
  update_tenant: (w, device, { tenant_id }) => movePlan(w, device, { tenant_id }, 'tenant'),
  set_location: (w, device, { location_id }) => movePlan(w, device, { location_id }, 'location'),
  bulk_update: (w, device, { tenant_id, location_id }) =>
    movePlan(w, device, { ...(tenant_id !== undefined ? { tenant_id } : {}), ...(location_id !== undefined ? { location_id } : {}) }, null),

  // Assigning changes nothing else (spec 000 section 4.1) but the time it was assigned.
  assign_to_patient: async (w, _device, { patient_id }) => ({
    values: { patient_id, assigned_on: new Date() },
    patients: [patient_id],
    async describe() {
      const name = await assignablePatientName(w.trx, w.caller.access, patient_id, [...w.at, 'patient_id']);
      return { patient_id, patient_name: name, message: `Assigned to patient ${name}` };
    },
  }),

  // A device back from a patient is no longer "inactive with patient"; a returned one is at the location it came back to.
  unassign_patient: async (w, device, { unassign_device_reason: reason }) => {
    const returnedTo = reason.is_device_returned ? (reason.returned_to_location_id ?? null) : null;
    const patientId = device.patient_id as number;
    const notes = blankToNull(reason.notes);
    return {
      values: {
        patient_id: null,
        assigned_on: null,
        ...(returnedTo !== null ? { location_id: returnedTo } : {}),
        ...(device.status === 'inactive_with_patient' ? { status: 'inactive' } : {}),
      },
      fieldsAt: { location_id: ['unassign_device_reason', 'returned_to_location_id'] },
      patients: [patientId],
      async describe() {
        const returned =
          returnedTo === null
            ? ''
            : `; returned to ${await activeLocationName(w.trx, w.caller.access, returnedTo, [...w.at, 'unassign_device_reason', 'returned_to_location_id'])}`;
        const name = await patientName(w.trx, patientId);
        return {
          patient_id: patientId,
          patient_name: name,
          unassign_device_reason: { ...reason, notes },
          message: `Unassigned from patient ${name} (${words(reason.reason)})${returned}`,
        };
      },
    };
  },

  update_external_id: async (_w, device, { external_id }) => {
    const to = blankToNull(external_id);
    return {
      values: { external_id: to },
      describe: async () => ({
        external_id: change(device.external_id, to),
        message: `External ID changed from ${device.external_id ?? 'none'} to ${to ?? 'none'}`,
      }),
    };
  },

  update_shared_device: async (_w, _device, { is_shared_device }) => ({
    values: { is_shared_device },
    describe: async () => ({ is_shared_device, message: is_shared_device ? 'Marked as a shared device' : 'Marked as not shared' }),
  }),

  decommission_device: async (_w, device, { status }) => ({
    values: { status, patient_id: null },
    describe: async () => ({
      status: change(device.status, status),
      message: status === 'decommissioned' ? 'Decommissioned' : `Status set to ${words(status)}`,
    }),
  }),

  mark_received: async (_w, device) => ({
    values: { status: 'inactive', device_received: true },
    describe: async () => ({ status: change(device.status, 'inactive'), device_received: true, message: 'Marked as received' }),
  }),

  set_invoice_item_id: async (_w, device, { customer_invoice_item_id }) => {
    const to = blankToNull(customer_invoice_item_id);
    return {
      values: { customer_invoice_item_id: to },
      describe: async () => ({
        customer_invoice_item_id: change(device.customer_invoice_item_id, to),
        message: to === null ? 'Marked as not paid' : `Marked as paid (invoice item ${to})`,
      }),
    };
  },
};

/** What `change` does to `device`. */
export function planDeviceAction(w: DeviceWrite, device: DeviceRecord, change: DeviceChange): Promise<DevicePlan> {
  const planner = PLANNERS[change.update_action] as Planner<DeviceChange['update_action']>;
  return planner(w, device, change);
}
