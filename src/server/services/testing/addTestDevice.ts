import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { TestDevice } from '../../../../schemas/payloads/testDevice';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';
import type { Caller } from '../../resources/caller';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { deviceActivities } from '../../resources/definitions/deviceActivities';
import { devices } from '../../resources/definitions/devices';
import { findRecord } from '../../resources/recordQuery';
import type { TestPatient } from './findTestPatient';

/** The answer to a second device with the same IMEI, as the console words a duplicate (spec 000 section 8). */
const DEVICE_EXISTS = 'Device already exists.';

/** A made-up IMEI for a test device: 15 digits starting 990, unlikely to meet a real one. */
const testImei = () => `990${String(randomInt(0, 1_000_000_000_000)).padStart(12, '0')}`;

/**
 * Creates a test device of a type for a patient's provider and assigns it to the patient
 * (status active, received, assigned now), with the assign_to_patient event and the audit rows.
 * Test devices carry no provider fee: they are not shipped hardware.
 */
export async function addTestDevice(
  trx: Transaction<DB>,
  { request, caller, patient, body }: { request: FastifyRequest; caller: Caller; patient: TestPatient; body: TestDevice },
) {
  const externalId = body.external_id ?? testImei();
  const taken = await trx.selectFrom('devices').select('id').where('external_id', '=', externalId).executeTakeFirst();
  if (taken) throw conflict(DEVICE_EXISTS);
  const now = new Date();
  const { identity } = caller;
  const device = await trx
    .insertInto('devices')
    .values({
      external_id: externalId,
      device_manufacturer: 'other',
      device_type: body.device_type,
      device_model: 'Test device',
      tenant_id: patient.tenant_id,
      patient_id: patient.id,
      status: 'active',
      assigned_on: now,
      device_received: true,
      misc_data: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await trx
    .insertInto('device_activities')
    .values({
      device_id: device.id,
      tenant_id: patient.tenant_id,
      patient_id: patient.id,
      activity_type: 'assign_to_patient',
      actor_id: identity.id,
      actor_name: identity.full_name,
      created_on: now,
      value: JSON.stringify({ patient_id: patient.id, patient_name: patient.full_name, message: 'Added from the Testing page' }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.updateTable('patients').set({ has_device: true }).where('id', '=', patient.id).execute();
  const created = (await findRecord(trx, devices, caller.access, device.id)) as Values;
  await audit(trx, { request, identity, resource: devices, action: 'create', records: [created] });
  await audit(trx, { request, identity, resource: deviceActivities, action: 'create', records: [event] });
  return created;
}
