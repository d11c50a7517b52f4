import type { DateRange } from './datePresets';

/** The months a month filter offers, by number (1 is January). */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A calendar month: `{year: 2026, month: 2}` is February 2026. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The whole month as the date range a month filter holds: `monthRange({year: 2026, month: 2})` -> 2026-02-01 to 2026-02-28. */
export function monthRange({ year, month }: CalendarMonth): DateRange {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(days)}` };
}

/** The month of a range's first day (a month filter's value), or undefined for anything else. */
export function monthOf(value: unknown): CalendarMonth | undefined {
  const from = typeof value === 'object' && value !== null ? (value as DateRange).from : undefined;
  const match = typeof from === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(from) : null;
  if (!match) return undefined;
  const month = { year: Number(match[1]), month: Number(match[2]) };
  return month.month >= 1 && month.month <= 12 ? month : undefined;
}

/** `2026-02`: how the billing rules name a month (src/domain/billing). */
export const monthKey = ({ year, month }: CalendarMonth): string => `${year}-${pad(month)}`;

/** The years from `fromYear` up to `current`'s (at least that one year). */
export function yearsFrom(fromYear: number, current: CalendarMonth): number[] {
  const first = Math.min(fromYear, current.year);
  return Array.from({ length: current.year - first + 1 }, (_, i) => first + i);
}

/** Whether a month is still to come on `current`'s month (not offered: it has no progress yet). */
export const isFutureMonth = (month: CalendarMonth, current: CalendarMonth): boolean =>
  month.year > current.year || (month.year === current.year && month.month > current.month);

/**
 * The month chosen when one part changes: the other part is kept (or, unset, taken from `current`),
 * and a month still to come becomes the current one (choosing the current year in January keeps no
 * November of it).
 */
export function chooseMonth(chosen: CalendarMonth | undefined, change: Partial<CalendarMonth>, current: CalendarMonth): CalendarMonth {
  const next = { year: change.year ?? chosen?.year ?? current.year, month: change.month ?? chosen?.month ?? current.month };
  return isFutureMonth(next, current) ? current : next;
}
