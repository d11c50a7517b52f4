import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import type { Caller } from '../../resources/caller';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { deviceActivities } from '../../resources/definitions/deviceActivities';
import { devices } from '../../resources/definitions/devices';
import { locations } from '../../resources/definitions/locations';
import { patients } from '../../resources/definitions/patients';
import { findRecord } from '../../resources/recordQuery';
import { TENANT_REFERENCE, visibleReference } from '../../resources/references';

interface OwnerChange {
  request: FastifyRequest;
  caller: Caller;
  locationId: number;
  tenantId: number;
}

interface Move extends Omit<OwnerChange, 'locationId'> {
  location: Values;
}

/**
 * PATCH locations/{id}/set-owner, in the caller's transaction: the location if the caller may
 * update it (else 404) moves to the provider with what sits at it; answers the location as it is now.
 */
export async function setLocationOwner(trx: Transaction<DB>, { locationId, ...change }: OwnerChange): Promise<Values | undefined> {
  const location = await findRecord(trx, locations, change.caller.access, locationId);
  if (!location) throw notFound();
  await moveLocation(trx, { ...change, location });
  return findRecord(trx, locations, change.caller.access, locationId);
}

/**
 * Gives a location to another provider (spec 002 section 7). What sits at the location follows
 * the rule that a device's location and a patient's facility belong to their own provider:
 * - devices without a patient move with the location to the new provider (an `update_tenant`
 *   event each); they were already a provider's, so no first-time device fee applies;
 * - devices with a patient stay with the patient's provider and leave the location (a
 *   `set_location` event each);
 * - patients of the old provider whose facility it was lose that facility.
 * Every changed device, event and patient is audited like an engine write.
 */
async function moveLocation(trx: Transaction<DB>, { request, caller, location, tenantId }: Move): Promise<void> {
  const target = await visibleReference(trx, caller.access, TENANT_REFERENCE, tenantId, ['body', 'tenant_id'], ['is_active']);
  if (!target.is_active) throw invalid(['body', 'tenant_id'], 'This provider is not active', 'inactive');
  const from = location.tenant_id as number;
  const locationId = location.id as number;
  if (from === tenantId) return;

  await trx.updateTable('locations').set({ tenant_id: tenantId }).where('id', '=', locationId).execute();
  const { identity } = caller;
  const actor = { actor_id: identity.id, actor_name: identity.full_name };
  const writeAudit = (resource: typeof devices, action: 'create' | 'update', records: Values[], before?: Values) =>
    audit(trx, { request, identity, resource, action, records, ...(before ? { before } : {}) });

  const moved = await trx
    .updateTable('devices')
    .set({ tenant_id: tenantId })
    .where('location_id', '=', locationId)
    .where('patient_id', 'is', null)
    .returningAll()
    .execute();
  const detached = await trx
    .updateTable('devices')
    .set({ location_id: null })
    .where('location_id', '=', locationId)
    .where('patient_id', 'is not', null)
    .returningAll()
    .execute();
  const events = [
    ...moved.map((device) => ({
      device_id: device.id,
      tenant_id: tenantId,
      patient_id: null,
      activity_type: 'update_tenant',
      value: JSON.stringify({ tenant_id: { from, to: tenantId }, location_id: locationId, message: 'Moved with its location to another provider' }),
      ...actor,
    })),
    ...detached.map((device) => ({
      device_id: device.id,
      tenant_id: device.tenant_id,
      patient_id: device.patient_id,
      activity_type: 'set_location',
      value: JSON.stringify({ location_id: { from: locationId, to: null }, message: 'Its location moved to another provider' }),
      ...actor,
    })),
  ];
  const written = events.length ? await trx.insertInto('device_activities').values(events).returningAll().execute() : [];
  for (const device of [...moved, ...detached]) await writeAudit(devices, 'update', [device]);
  for (const event of written) await writeAudit(deviceActivities, 'create', [event]);

  const patientsLeft = await trx
    .updateTable('patients')
    .set({ facility_location_id: null })
    .where('facility_location_id', '=', locationId)
    .where('tenant_id', '<>', tenantId)
    .returning(['id', 'tenant_id'])
    .execute();
  for (const patient of patientsLeft) await writeAudit(patients, 'update', [patient]);
}
