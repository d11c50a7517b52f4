import { sql, type Transaction } from 'kysely';
import { ASSIGNABLE_PATIENT_STATUSES } from '../../domain/deviceActions';
import type { DB } from '../db/schema';
import { invalid } from '../errors';
import type { Access } from '../resources/access';
import { TENANT_REFERENCE, visibleReference, type ReferenceTarget } from '../resources/references';

/**
 * What a device action reads of the rows it names, once the engine has checked that they are
 * within the caller's reach and of the device's provider: the rules the engine cannot know
 * (a patient's status, an active location) and the names the device's history shows. Each row is
 * read through the caller's reach (references.ts): a rule speaks only of rows the caller sees, and
 * any other row answers like a missing one.
 */

type Loc = readonly (string | number)[];

const PATIENT_NOT_ASSIGNABLE = 'Only active or consented patients can be given a device';
const LOCATION_NOT_ACTIVE = 'This location is not active';
export const SHARED_DEVICE_NO_PATIENT = 'A shared device cannot be assigned to a patient';
const PATIENT: ReferenceTarget = { table: 'patients', tenantColumn: 'tenant_id' };
const LOCATION: ReferenceTarget = { table: 'locations', tenantColumn: 'tenant_id' };

/** The patient's name, if the caller sees the patient (else 422 as missing) and it may be given a device (active or consented), else 422 at `loc`. */
export async function assignablePatientName(trx: Transaction<DB>, access: Access, patientId: number, loc: Loc): Promise<string> {
  const patient = await visibleReference(trx, access, PATIENT, patientId, loc, ['patient_status']);
  if (!(ASSIGNABLE_PATIENT_STATUSES as readonly unknown[]).includes(patient.patient_status)) throw invalid([...loc], PATIENT_NOT_ASSIGNABLE, 'patient_status');
  return patientName(trx, patientId);
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

/** The location's name, if the caller sees it (else 422 as missing) and a device may be put there (an active location: spec 000 section 5), else 422 at `loc`. */
export async function activeLocationName(trx: Transaction<DB>, access: Access, locationId: number, loc: Loc): Promise<string> {
  const location = await visibleReference(trx, access, LOCATION, locationId, loc, ['name', 'is_active']);
  if (!location.is_active) throw invalid([...loc], LOCATION_NOT_ACTIVE, 'inactive');
  return String(location.name);
}

/** The provider a location belongs to, or undefined when there is no such location. */
export async function locationTenant(trx: Transaction<DB>, locationId: number): Promise<number | undefined> {
  const location = await trx.selectFrom('locations').select('tenant_id').where('id', '=', locationId).executeTakeFirst();
  return location?.tenant_id;
}

/** The provider's name, if the caller reaches it, else 422 at `loc` as for any unknown reference. */
export async function providerName(trx: Transaction<DB>, access: Access, tenantId: number, loc: Loc): Promise<string> {
  return String((await visibleReference(trx, access, TENANT_REFERENCE, tenantId, loc, ['name'])).name);
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
