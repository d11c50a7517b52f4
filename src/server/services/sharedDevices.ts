import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SharedDeviceAssignment } from '../../../schemas/payloads/sharedDeviceAssignment';
import { DEVICE_ACTION_RULES, sharedDeviceRefusal } from '../../domain/deviceActions';
import type { DB } from '../db/schema';
import { HttpError, notFound } from '../errors';
import type { Access } from '../resources/access';
import { auditPatients } from '../resources/audit';
import type { Caller } from '../resources/caller';
import { devices } from '../resources/definitions/devices';
import { patients } from '../resources/definitions/patients';
import { recordColumns, toRecord, visibleRows } from '../resources/recordQuery';
import { recordDeviceEvent } from './deviceEvents';
import { lockDevices, type DeviceRecord } from './deviceRecords';
import { assignablePatientName } from './deviceReferences';
import { activateIfReady } from './patientStatus/activation';

/** A shared device as the patient's list shows it: the device record, with when and by whom it was linked. */
interface SharedDeviceRecord extends DeviceRecord {
  assigned_on: Date;
  assigned_by_id: number | null;
}

/** The audit rows' name for a patient's shared-device links (one per patient, see auditPatients). */
const AUDITED_AS = 'patient-shared-devices';
const OTHER_PROVIDER_DEVICE = "The device belongs to another provider than the patient's";

/** The patient's id and provider if the access reaches the patient, else 404. */
async function reachablePatient(db: Kysely<DB>, access: Access, patientId: number): Promise<{ id: number; tenant_id: number }> {
  const patient = await visibleRows(db, patients, access, (eb) => eb('t.id', '=', patientId))
    .select(['t.id', 't.tenant_id'])
    .executeTakeFirst();
  if (!patient) throw notFound();
  return patient;
}

/** One patient's shared devices that the access reaches, newest link first. */
async function linkedDevices(db: Kysely<DB>, access: Access, patientId: number, deviceId?: number): Promise<SharedDeviceRecord[]> {
  let query = visibleRows(db, devices, access)
    .innerJoin('patient_shared_devices as l', 'l.device_id', 't.id')
    .where('l.patient_id', '=', patientId)
    .select((eb) => [...recordColumns(eb, devices), eb.ref('l.assigned_on').as('link_assigned_on'), eb.ref('l.assigned_by_id').as('link_assigned_by_id')]);
  if (deviceId !== undefined) query = query.where('t.id', '=', deviceId);
  const rows = await query.orderBy('l.assigned_on', 'desc').orderBy('t.id', 'desc').execute();
  return rows.map((row) => ({
    ...(toRecord(row, devices) as DeviceRecord),
    assigned_on: row.link_assigned_on as Date,
    assigned_by_id: row.link_assigned_by_id as number | null,
  }));
}

/** The caller's reach over the patient (patients.update to link, .read to list) and over devices (devices.read to link, .list to list). */
interface SharedDeviceCallers {
  patient: Caller;
  device: Caller;
}

/**
 * POST devices/assign-shared-device: links a shared device to a patient (spec 001 sections 5 and
 * 9) in the caller's transaction. A patient or device out of reach is 404; the device rules
 * (`sharedDeviceRefusal`: in service, marked shared, of a provider) and a device of another provider
 * than the patient's are 422 `{detail}`; a patient who may not be given a device (not active or
 * consented) is 422 at body.patient_id. Linking again renews assigned_on. Each link writes the
 * device's assign_to_patient event, an audit row for the patient, and may complete the patient's
 * activation. Answers the linked device and whether the link is new.
 */
export async function assignSharedDevice(
  trx: Transaction<DB>,
  request: FastifyRequest,
  callers: SharedDeviceCallers,
  body: SharedDeviceAssignment,
): Promise<{ device: SharedDeviceRecord; created: boolean }> {
  const identity = callers.patient.identity;
  const patient = await reachablePatient(trx, callers.patient.access, body.patient_id);
  const [device] = await lockDevices(trx, callers.device.access, [body.device_id]);
  if (!device) throw notFound();
  const refusal = sharedDeviceRefusal(device);
  if (refusal) throw new HttpError(422, refusal);
  if (device.tenant_id !== patient.tenant_id) throw new HttpError(422, OTHER_PROVIDER_DEVICE);
  const name = await assignablePatientName(trx, callers.patient.access, patient.id, ['body', 'patient_id']);

  const existing = await trx
    .selectFrom('patient_shared_devices')
    .select('device_id')
    .where('patient_id', '=', patient.id)
    .where('device_id', '=', device.id)
    .executeTakeFirst();
  await trx
    .insertInto('patient_shared_devices')
    .values({ patient_id: patient.id, device_id: device.id, assigned_by_id: identity.id })
    .onConflict((oc) => oc.columns(['patient_id', 'device_id']).doUpdateSet({ assigned_on: sql<Date>`now()`, assigned_by_id: identity.id }))
    .execute();
  await recordDeviceEvent(trx, identity, {
    device_id: device.id,
    tenant_id: device.tenant_id,
    patient_id: patient.id,
    activity_type: DEVICE_ACTION_RULES.assign_to_patient.activity,
    value: { patient_id: patient.id, patient_name: name, is_shared_device: true, message: `Shared device linked to patient ${name}` },
  });
  await auditPatients(trx, {
    request,
    identity,
    resource: AUDITED_AS,
    action: existing ? 'update' : 'create',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: `${device.id}:${patient.id}` }],
  });
  await activateIfReady(trx, patient.id, identity);
  const [linked] = await linkedDevices(trx, callers.device.access, patient.id, device.id);
  if (!linked) throw notFound();
  return { device: linked, created: !existing };
}

/**
 * GET patients/{id}/assigned-shared-devices: the shared devices linked to a patient that the
 * caller's devices.list reaches, newest link first, each with the link's assigned_on and
 * assigned_by_id. The patient must be readable (else 404); the read is audited for the patient.
 */
export async function listSharedDevices(
  db: Kysely<DB>,
  request: FastifyRequest,
  callers: SharedDeviceCallers,
  patientId: number,
): Promise<SharedDeviceRecord[]> {
  const patient = await reachablePatient(db, callers.patient.access, patientId);
  const linked = await linkedDevices(db, callers.device.access, patient.id);
  await auditPatients(db, {
    request,
    identity: callers.patient.identity,
    resource: AUDITED_AS,
    action: 'list',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: linked.map((d) => d.id).join(',') }],
  });
  return linked;
}
