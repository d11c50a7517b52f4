import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LocationDetails } from '../../../../schemas/entities/locationDetails';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import type { Access } from '../../resources/access';
import { callerFor } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { devices } from '../../resources/definitions/devices';
import { locations } from '../../resources/definitions/locations';
import { findRecord, visibleRows } from '../../resources/recordQuery';

type Counts = Pick<LocationDetails, 'total_devices' | 'total_inactive_devices' | 'pending_device_count' | 'device_count_table'>;

/**
 * The device counts of a location (spec 002 section 3, Location "Details"), over the devices the
 * caller reaches: one grouped query, folded into the totals and the table (by type, manufacturer
 * and model, in that order). "Inactive" is the status `inactive`: a device on the shelf, not one
 * inactive with a patient.
 */
async function locationDeviceCounts(db: Kysely<DB>, deviceAccess: Access, locationId: number): Promise<Counts> {
  const groups = await visibleRows(db, devices, deviceAccess, (eb) => eb('t.location_id', '=', locationId))
    .select((eb) => ['t.device_type', 't.device_manufacturer', 't.device_model', 't.status', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['t.device_type', 't.device_manufacturer', 't.device_model', 't.status'])
    .execute();

  const counts: Counts = { total_devices: 0, total_inactive_devices: 0, pending_device_count: 0, device_count_table: [] };
  const table = new Map<string, Counts['device_count_table'][number]>();
  for (const group of groups as Values[]) {
    const count = Number(group.count);
    counts.total_devices += count;
    if (group.status === 'inactive') counts.total_inactive_devices += count;
    if (group.status === 'pending') counts.pending_device_count += count;
    const key = JSON.stringify([group.device_type, group.device_manufacturer, group.device_model]);
    const row = table.get(key) ?? {
      device_type: group.device_type as Counts['device_count_table'][number]['device_type'],
      device_manufacturer: group.device_manufacturer as Counts['device_count_table'][number]['device_manufacturer'],
      device_model: (group.device_model as string | null) ?? null,
      count: 0,
    };
    row.count += count;
    table.set(key, row);
  }
  const text = (value: string | null) => value ?? '';
  counts.device_count_table = [...table.values()].sort(
    (a, b) =>
      a.device_type.localeCompare(b.device_type) ||
      a.device_manufacturer.localeCompare(b.device_manufacturer) ||
      text(a.device_model).localeCompare(text(b.device_model)),
  );
  return counts;
}

/** GET locations/{id}/details: the location if the caller may read it (else 404), with the counts of the devices there that the caller lists. */
export async function locationDetails(db: Kysely<DB>, request: FastifyRequest, locationId: number) {
  const location = await findRecord(db, locations, callerFor(request, locations, 'read').access, locationId);
  if (!location) throw notFound();
  return { ...location, ...(await locationDeviceCounts(db, callerFor(request, devices, 'list').access, locationId)) };
}
