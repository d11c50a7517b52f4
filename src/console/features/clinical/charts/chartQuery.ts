import type { ChartMeasure } from '../../../../domain/clinical/measures';

/**
 * What the chart dialog asks `GET /patients/{id}/charts/{measure}` (spec 001 sections 7 and 9,
 * "Charts"): the chart's readings over a range (the past 3 months by default) at a timescale, up to
 * 5000 in ascending order; the table view's pages of 50, newest first, with flagged readings unless
 * they are hidden. Pure: the dialog gives today (yyyy-mm-dd in the user's zone).
 */

/** The ranges offered, in months back from today, and 'all'. */
export const CHART_RANGES = ['3', '6', '12', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_RANGE: ChartRange = '3';
export const RANGE_LABELS: Readonly<Record<ChartRange, string>> = {
  '3': 'Past 3 months',
  '6': 'Past 6 months',
  '12': 'Past 12 months',
  all: 'All',
};

/** The API's timescales: every reading, or the mean of each day, week (from Monday) or month. */
export const TIMESCALES = ['all', 'day', 'week', 'month'] as const;
export type Timescale = (typeof TIMESCALES)[number];
export const TIMESCALE_LABELS: Readonly<Record<Timescale, string>> = {
  all: 'All readings',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** Spec 001 section 9: "Chart fetch limit 5000". */
export const CHART_FETCH_LIMIT = 5000;
/** Spec 001 section 8: "table view of charts 50". */
export const TABLE_PAGE_SIZE = 50;
/**
 * 'All' has no start of its own, and the API's default start is 3 months back: the range starts at
 * a day before any reading could have been taken.
 */
export const ALL_START_DATE = '1970-01-01';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `months` months before `day`, on the same day of the month or the month's last (05-31 less 3 months: 02-28). */
export function monthsBefore(day: string, months: number): string {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = Math.min(Number(match[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** The days a range covers, both included: from `months` back to today. */
export function rangeDates(range: ChartRange, today: string): { start_date: string; end_date: string } {
  return { start_date: range === 'all' ? ALL_START_DATE : monthsBefore(today, Number(range)), end_date: today };
}

const chartBase = (patientId: string | number, measure: ChartMeasure) =>
  `/patients/${encodeURIComponent(String(patientId))}/charts/${encodeURIComponent(measure)}`;

/** The chart's request: the range's readings at a timescale, oldest first, up to the fetch limit. */
export function chartPath(patientId: string | number, measure: ChartMeasure, choice: { range: ChartRange; timescale: Timescale }, today: string): string {
  const query = new URLSearchParams({
    timescale: choice.timescale,
    ...rangeDates(choice.range, today),
    order: 'asc',
    limit: String(CHART_FETCH_LIMIT),
  });
  return `${chartBase(patientId, measure)}?${query.toString()}`;
}

/**
 * A page of the table view (0 first): every reading of the range, newest first, 50 a page, with the
 * readings flagged without a new value (`disable_flagged_filter=true`) unless they are hidden.
 */
export function tablePath(
  patientId: string | number,
  measure: ChartMeasure,
  choice: { range: ChartRange; page: number; hideFlagged: boolean },
  today: string,
): string {
  const query = new URLSearchParams({
    timescale: 'all',
    ...rangeDates(choice.range, today),
    order: 'desc',
    limit: String(TABLE_PAGE_SIZE),
    skip: String(Math.max(0, choice.page) * TABLE_PAGE_SIZE),
    disable_flagged_filter: String(!choice.hideFlagged),
  });
  return `${chartBase(patientId, measure)}?${query.toString()}`;
}

/** How many pages of 50 a total fills (at least one, so that an empty table still reads 'Page 1 of 1'). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
}
