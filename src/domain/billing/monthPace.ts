import { firstDayOf } from './codeSet';
import type { ServiceProgress } from './monthProgress';

/**
 * How a month's progress stands against the calendar (spec 001 section 9, "Monitoring progress"):
 * the bar is green when progress is at least the share of the month's weekdays already elapsed,
 * yellow when it is within 0.1 below that share, red below. And, beyond the spec (issue 13), a
 * forecast per service: achieved, on track, at risk (not green), or no longer reachable by the
 * month's end (a days code needing more reading days than the month has left).
 */
export type PaceColour = 'green' | 'yellow' | 'red';
export type Forecast = 'achieved' | 'on_track' | 'at_risk' | 'unreachable';

/** Shares are compared to 1e-9, so that 0.3 - 0.1 is still 0.2. */
const EPSILON = 1e-9;

const daysIn = (month: string) => {
  const [year, m] = firstDayOf(month).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};
const weekday = (month: string, day: number) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const dow = new Date(Date.UTC(year, m - 1, day)).getUTCDay();
  return dow !== 0 && dow !== 6;
};

/**
 * The share of `month`'s weekdays elapsed on `today` (`yyyy-mm-dd`, the viewer's or the patient's
 * day), today included: 0 before the month, 1 after it.
 */
export function elapsedWeekdayShare(month: string, today: string): number {
  const first = firstDayOf(month);
  const total = daysIn(month);
  const last = `${month}-${String(total).padStart(2, '0')}`;
  if (today < first) return 0;
  if (today > last) return 1;
  const upTo = Number(today.slice(8, 10));
  let elapsed = 0;
  let weekdays = 0;
  for (let day = 1; day <= total; day++) {
    if (!weekday(month, day)) continue;
    weekdays += 1;
    if (day <= upTo) elapsed += 1;
  }
  return weekdays === 0 ? 1 : elapsed / weekdays;
}

export function paceColour(progress: number, elapsedShare: number): PaceColour {
  if (progress + EPSILON >= elapsedShare) return 'green';
  if (progress + EPSILON >= elapsedShare - 0.1) return 'yellow';
  return 'red';
}

/**
 * Days of `month` still to come on `today`, today included (a reading may still arrive today):
 * the whole month before it, 0 after it.
 */
export function daysLeft(month: string, today: string): number {
  const total = daysIn(month);
  if (today < firstDayOf(month)) return total;
  if (today.slice(0, 7) > month) return 0;
  return total - Number(today.slice(8, 10)) + 1;
}

/**
 * Whether a service can still be earned this month. `readToday`: the patient already has a reading
 * today, which then counts among its days rather than among the days left.
 */
export function forecast(service: ServiceProgress, month: string, today: string, { readToday = false } = {}): Forecast {
  if (service.units > 0 || service.status === 'billed' || service.status === 'excluded') return 'achieved';
  const left = daysLeft(month, today) - (readToday && daysLeft(month, today) > 0 ? 1 : 0);
  if (service.measure !== 'minutes' && service.value + left < service.maxValue) return 'unreachable';
  if (service.measure === 'minutes' && daysLeft(month, today) === 0) return 'unreachable';
  return paceColour(service.progress, elapsedWeekdayShare(month, today)) === 'green' ? 'on_track' : 'at_risk';
}
