import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { DEVICE_ACTION_RULES, deviceActionRefusal } from '../../../domain/deviceActions';
import type { DB } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Identity } from '../../plugins/identity';
import { audit } from '../../resources/audit';
import { devices } from '../../resources/definitions/devices';
import { recordDeviceEvent } from '../deviceEvents';

/** The unassign reason an unenrolment gives each device (spec 000 section 5's reasons). */
const UNENROLLED = { reason: 'patient_unenrolled', notes: 'Patient unenrolled' } as const;

/**
 * Unassigns every device of a patient being unenrolled, in the caller's transaction, by the device
 * rules (src/domain/deviceActions.ts): a device the rules refuse stops the whole unenrolment with
 * 422 `Device {id}: <refusal>` before anything is written. Each device gets its unassign_patient
 * event (keeping the patient it left) and its audit row. Returns how many were unassigned.
 */
export async function unassignPatientDevices(trx: Transaction<DB>, request: FastifyRequest, identity: Identity, patientId: number): Promise<number> {
  const assigned = await trx.selectFrom('devices').selectAll().where('patient_id', '=', patientId).orderBy('id').forUpdate().execute();
  for (const device of assigned) {
    const refusal = deviceActionRefusal('unassign_patient', device);
    if (refusal) throw new HttpError(422, `Device ${device.id}: ${refusal}`);
  }
  for (const device of assigned) {
    await trx.updateTable('devices').set({ patient_id: null }).where('id', '=', device.id).execute();
    await recordDeviceEvent(trx, identity, {
      device_id: device.id,
      tenant_id: device.tenant_id,
      patient_id: patientId,
      activity_type: DEVICE_ACTION_RULES.unassign_patient.activity,
      value: { message: 'Unassigned from patient: patient unenrolled', patient_id: { from: patientId, to: null }, unassign_device_reason: UNENROLLED },
    });
    await audit(trx, {
      request,
      identity,
      resource: devices,
      action: 'update',
      records: [{ ...device, patient_id: null }],
      before: device,
    });
  }
  if (assigned.length > 0) await trx.updateTable('patients').set({ has_device: false }).where('id', '=', patientId).execute();
  return assigned.length;
}
