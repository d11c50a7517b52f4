import { addDays, endOfMonth, startOfMonth, subDays, subMonths } from 'date-fns';
import { zonedDay } from '../../../domain/zonedDays';

/** A date range as the API takes it (spec 000 section 5: dates are sent as yyyy-mm-dd). */
export interface DateRange {
  from?: string;
  to?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day, yyyy-mm-dd (date-fns' `format` would bring its whole token formatter and locale to every list). */
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The presets of a date_range or date_preset filter. The spec names presets only for other screens
 * (Today, Yesterday, This Week; Today, Tomorrow, This Week; the tasks' due presets: overdue, due today,
 * this week, next week, this month), so a screen lists the ones it offers and may word them. Weeks
 * run Sunday to Saturday. `before_today` has no first day: every day before today (a task's Overdue).
 */
export const DATE_PRESETS = {
  before_today: { label: 'Before Today', range: (now: Date) => ({ to: day(subDays(now, 1)) }) },
  today: { label: 'Today', range: (now: Date) => ({ from: day(now), to: day(now) }) },
  yesterday: { label: 'Yesterday', range: (now: Date) => ({ from: day(subDays(now, 1)), to: day(subDays(now, 1)) }) },
  tomorrow: { label: 'Tomorrow', range: (now: Date) => ({ from: day(addDays(now, 1)), to: day(addDays(now, 1)) }) },
  this_week: {
    label: 'This Week',
    range: (now: Date) => ({ from: day(subDays(now, now.getDay())), to: day(addDays(now, 6 - now.getDay())) }),
  },
  next_week: {
    label: 'Next Week',
    range: (now: Date) => ({ from: day(addDays(now, 7 - now.getDay())), to: day(addDays(now, 13 - now.getDay())) }),
  },
  last_7_days: { label: 'Last 7 Days', range: (now: Date) => ({ from: day(subDays(now, 6)), to: day(now) }) },
  last_14_days: { label: 'Last 14 Days', range: (now: Date) => ({ from: day(subDays(now, 13)), to: day(now) }) },
  last_30_days: { label: 'Last 30 Days', range: (now: Date) => ({ from: day(subDays(now, 29)), to: day(now) }) },
  this_month: { label: 'This Month', range: (now: Date) => ({ from: day(startOfMonth(now)), to: day(endOfMonth(now)) }) },
  last_month: {
    label: 'Last Month',
    range: (now: Date) => ({ from: day(startOfMonth(subMonths(now, 1))), to: day(endOfMonth(subMonths(now, 1))) }),
  },
} as const satisfies Record<string, { label: string; range: (now: Date) => DateRange }>;
export type DatePreset = keyof typeof DATE_PRESETS;

/** The day after a yyyy-mm-dd day, so that `lt` keeps the whole last day of a range. */
export function nextDay(date: string): string {
  return day(addDays(new Date(`${date}T00:00:00`), 1));
}

/**
 * "Now" as the presets read it: a local date on the current day of the user's zone (at noon, clear
 * of daylight-saving edges), so that Today is the user's today even where the browser's zone differs.
 */
export function presetNow(timeZone: string, now: Date = new Date()): Date {
  const [year = 1970, month = 1, date = 1] = zonedDay(now, timeZone).split('-').map(Number);
  return new Date(year, month - 1, date, 12);
}
