import * as rruleModule from 'rrule';
import type { Frequency, RRule as RRuleType } from 'rrule';
import { isRepeatInterval, type RepeatInterval } from './enums';
import { addDays, isDay, zonedDay, zonedWallTime, zonedWallTimeToInstant } from '../zonedDays';

/**
 * rrule ships CommonJS with an ESM build that bundlers read: Node's ESM loader (tsx, the server) sees
 * only a default export, bundlers and Vitest the named ones. Either way, RRule is the same class.
 */
const { RRule } = 'RRule' in rruleModule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default;

/**
 * A staff user's availability (spec 002 sections 2, 3, 4 and 9; table `availability`, migration 0032):
 * one slot, or a series that repeats the first occurrence's wall-clock times in its time zone every
 * interval up to and including `repeat_until`, except on `excluded_dates`.
 *
 * The dates of a series are rrule's (RFC 5545), computed on "floating" dates (UTC midnights standing
 * for calendar days, no zone); each date's wall-clock start and end are then read as instants in the
 * series' zone (zonedDays.ts). So a weekly 09:00 slot in New York stays 09:00 local across the DST
 * changes, and a monthly series on the 31st skips the months without one, as RFC 5545 says.
 */

/** A row of `availability` as the rules read it: instants as Dates, days as yyyy-mm-dd. */
export interface Series {
  range_start: Date;
  range_end: Date;
  /** The first occurrence's day in `timezone`. */
  availability_date: string;
  timezone: string;
  is_repeating: boolean;
  repeat_interval: string | null;
  repeat_until: string | null;
  excluded_dates: readonly string[];
}

/** One occurrence: its day in the series' zone and its instants. */
export interface Occurrence {
  date: string;
  start: Date;
  end: Date;
}

/** The wall-clock shape of a slot: the start's time of day, the end's, and how many days after the start's day the end falls. */
export interface WallShape {
  startTime: string;
  endTime: string;
  endDayOffset: number;
}

const MS_PER_DAY = 86_400_000;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `from` to `to` (yyyy-mm-dd), negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / MS_PER_DAY);

/** The wall-clock shape of a slot given as instants in a zone. */
export function wallShape(start: Date, end: Date, timeZone: string): WallShape {
  const startWall = zonedWallTime(start, timeZone);
  const endWall = zonedWallTime(end, timeZone);
  return { startTime: startWall.slice(11), endTime: endWall.slice(11), endDayOffset: daysBetween(startWall.slice(0, 10), endWall.slice(0, 10)) };
}

/** The instants of a slot of this shape starting on `day` in `timeZone`. */
export function occurrenceOn(day: string, shape: WallShape, timeZone: string): Occurrence {
  return {
    date: day,
    start: zonedWallTimeToInstant(`${day}T${shape.startTime}`, timeZone),
    end: zonedWallTimeToInstant(`${addDays(day, shape.endDayOffset)}T${shape.endTime}`, timeZone),
  };
}

const FREQUENCY: Record<RepeatInterval, { freq: Frequency; interval: number }> = {
  daily: { freq: RRule.DAILY, interval: 1 },
  weekly: { freq: RRule.WEEKLY, interval: 1 },
  biweekly: { freq: RRule.WEEKLY, interval: 2 },
  monthly: { freq: RRule.MONTHLY, interval: 1 },
};

/** The rule of a series' days (floating dates), or null for a single slot. */
function ruleOf(series: Series): RRuleType | null {
  if (!series.is_repeating || !isRepeatInterval(series.repeat_interval) || series.repeat_until === null) return null;
  const { freq, interval } = FREQUENCY[series.repeat_interval];
  return new RRule({ freq, interval, dtstart: utcDay(series.availability_date), until: utcDay(series.repeat_until) });
}

/** The series' days from `fromDay` to `toDay` inclusive (yyyy-mm-dd), excluded days left out. */
export function seriesDays(series: Series, fromDay: string, toDay: string): string[] {
  if (toDay < fromDay) return [];
  const excluded = new Set(series.excluded_dates);
  const rule = ruleOf(series);
  const days = rule ? rule.between(utcDay(fromDay), utcDay(toDay), true).map(dayOf) : [series.availability_date].filter((d) => d >= fromDay && d <= toDay);
  return days.filter((day) => !excluded.has(day));
}

/** Whether `day` is one of the series' days (an occurrence not excluded). */
export const isOccurrenceDay = (series: Series, day: string) => isDay(day) && seriesDays(series, day, day).length === 1;

/** Whether the series still has an occurrence (every one may have been excluded or cut away). */
export function hasOccurrence(series: Series): boolean {
  const last = series.is_repeating && series.repeat_until ? series.repeat_until : series.availability_date;
  if (last < series.availability_date) return false;
  const excluded = new Set(series.excluded_dates);
  const rule = ruleOf(series);
  if (!rule) return !excluded.has(series.availability_date);
  let found = false;
  rule.all((date) => {
    if (!excluded.has(dayOf(date))) found = true;
    return !found;
  });
  return found;
}

/**
 * The occurrences of a series that overlap the window [from, to) of instants, in order. The days
 * looked at are widened by the slot's length so that one that starts the day before and runs into
 * the window is kept.
 */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  if (to <= from) return [];
  const shape = wallShape(series.range_start, series.range_end, series.timezone);
  const fromDay = addDays(zonedDay(from, series.timezone), -(shape.endDayOffset + 1));
  const toDay = addDays(zonedDay(to, series.timezone), 1);
  return seriesDays(series, fromDay, toDay)
    .map((day) => occurrenceOn(day, shape, series.timezone))
    .filter((o) => o.start < to && o.end > from);
}
