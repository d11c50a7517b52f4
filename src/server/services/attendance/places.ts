import type { Kysely, Selectable } from 'kysely';
import type { Attendances, DB } from '../../db/schema';
import { notFound } from '../../errors';
import type { Access } from '../../resources/access';
import { attendances } from '../../resources/definitions/attendances';
import { findRecord } from '../../resources/recordQuery';
import type { Geolocation } from '../geolocation/geolocation';

interface End {
  time: Date | string | null;
  latitude: number | null;
  longitude: number | null;
  ip: string | null;
}

async function placeOf(geolocation: Geolocation, end: End) {
  if (end.time === null) return null;
  const located = end.ip ? await geolocation.locate(end.ip) : null;
  return {
    time: new Date(end.time).toISOString(),
    latitude: end.latitude,
    longitude: end.longitude,
    map_url: end.latitude !== null && end.longitude !== null ? geolocation.mapUrl(end.latitude, end.longitude) : null,
    ip_address: end.ip,
    ip_place: located && { description: located.description, kind: located.kind, city: located.city, region: located.region, country: located.country },
  };
}

/**
 * GET attendances/{id}/places: where an attendance began and ended, for the details dialog (spec 002
 * section 2 "Attendance"): the browser's coordinates with a map address when a map is set, and the
 * client's address with the place the IP locator names. A record the caller cannot list is 404.
 */
export async function attendancePlaces(db: Kysely<DB>, geolocation: Geolocation, access: Access, id: number) {
  // The record as the caller may read it (another's is 404) holds every column the places need.
  const found = await findRecord(db, attendances, access, id);
  if (!found) throw notFound();
  const row = found as unknown as Selectable<Attendances>;
  const [checkedIn, checkedOut] = await Promise.all([
    placeOf(geolocation, { time: row.check_in_time, latitude: row.latitude_checked_in, longitude: row.longitude_checked_in, ip: row.ip_address_checked_in }),
    placeOf(geolocation, {
      time: row.check_out_time,
      latitude: row.latitude_checked_out,
      longitude: row.longitude_checked_out,
      ip: row.ip_address_checked_out,
    }),
  ]);
  return { id: row.id, checked_in: checkedIn, checked_out: checkedOut };
}
