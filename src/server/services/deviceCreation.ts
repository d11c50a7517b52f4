import type { Insertable } from 'kysely';
import type { DeviceBulkCreation } from '../../../schemas/payloads/deviceCreation';
import { defaultCreationStatus, DEVICE_ACTION_RULES } from '../../domain/deviceActions';
import { GATEWAY_ID_FORMAT, gatewayIdError, normalizeGatewayId } from '../../domain/gatewayId';
import { IMEI_LIST_SAME_LENGTH } from '../../domain/imeiList';
import type { Devices } from '../db/schema';
import { invalid } from '../errors';
import { audit } from '../resources/audit';
import type { Values } from '../resources/defineResource';
import { devices } from '../resources/definitions/devices';
import { blankToNull } from './deviceActionPlans';
import { recordDeviceEvent } from './deviceEvents';
import { chargeFirstDeviceFees } from './deviceFees';
import { readDevices, type DeviceRecord } from './deviceRecords';
import { activeLocationName, assignablePatientName, refreshHasDevice, SHARED_DEVICE_NO_PATIENT } from './deviceReferences';
import { auditDevices, checkDeviceWrite, type DeviceWrite } from './deviceWrite';
import { activateIfReady } from './patientStatus/activation';

const isObject = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Tenovi gateway id of misc_data.device.hardware_uuid (spec 000 section 5): checked with the
 * console's rule and saved without dashes. A tenovi_gateway device needs one; any other device may
 * carry one (the gateway it pairs with) or none.
 */
function withGatewayId(values: Values, at: readonly string[]): Values {
  const misc = values.misc_data === undefined ? {} : values.misc_data;
  const loc = [...at, 'misc_data', 'device', 'hardware_uuid'];
  if (!isObject(misc)) return values;
  if (misc.device !== undefined && !isObject(misc.device)) throw invalid([...at, 'misc_data', 'device'], 'Input should be an object', 'object_type');
  const raw = misc.device?.hardware_uuid;
  if ((raw === undefined || raw === null) && values.device_type !== 'tenovi_gateway') return values;
  const error = raw === undefined || raw === null || typeof raw === 'string' ? gatewayIdError(raw) : GATEWAY_ID_FORMAT;
  if (error) throw invalid(loc, error);
  return { ...values, misc_data: { ...misc, device: { ...misc.device, hardware_uuid: normalizeGatewayId(raw as string) } } };
}

/**
 * The columns of a new device: an empty IMEI is none, the status is pending until received unless
 * the request names one (spec 000 section 4.1), a device named received is received; then the
 * engine's tenancy (a provider user's device goes to their own tenant; a location or patient of
 * the device's provider within reach) and the device rules (an active location; an active or
 * consented patient; a shared device has no patient).
 */
async function newDeviceValues(w: DeviceWrite, body: Values): Promise<Values> {
  const patientId = (body.patient_id as number | null | undefined) ?? null;
  if (patientId !== null && body.is_shared_device === true) throw invalid([...w.at, 'patient_id'], SHARED_DEVICE_NO_PATIENT);
  const received = body.device_received as boolean | undefined;
  const status = (body.status as string | null | undefined) ?? defaultCreationStatus({ device_received: received, patient_id: patientId });
  const values = await checkDeviceWrite(
    w,
    {
      ...body,
      external_id: blankToNull(body.external_id as string | null | undefined),
      status,
      device_received: received ?? status !== 'pending',
      ...(patientId !== null ? { assigned_on: new Date() } : {}),
    },
    null,
  );
  if (patientId !== null) await assignablePatientName(w.trx, w.caller.access, patientId, [...w.at, 'patient_id']);
  if (typeof values.location_id === 'number') await activeLocationName(w.trx, w.caller.access, values.location_id, [...w.at, 'location_id']);
  return values;
}

/**
 * POST /devices (the single-device form, or the Tenovi form with its gateway id): the device, its
 * fee when it is created for a provider, and, when it is created with a patient, the
 * assign_to_patient event that the patient's device history shows. Creation itself leaves no event:
 * added_on tells it.
 */
export async function createDevice(w: DeviceWrite, body: Values): Promise<DeviceRecord> {
  const values = await newDeviceValues(w, withGatewayId(body, w.at));
  const id = await devices.store.insert(w.trx, values);
  const [created] = await readDevices(w.trx, w.caller.access, [id]);
  if (!created) throw new Error(`device ${id} is out of its creator's reach`);
  await chargeFirstDeviceFees(w.trx, [created]);
  if (created.patient_id !== null) {
    const name = await assignablePatientName(w.trx, w.caller.access, created.patient_id, [...w.at, 'patient_id']);
    await refreshHasDevice(w.trx, [created.patient_id]);
    await recordDeviceEvent(w.trx, w.caller.identity, {
      device_id: id,
      tenant_id: created.tenant_id,
      patient_id: created.patient_id,
      activity_type: DEVICE_ACTION_RULES.assign_to_patient.activity,
      value: { patient_id: created.patient_id, patient_name: name, message: `Assigned to patient ${name}` },
    });
  }
  await auditDevices(w, 'create', [created]);
  // As for an assignment: a consented patient who lacked only a device becomes active now.
  if (created.patient_id !== null) await activateIfReady(w.trx, created.patient_id, w.caller.identity);
  return created;
}

/**
 * The IMEIs of a pasted list: trimmed, blanks dropped, each once, all of one length (spec 000
 * section 5). The console splits the list; an item still holding a separator was not split.
 */
function imeiList(raw: readonly string[], at: readonly string[]): string[] {
  const unsplit = raw.findIndex((imei) => /[\s,;|]/.test(imei.trim()));
  if (unsplit >= 0) throw invalid([...at, 'external_ids', unsplit], 'One IMEI per item: no spaces, commas, semicolons or pipes', 'unsplit');
  const imeis = [...new Set(raw.map((imei) => imei.trim()).filter((imei) => imei !== ''))];
  if (imeis.length === 0) throw invalid([...at, 'external_ids'], 'Field required', 'missing');
  if (imeis.some((imei) => imei.length !== imeis[0]?.length)) throw invalid([...at, 'external_ids'], IMEI_LIST_SAME_LENGTH, 'same_length');
  return imeis;
}

/**
 * POST /devices/bulk: one device per IMEI of the list, all alike; an IMEI already in use (by any
 * device, of any provider) is not created but answered in existing_imeis, in the list's order.
 * One audit row names every device created.
 */
export async function createDevices(w: DeviceWrite, body: DeviceBulkCreation): Promise<{ created_devices: DeviceRecord[]; existing_imeis: string[] }> {
  const { external_ids, ...common } = body;
  const imeis = imeiList(external_ids, w.at);
  const values = await newDeviceValues(w, common);
  const rows = imeis.map((external_id) => ({ ...values, external_id }) as Insertable<Devices>);
  const inserted = await w.trx
    .insertInto('devices')
    .values(rows)
    .onConflict((oc) => oc.column('external_id').doNothing())
    .returning(['id', 'external_id'])
    .execute();
  const createdImeis = new Set(inserted.map((row) => row.external_id));
  const created = await readDevices(
    w.trx,
    w.caller.access,
    inserted.map((row) => row.id),
  );
  await chargeFirstDeviceFees(w.trx, created);
  if (created.length) await audit(w.trx, { request: w.request, identity: w.caller.identity, resource: devices, action: 'create', records: created });
  return { created_devices: created, existing_imeis: imeis.filter((imei) => !createdImeis.has(imei)) };
}
