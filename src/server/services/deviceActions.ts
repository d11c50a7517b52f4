import type { DeviceActionBody, DeviceBulkActionBody } from '../../../schemas/payloads/deviceActions';
import { bulkActionRefusal, DEVICE_ACTION_RULES, deviceActionRefusal, INTERNAL_ONLY_REFUSAL } from '../../domain/deviceActions';
import { forbidden, HttpError, notFound } from '../errors';
import { devices } from '../resources/definitions/devices';
import { chargeFirstDeviceFees } from './deviceFees';
import { planDeviceAction, type DeviceChange } from './deviceActionPlans';
import { recordDeviceEvent } from './deviceEvents';
import { lockDevices, readDevices, type DeviceRecord } from './deviceRecords';
import { refreshHasDevice } from './deviceReferences';
import { auditDevices, checkDeviceWrite, type DeviceWrite } from './deviceWrite';
import { activateIfReady } from './patientStatus/activation';

/**
 * Takes one update_action on one device the caller reaches (loaded by lockDevices): refuses what
 * the device rules refuse (403 `Only internal users can do this`, or 422 with the rule's text,
 * named `Device {id}: ...` in a bulk update), checks the change through the engine's tenancy and
 * reference rules, then writes the device, its first fee, one event in its history and the audit
 * row, all in the caller's transaction; a patient given the device may become active there too.
 * Returns the device as it is after.
 */
async function applyDeviceAction(w: DeviceWrite, device: DeviceRecord, change: DeviceChange, { bulk = false } = {}): Promise<DeviceRecord> {
  const rule = DEVICE_ACTION_RULES[change.update_action];
  if (rule.internalOnly && !w.caller.identity.is_internal) throw forbidden(INTERNAL_ONLY_REFUSAL);
  const refusal = bulk
    ? bulkActionRefusal(change.update_action as DeviceBulkActionBody['update_action'], device)
    : deviceActionRefusal(change.update_action, device);
  if (refusal) throw new HttpError(422, bulk ? `Device ${device.id}: ${refusal}` : refusal);

  const plan = await planDeviceAction(w, device, change);
  const values = await checkDeviceWrite(w, plan.values, device, plan.fieldsAt);
  const event = await plan.describe();
  await devices.store.update(w.trx, device.id, values);

  const [after] = await readDevices(w.trx, w.caller.access, [device.id]);
  if (!after) throw notFound();
  if (after.tenant_id !== device.tenant_id) await chargeFirstDeviceFees(w.trx, [after]);
  await refreshHasDevice(w.trx, plan.patients ?? []);
  await recordDeviceEvent(w.trx, w.caller.identity, {
    device_id: device.id,
    tenant_id: after.tenant_id,
    // An unassignment stays in the history of the patient the device left.
    patient_id: change.update_action === 'unassign_patient' ? device.patient_id : after.patient_id,
    activity_type: rule.activity,
    value: event,
  });
  await auditDevices(w, 'update', [after], device);
  // A consented patient whose last missing item was a device becomes active in the same transaction (spec 001 section 4).
  if (change.update_action === 'assign_to_patient' && after.patient_id !== null) await activateIfReady(w.trx, after.patient_id, w.caller.identity);
  return after;
}

/** PUT devices/{id}: the action on one device the caller reaches (else 404), locked until the transaction ends. */
export async function applyDeviceActionById(w: DeviceWrite, id: number, change: DeviceActionBody): Promise<DeviceRecord> {
  const [device] = await lockDevices(w.trx, w.caller.access, [id]);
  if (!device) throw notFound();
  return applyDeviceAction(w, device, change);
}

/**
 * The bulk update `PUT devices {ids, data}`: every device must be within reach (else 404 and
 * nothing changes), and one device the rules refuse refuses the whole call; the caller's
 * transaction makes it all or nothing. Returns the devices after, in id order.
 */
export async function applyBulkDeviceAction(w: DeviceWrite, ids: readonly number[], change: DeviceBulkActionBody): Promise<DeviceRecord[]> {
  const unique = [...new Set(ids)];
  const found = await lockDevices(w.trx, w.caller.access, unique);
  if (found.length !== unique.length) throw notFound();
  const updated: DeviceRecord[] = [];
  for (const device of found) updated.push(await applyDeviceAction(w, device, change, { bulk: true }));
  return updated;
}
