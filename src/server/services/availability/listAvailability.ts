import type { Kysely } from 'kysely';
import type { AvailabilityListQuery, AvailabilityOccurrence } from '../../../../schemas/payloads/availability';
import { isTimeZone } from '../../../domain/availability/enums';
import { daysBetween, occurrencesBetween } from '../../../domain/availability/recurrence';
import { AVAILABILITY_TEXTS } from '../../../domain/availability/rules';
import { addDays, startOfZonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import type { Caller } from '../../resources/caller';
import { availabilityVisibleSql, excludedColumn, rowColumns, toStored } from './availabilityRows';

/** The widest window a list expands: a year of days (a daily series makes one occurrence a day). */
const MAX_WINDOW_DAYS = 366;

const ids = (text: string | undefined) => (text === undefined ? undefined : [...new Set(text.split(',').map(Number))]);

/**
 * The occurrences that overlap the days start_date to end_date (inclusive, read in `timezone`, UTC
 * when absent) of the slots the caller reaches: `own` only its own whatever user it asks for. In
 * start order (then row id), one page of `perPage` (100) with the total of occurrences.
 */
export async function listAvailability(
  db: Kysely<DB>,
  caller: Caller,
  query: AvailabilityListQuery,
): Promise<{ total: number; skip: number; page: AvailabilityOccurrence[] }> {
  const zone = query.timezone ?? 'UTC';
  if (!isTimeZone(zone)) throw invalid(['query', 'timezone'], AVAILABILITY_TEXTS.timeZone);
  if (query.end_date < query.start_date) throw invalid(['query', 'end_date'], 'The end date must not be before the start date');
  if (daysBetween(query.start_date, query.end_date) >= MAX_WINDOW_DAYS) throw invalid(['query', 'end_date'], `At most ${MAX_WINDOW_DAYS} days`);
  const from = startOfZonedDay(query.start_date, zone);
  const to = startOfZonedDay(addDays(query.end_date, 1), zone);
  // Days widened by two: a row's days are in its own zone, which may be a day off the window's.
  const firstDay = addDays(query.start_date, -2);
  const lastDay = addDays(query.end_date, 2);
  // `own` sees its own slots whoever it asks for.
  const userIds = caller.access.kind === 'own' ? undefined : query.user_id !== undefined ? [query.user_id] : ids(query.user_ids);
  const locationIds = ids(query.location_ids);

  const rows = await db
    .selectFrom('availability as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('locations as l', 'l.id', 'a.appointment_location_id')
    .select([...rowColumns, excludedColumn, 'u.full_name as user_full_name', 'l.name as location_name'])
    .where((eb) =>
      eb.and([
        availabilityVisibleSql(eb, caller.access),
        eb('a.availability_date', '<=', lastDay),
        eb.or([
          eb.and([eb('a.is_repeating', '=', false), eb('a.availability_date', '>=', firstDay)]),
          eb.and([eb('a.is_repeating', '=', true), eb('a.repeat_until', '>=', firstDay)]),
        ]),
        ...(userIds ? [eb('a.user_id', 'in', userIds)] : []),
        ...(locationIds ? [eb('a.appointment_location_id', 'in', locationIds)] : []),
      ]),
    )
    .orderBy('a.id')
    .execute();

  const occurrences = rows.flatMap((raw) => {
    const row = toStored(raw);
    return occurrencesBetween(row, from, to).map((o): AvailabilityOccurrence => ({
      id: row.id,
      availability_date: o.date,
      range_start: o.start.toISOString(),
      range_end: o.end.toISOString(),
      is_repeating: row.is_repeating,
      repeat_interval: row.repeat_interval,
      repeat_until: row.repeat_until,
      timezone_abbr: row.timezone,
      user_id: row.user_id,
      appointment_location_id: row.appointment_location_id,
      user: { id: row.user_id, full_name: raw.user_full_name },
      location: row.appointment_location_id !== null && raw.location_name !== null ? { id: row.appointment_location_id, name: raw.location_name } : null,
    }));
  });
  occurrences.sort((a, b) => a.range_start.localeCompare(b.range_start) || a.id - b.id);
  const perPage = query.perPage ?? 100;
  const skip = ((query.page ?? 1) - 1) * perPage;
  return { total: occurrences.length, skip, page: occurrences.slice(skip, skip + perPage) };
}
