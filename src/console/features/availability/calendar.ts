import { EDIT_MODES, REPEAT_INTERVALS, type EditMode, type RepeatInterval } from '../../../domain/availability/enums';
import { AVAILABILITY_TEXTS } from '../../../domain/availability/rules';
import { addDays, weekday, zonedDay, zonedWallTime, zonedWallTimeToInstant } from '../../../domain/zonedDays';

/**
 * The calendar's arithmetic (spec 002 section 9): times in 15-minute steps across the day, a week
 * of 05:00 to 22:00 in 30-minute rows with the hours outside 07:00 to 19:00 shaded, a new slot at
 * 7:00am to 5:30pm, all in the browser's time zone. Pure: the widget only draws it.
 */

export const FIRST_ROW_MINUTES = 5 * 60;
export const LAST_ROW_MINUTES = 22 * 60;
export const ROW_MINUTES = 30;
export const ROW_COUNT = (LAST_ROW_MINUTES - FIRST_ROW_MINUTES) / ROW_MINUTES;
const WORK_START = 7 * 60;
const WORK_END = 19 * 60;
export const DEFAULT_START = '07:00';
export const DEFAULT_END = '17:30';
export const AVAILABILITY_PER_PAGE = 100;

const REPEAT_LABELS: Record<RepeatInterval, string> = { daily: 'Daily', weekly: 'Weekly', biweekly: 'Every two weeks', monthly: 'Monthly' };
export const REPEAT_CHOICES = REPEAT_INTERVALS.map((value) => ({ value, label: REPEAT_LABELS[value] }));

const SCOPE_LABELS: Record<EditMode, string> = { this: 'This event', this_and_following: 'This and following events', all: 'All events' };
export const SCOPE_CHOICES = EDIT_MODES.map((value) => ({ value, label: SCOPE_LABELS[value] }));
export type Scope = EditMode;

export const texts = {
  added: 'Availability added',
  updated: 'Availability updated',
  deleted: 'Availability deleted',
  addError: (message: string) => `Error adding availability: ${message}`,
  updateError: (message: string) => `Error updating availability: ${message}`,
  deleteError: (message: string) => `Error deleting availability: ${message}`,
  past: AVAILABILITY_TEXTS.past,
  endAfterStart: AVAILABILITY_TEXTS.endAfterStart,
} as const;

/** The browser's IANA zone (sent as timezone_abbr). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Minutes of an `HH:MM` text (`24:00` is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** `07:00` -> '7:00am', `17:30` -> '5:30pm', `24:00` -> '12:00am' (midnight, the day's end). */
export function timeLabel(time: string): string {
  const minutes = minutesOf(time) % (24 * 60);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/** The start choices, 00:00 to 23:45; the end choices, 00:15 to 24:00 (the day's end). */
export const START_TIMES: readonly string[] = Array.from({ length: 96 }, (_, i) => hhmm(i * 15));
export const END_TIMES: readonly string[] = Array.from({ length: 96 }, (_, i) => hhmm((i + 1) * 15));

/** The calendar's rows: each row's start `HH:MM` and whether it is shaded (outside 07:00 to 19:00). */
export const ROWS: readonly { time: string; shaded: boolean }[] = Array.from({ length: ROW_COUNT }, (_, i) => {
  const minutes = FIRST_ROW_MINUTES + i * ROW_MINUTES;
  return { time: hhmm(minutes), shaded: minutes < WORK_START || minutes >= WORK_END };
});

/** The Sunday that starts the week of `day`. */
export const weekStartOf = (day: string) => addDays(day, -weekday(day));
export const weekDays = (start: string) => Array.from({ length: 7 }, (_, i) => addDays(start, i));
export const todayIn = (timeZone: string, now = new Date()) => zonedDay(now, timeZone);

/** 'Mon 11/30'. */
export function dayLabel(day: string): string {
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return `${names[weekday(day)] ?? ''} ${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
}

/** The instant of `time` on `day` in the zone; `24:00` is the next day's start. */
export function instantOf(day: string, time: string, timeZone: string): Date {
  return time === '24:00' ? zonedWallTimeToInstant(`${addDays(day, 1)}T00:00`, timeZone) : zonedWallTimeToInstant(`${day}T${time}`, timeZone);
}

/** The day, start and end `HH:MM` of a range in the zone (an end at the next day's midnight is `24:00`). */
export function localRange(start: Date, end: Date, timeZone: string): { day: string; start: string; end: string } {
  const from = zonedWallTime(start, timeZone);
  const to = zonedWallTime(end, timeZone);
  const day = from.slice(0, 10);
  return { day, start: from.slice(11), end: to.slice(0, 10) > day && to.slice(11) === '00:00' ? '24:00' : to.slice(11) };
}

/** Where a range is drawn in its start day's column: first row and row count (fractions allowed), clipped to 05:00-22:00; null when outside. */
export function placement(start: Date, end: Date, timeZone: string): { day: string; top: number; span: number } | null {
  const from = zonedWallTime(start, timeZone);
  const to = zonedWallTime(end, timeZone);
  const day = from.slice(0, 10);
  const top = Math.max(minutesOf(from.slice(11)), FIRST_ROW_MINUTES);
  const bottom = Math.min(to.slice(0, 10) > day ? 24 * 60 : minutesOf(to.slice(11)), LAST_ROW_MINUTES);
  if (bottom <= top) return null;
  return { day, top: (top - FIRST_ROW_MINUTES) / ROW_MINUTES, span: (bottom - top) / ROW_MINUTES };
}
