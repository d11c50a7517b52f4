import { addDays, zonedDay } from '../zonedDays';
import type { EditMode, RepeatInterval } from './enums';
import { daysBetween, hasOccurrence, isOccurrenceDay, occurrenceOn, wallShape, type Series } from './recurrence';

/**
 * What an edit or a deletion of availability writes, by scope (spec 002 sections 4 and 9: this,
 * this_and_following, all). Pure: the server applies the writes in one transaction.
 *
 * Edit
 * - `this`: the occurrence's day joins the series' excluded_dates and a single slot with the new
 *   values is created.
 * - `this_and_following`: the series ends the day before the occurrence and a new series starts with
 *   the new values (its repeat_until is the one asked, else the old series'); the old series' excluded
 *   days from the occurrence on move to the new one. From the first occurrence it is `all`.
 * - `all`: the series takes the new values. The range given is the named occurrence's new range: the
 *   series keeps its first day moved by as many days as that occurrence moved, with the new times of
 *   day, so when the time of day changes every occurrence moves. Without a named occurrence the range
 *   given is the series' new first occurrence.
 * Delete
 * - `this`: the day joins excluded_dates; `this_and_following`: repeat_until becomes the day before;
 *   `all`: the row goes. A series left with no occurrence is deleted.
 * A single (non-repeating) slot ignores the scope: an edit updates it, a deletion deletes it.
 */

/** A stored row: the series plus whose it is and where. */
export interface StoredSlot extends Series {
  user_id: number;
  appointment_location_id: number | null;
}

/** The new values of an edit (or a creation): the range is one occurrence's, as the calendar shows it. */
export interface SlotValues {
  range_start: Date;
  range_end: Date;
  timezone: string;
  is_repeating: boolean;
  repeat_interval: RepeatInterval | null;
  repeat_until: string | null;
  user_id: number;
  appointment_location_id: number | null;
}

/** One write: `update` and `delete` are of the edited row, `insert` a new row. */
export type AvailabilityWrite = { kind: 'update'; values: StoredSlot } | { kind: 'insert'; values: StoredSlot } | { kind: 'delete' };

/** The refusal of a scope that names a day the series has no occurrence on. */
export const NOT_AN_OCCURRENCE = 'not_an_occurrence' as const;
export type ScopeResult = AvailabilityWrite[] | typeof NOT_AN_OCCURRENCE;

/** The row of new values: a single slot has no repeat fields and no excluded days. */
export function slotRow(values: SlotValues, excluded: readonly string[] = []): StoredSlot {
  const day = zonedDay(values.range_start, values.timezone);
  return {
    range_start: values.range_start,
    range_end: values.range_end,
    availability_date: day,
    timezone: values.timezone,
    is_repeating: values.is_repeating,
    repeat_interval: values.is_repeating ? values.repeat_interval : null,
    repeat_until: values.is_repeating ? values.repeat_until : null,
    excluded_dates: values.is_repeating ? [...new Set(excluded)].filter((d) => d > day).sort() : [],
    user_id: values.user_id,
    appointment_location_id: values.appointment_location_id,
  };
}

const shiftDays = (days: readonly string[], by: number) => days.map((d) => addDays(d, by));

/** The series kept up to the day before `day` (its excluded days before it kept), or its deletion when nothing is left. */
function endBefore(series: StoredSlot, day: string): AvailabilityWrite {
  const cut: StoredSlot = { ...series, repeat_until: addDays(day, -1), excluded_dates: series.excluded_dates.filter((d) => d < day) };
  return hasOccurrence(cut) ? { kind: 'update', values: cut } : { kind: 'delete' };
}

/** The writes of an edit of `series` in `mode`; `occurrence` is the day of the occurrence edited (the body's availability_date). */
export function planEdit(series: StoredSlot, mode: EditMode, occurrence: string | undefined, next: SlotValues): ScopeResult {
  if (!series.is_repeating) return [{ kind: 'update', values: slotRow(next) }];
  const named = occurrence !== undefined && isOccurrenceDay(series, occurrence);
  if (mode !== 'all' && !named) return NOT_AN_OCCURRENCE;
  if (mode === 'this') {
    const excluded: StoredSlot = { ...series, excluded_dates: [...new Set([...series.excluded_dates, occurrence as string])].sort() };
    return [
      hasOccurrence(excluded) ? { kind: 'update', values: excluded } : { kind: 'delete' },
      { kind: 'insert', values: slotRow({ ...next, is_repeating: false }) },
    ];
  }
  const newDay = zonedDay(next.range_start, next.timezone);
  const shift = named ? daysBetween(occurrence, newDay) : 0;
  if (mode === 'this_and_following' && occurrence !== series.availability_date) {
    const from = occurrence as string;
    const following = series.excluded_dates.filter((d) => d > from);
    return [
      endBefore(series, from),
      { kind: 'insert', values: slotRow({ ...next, repeat_until: next.repeat_until ?? series.repeat_until }, shiftDays(following, shift)) },
    ];
  }
  // `all` (or this_and_following from the first occurrence): the series takes the new values from its (moved) first day.
  const firstDay = named ? addDays(series.availability_date, shift) : newDay;
  const first = occurrenceOn(firstDay, wallShape(next.range_start, next.range_end, next.timezone), next.timezone);
  const moved = slotRow(
    { ...next, range_start: first.start, range_end: first.end, repeat_until: next.repeat_until ?? series.repeat_until },
    shiftDays(series.excluded_dates, shift),
  );
  return [hasOccurrence(moved) ? { kind: 'update', values: moved } : { kind: 'delete' }];
}

/** The writes of a deletion of `series` in `mode`; `occurrence` is the day of the occurrence deleted. */
export function planDelete(series: StoredSlot, mode: EditMode, occurrence: string | undefined): ScopeResult {
  if (!series.is_repeating || mode === 'all') return [{ kind: 'delete' }];
  if (occurrence === undefined || !isOccurrenceDay(series, occurrence)) return NOT_AN_OCCURRENCE;
  if (mode === 'this_and_following') return [endBefore(series, occurrence)];
  const excluded: StoredSlot = { ...series, excluded_dates: [...new Set([...series.excluded_dates, occurrence])].sort() };
  return [hasOccurrence(excluded) ? { kind: 'update', values: excluded } : { kind: 'delete' }];
}
