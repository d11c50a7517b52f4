import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { TestMeasurement } from '../../../../schemas/payloads/testMeasurement';
import type { DB } from '../../db/schema';
import { HttpError, invalid } from '../../errors';
import type { Caller } from '../../resources/caller';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { deviceActivities } from '../../resources/definitions/deviceActivities';
import { devices } from '../../resources/definitions/devices';
import { findRecord, visibleRows } from '../../resources/recordQuery';
import type { TestPatient } from './findTestPatient';
import { measurementValue } from './measurementValue';
import { refreshPatientMonthAt } from '../billing/monthLedger';

/** A reading may be dated a little ahead of the server's clock (a browser's clock drifts), not more. */
const CLOCK_SLACK_MS = 60_000;

/**
 * Records a measurement of the patient's assigned device of the type (the most recently assigned
 * one that is not decommissioned): a `measurement` event dated measurement_date (default now),
 * the device's first and last measurement, and the patient's last device activity, so that the
 * reading shows on the device's Measurements card and in the patient's lists.
 */
/** A first/last pair of columns widened to take in `at` (a reading older than the first, or newer than the last). */
const spanThrough = <F extends string, L extends string>(first: F, last: L, at: Date) =>
  ({
    [first]: sql<Date>`least(coalesce(${sql.ref(first)}, ${at}), ${at})`,
    [last]: sql<Date>`greatest(coalesce(${sql.ref(last)}, ${at}), ${at})`,
  }) as Record<F | L, RawBuilder<Date>>;

export async function addTestMeasurement(
  trx: Transaction<DB>,
  {
    request,
    caller,
    deviceCaller,
    patient,
    body,
  }: { request: FastifyRequest; caller: Caller; deviceCaller: Caller; patient: TestPatient; body: TestMeasurement },
) {
  const at = body.measurement_date === undefined ? new Date() : new Date(body.measurement_date);
  if (at.getTime() > Date.now() + CLOCK_SLACK_MS) throw invalid(['body', 'measurement_date'], 'The measurement date cannot be in the future', 'value_error');
  const device = await visibleRows(trx, devices, deviceCaller.access, (eb) =>
    eb.and([
      eb('t.patient_id', '=', patient.id),
      eb('t.device_type', '=', body.device_type),
      eb('t.status', 'not in', ['decommissioned', 'pending_return_to_manufacturer', 'returned_to_manufacturer']),
    ]),
  )
    .select(['t.id', 't.tenant_id'])
    .orderBy('t.assigned_on', (ob) => ob.desc().nullsLast())
    .orderBy('t.id', 'desc')
    .executeTakeFirst();
  if (!device) {
    throw new HttpError(422, `This patient has no ${body.device_type.replaceAll('_', ' ')} device assigned. Add one with Add Device first.`);
  }
  const { identity } = caller;
  const event = await trx
    .insertInto('device_activities')
    .values({
      device_id: device.id as number,
      tenant_id: device.tenant_id as number | null,
      patient_id: patient.id,
      activity_type: 'measurement',
      actor_id: identity.id,
      actor_name: identity.full_name,
      created_on: at,
      value: JSON.stringify(measurementValue(body.device_type, body, at.toISOString())),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('devices')
    .set(spanThrough('first_measurement', 'last_measurement', at))
    .where('id', '=', device.id as number)
    .execute();
  await trx
    .updateTable('patients')
    .set(spanThrough('first_device_activity', 'last_device_activity', at))
    .where('id', '=', patient.id)
    .execute();
  await refreshPatientMonthAt(trx, patient.id, at);
  const recorded = (await findRecord(trx, deviceActivities, deviceCaller.access, Number(event.id))) as Values;
  const updated = (await findRecord(trx, devices, deviceCaller.access, device.id as number)) as Values;
  await audit(trx, { request, identity, resource: deviceActivities, action: 'create', records: [recorded] });
  await audit(trx, { request, identity, resource: devices, action: 'update', records: [updated] });
  return recorded;
}
