import { addDays, startOfZonedDay, weekday } from '../zonedDays';

/**
 * Baselines, trends and the shaping of chart points (spec 001 section 9, "Charts": "7-day moving
 * average baseline; values within 1% of the baseline show as flat; chart dots hidden when 24 or more
 * points fall in one day. The recent panel shows the past 7 days, at most 10 rows").
 */

/** One charted reading: its instant, its value, and for blood pressure its diastolic. */
export interface ChartPoint {
  /** An ISO instant. */
  x: string;
  y: number;
  y2?: number | null;
}

/** Spec 001 section 9: the baseline is a 7-day moving average. */
export const BASELINE_WINDOW_DAYS = 7;
/** Spec 001 section 9: a value within 1% of its baseline shows as flat. */
export const FLAT_PERCENT = 1;
/** Spec 001 section 9: a chart hides its dots when 24 or more points fall in one day. */
export const DOTS_HIDDEN_AT = 24;
/** Spec 001 section 9: the recent panel shows the past 7 days ... */
export const RECENT_DAYS = 7;
/** ... at most 10 rows. */
export const RECENT_ROWS = 10;

const MS_PER_DAY = 86_400_000;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

/**
 * The moving-average baseline of a series: one trend point per point, at the same x, whose y is the
 * mean of the ys of the points with x in (x − window, x] (points at the same instant count for each
 * other). y2 is averaged the same way over the points that have one, for series that carry y2 (blood
 * pressure): null where the window holds none. Points are expected in ascending x; the trend points
 * come back in the order given.
 * @example movingBaseline([{x: '2026-03-01T08:00:00Z', y: 80}, {x: '2026-03-02T08:00:00Z', y: 90}]) // ys 80, 85
 */
export function movingBaseline(points: readonly ChartPoint[], windowDays = BASELINE_WINDOW_DAYS): ChartPoint[] {
  const times = points.map((point) => Date.parse(point.x));
  const order = points.map((_, index) => index).sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  const windowMs = windowDays * MS_PER_DAY;
  // Prefix sums over the points in time order: a window's mean is two subtractions, so a chart of
  // 5,000 readings (55 a day) costs one pass, not one pass per reading. Float64 sums of a few
  // thousand readings lose nothing a chart could show.
  const sumY = [0];
  const sumY2 = [0];
  const countY2 = [0];
  for (const [k, index] of order.entries()) {
    const point = points[index];
    const y2 = point?.y2;
    sumY.push((sumY[k] ?? 0) + (point?.y ?? 0));
    sumY2.push((sumY2[k] ?? 0) + (finite(y2) ? y2 : 0));
    countY2.push((countY2[k] ?? 0) + (finite(y2) ? 1 : 0));
  }
  const trend: ChartPoint[] = new Array<ChartPoint>(points.length);
  let start = 0;
  let end = 0;
  for (const index of order) {
    const point = points[index];
    const time = times[index];
    if (point === undefined || time === undefined) continue;
    while (end < order.length && (times[order[end] ?? 0] ?? Infinity) <= time) end += 1;
    while (start < end && (times[order[start] ?? 0] ?? Infinity) <= time - windowMs) start += 1;
    const y = end > start ? ((sumY[end] ?? 0) - (sumY[start] ?? 0)) / (end - start) : point.y;
    if (point.y2 === undefined) {
      trend[index] = { x: point.x, y };
    } else {
      const n2 = (countY2[end] ?? 0) - (countY2[start] ?? 0);
      trend[index] = { x: point.x, y, y2: n2 > 0 ? ((sumY2[end] ?? 0) - (sumY2[start] ?? 0)) / n2 : null };
    }
  }
  return trend;
}

/**
 * Where a value stands against its baseline: flat when it is within `flatPercent` % of the baseline
 * (spec 001 section 9: 1%, the bound included), else up or down; null without a baseline.
 * @example trendOf(101, 100) // 'flat'
 * @example trendOf(102, 100) // 'up'
 */
export function trendOf(value: number, baseline: number | null | undefined, flatPercent = FLAT_PERCENT): 'up' | 'down' | 'flat' | null {
  if (!finite(baseline) || !finite(value)) return null;
  // A hair of tolerance, so that 1.01 against 1.00 (0.01000...09 in binary) is within 1%.
  const tolerance = 1e-9 * Math.max(1, Math.abs(baseline));
  if (Math.abs(value - baseline) <= (flatPercent / 100) * Math.abs(baseline) + tolerance) return 'flat';
  return value > baseline ? 'up' : 'down';
}

/**
 * The calendar day of an instant in a zone (as zonedDays' zonedDay), with one formatter per zone: a
 * chart's thousands of points would otherwise build a formatter each.
 */
function dayInZone(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (instant) => format.format(new Date(instant));
}

/**
 * Whether a chart hides its dots (spec 001 section 9): true when some calendar day, in the viewer's
 * zone, holds 24 or more points.
 */
export function dotsHidden(points: readonly { x: string }[], timeZone: string): boolean {
  const dayOf = dayInZone(timeZone);
  const perDay = new Map<string, number>();
  for (const point of points) {
    const day = dayOf(point.x);
    const count = (perDay.get(day) ?? 0) + 1;
    if (count >= DOTS_HIDDEN_AT) return true;
    perDay.set(day, count);
  }
  return false;
}

/**
 * The recent panel's rows (spec 001 section 9): the points of the past 7 days (from `now` − 7 × 24 h
 * to `now`, both included), newest first, at most 10.
 */
export function recentRows<T extends { x: string }>(points: readonly T[], now: Date): T[] {
  const end = now.getTime();
  const start = end - RECENT_DAYS * MS_PER_DAY;
  return points
    .map((point) => ({ point, time: Date.parse(point.x) }))
    .filter(({ time }) => time >= start && time <= end)
    .sort((a, b) => b.time - a.time)
    .slice(0, RECENT_ROWS)
    .map(({ point }) => point);
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's first. */
function bucketDay(day: string, timescale: 'day' | 'week' | 'month'): string {
  switch (timescale) {
    case 'day':
      return day;
    case 'week':
      // weekday: 0 Sunday ... 6 Saturday; weeks start on Monday.
      return addDays(day, -((weekday(day) + 6) % 7));
    case 'month':
      return `${day.slice(0, 8)}01`;
  }
}

/**
 * A series averaged per day, week (from Monday) or month in a zone, for the chart's timescales: one
 * point per bucket that holds points, ascending, at the bucket's first day at 00:00 in the zone (an
 * ISO instant), with the mean y, the mean y2 for series that carry y2 (null where the bucket holds
 * none), and the count of points averaged.
 */
export function bucketPoints(points: readonly ChartPoint[], timescale: 'day' | 'week' | 'month', timeZone: string): (ChartPoint & { count: number })[] {
  const dayOf = dayInZone(timeZone);
  const buckets = new Map<string, { ys: number[]; y2s: number[]; carriesY2: boolean }>();
  for (const point of points) {
    const key = bucketDay(dayOf(point.x), timescale);
    const bucket = buckets.get(key) ?? { ys: [], y2s: [], carriesY2: false };
    bucket.ys.push(point.y);
    if (point.y2 !== undefined) bucket.carriesY2 = true;
    if (finite(point.y2)) bucket.y2s.push(point.y2);
    buckets.set(key, bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, bucket]) => {
      const x = startOfZonedDay(day, timeZone).toISOString();
      const y = mean(bucket.ys) ?? 0;
      return bucket.carriesY2 ? { x, y, y2: mean(bucket.y2s), count: bucket.ys.length } : { x, y, count: bucket.ys.length };
    });
}
