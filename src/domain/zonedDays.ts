/**
 * Calendar days in a time zone, as instants (spec 001 section 9: "Date ranges run from
 * start-of-day to end-of-day"). Pure: Intl gives the zone's offset, no library holds a clock.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * One formatter per zone and kind, made once: making an Intl.DateTimeFormat costs far more than using
 * one, and an invoice or a ledger asks for the day of tens of thousands of instants.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'wall' | 'day', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      kind === 'wall'
        ? new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          })
        : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, found);
  }
  return found;
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatter('wall', timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

function utcMidnight(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The first instant of a day in a zone: `startOfZonedDay('2026-03-08', 'America/New_York')` -> 05:00Z. */
export function startOfZonedDay(day: string, timeZone: string): Date {
  const wall = utcMidnight(day);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of a wall-clock time in a zone: `zonedWallTimeToInstant('2026-11-20T09:30', 'America/New_York')` -> 14:30Z. */
export function zonedWallTimeToInstant(wallTime: string, timeZone: string): Date {
  const match = WALL_TIME.exec(wallTime);
  if (!match) throw new RangeError(`Not a yyyy-mm-ddThh:mm time: ${wallTime}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  const first = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(first, timeZone);
  if (instant + offsetAt(instant, timeZone) === wall) return new Date(instant);
  // A time the spring change skips (02:30 on the day New York moves to summer time) is read with the
  // offset before the change, which lands after the gap (03:30 summer time), as clocks and Temporal do.
  return new Date(wall - offsetAt(instant - MS_PER_DAY, timeZone));
}

/** The wall-clock time (yyyy-mm-ddThh:mm) of an instant in a zone, as a datetime-local input shows it. */
export function zonedWallTime(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

/** The last millisecond of a day in a zone (the instant before the next day starts). */
export function endOfZonedDay(day: string, timeZone: string): Date {
  return new Date(startOfZonedDay(addDays(day, 1), timeZone).getTime() - 1);
}

/** The calendar day an instant falls on in a zone, as yyyy-mm-dd. */
export function zonedDay(instant: Date, timeZone: string): string {
  return formatter('day', timeZone).format(instant);
}

/** `addDays('2026-02-28', 1)` -> '2026-03-01'; negative counts go back. */
export function addDays(day: string, count: number): string {
  return new Date(utcMidnight(day) + count * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 for Sunday ... 6 for Saturday. */
export function weekday(day: string): number {
  return new Date(utcMidnight(day)).getUTCDay();
}

/** Whether a text is a real yyyy-mm-dd day. */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  return new Date(utcMidnight(text)).toISOString().slice(0, 10) === text;
}
