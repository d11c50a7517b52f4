import { sql, type Transaction } from 'kysely';
import { ASSIGNABLE_PATIENT_STATUSES } from '../../domain/deviceActions';
import type { DB } from '../db/schema';
import { invalid } from '../errors';

/**
 * What a device action reads of the rows it names, once the engine has checked that they are
 * within the caller's reach and of the device's provider: the rules the engine cannot know
 * (a patient's status, an active location) and the names the device's history shows.
 */

type Loc = readonly (string | number)[];

const PATIENT_NOT_ASSIGNABLE = 'Only active or consented patients can be given a device';
const LOCATION_NOT_ACTIVE = 'This location is not active';
export const SHARED_DEVICE_NO_PATIENT = 'A shared device cannot be assigned to a patient';
const UNKNOWN = 'The referenced record does not exist';

/** The patient's name, if the patient may be given a device (active or consented), else 422 at `loc`. */
export async function assignablePatientName(trx: Transaction<DB>, patientId: number, loc: Loc): Promise<string> {
  const patient = await trx
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.patient_status', 'u.full_name'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!patient) throw invalid([...loc], UNKNOWN, 'foreign_key');
  if (!(ASSIGNABLE_PATIENT_STATUSES as readonly string[]).includes(patient.patient_status)) throw invalid([...loc], PATIENT_NOT_ASSIGNABLE, 'patient_status');
  return patient.full_name;
}

/** The name a device's history gives a patient. */
export async function patientName(trx: Transaction<DB>, patientId: number): Promise<string> {
  const patient = await trx
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('u.full_name')
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  return patient?.full_name ?? `patient ${patientId}`;
}

/** The location's name, if a device may be put there (an active location: spec 000 section 5), else 422 at `loc`. */
export async function activeLocationName(trx: Transaction<DB>, locationId: number, loc: Loc): Promise<string> {
  const location = await trx.selectFrom('locations').select(['name', 'is_active']).where('id', '=', locationId).executeTakeFirst();
  if (!location) throw invalid([...loc], UNKNOWN, 'foreign_key');
  if (!location.is_active) throw invalid([...loc], LOCATION_NOT_ACTIVE, 'inactive');
  return location.name;
}

/** The provider a location belongs to, or undefined when there is no such location. */
export async function locationTenant(trx: Transaction<DB>, locationId: number): Promise<number | undefined> {
  const location = await trx.selectFrom('locations').select('tenant_id').where('id', '=', locationId).executeTakeFirst();
  return location?.tenant_id;
}

/** The provider's name, else 422 at `loc` as for any unknown reference. */
export async function providerName(trx: Transaction<DB>, tenantId: number, loc: Loc): Promise<string> {
  const tenant = await trx.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) throw invalid([...loc], UNKNOWN, 'foreign_key');
  return tenant.name;
}

/** Keeps patients.has_device (a list filter) true exactly while the patient holds a device. */
export async function refreshHasDevice(trx: Transaction<DB>, patientIds: readonly number[]): Promise<void> {
  if (patientIds.length === 0) return;
  await trx
    .updateTable('patients')
    .set({ has_device: sql<boolean>`exists (select 1 from devices d where d.patient_id = patients.id)` })
    .where('id', 'in', patientIds)
    .execute();
}
