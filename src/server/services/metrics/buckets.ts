import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MetricFrequency } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';

/**
 * The buckets of a chart: from the start of the `freq` period that held the day `months` months
 * before today, to the period of today, both in the provider's time zone (weeks start on Monday, as
 * PostgreSQL's date_trunc counts them). Labels are each bucket's first day, yyyy-mm-dd.
 */
export interface Buckets {
  freq: MetricFrequency;
  timeZone: string;
  labels: string[];
  /** The first bucket's first day and today, in the zone (yyyy-mm-dd). */
  first: string;
  today: string;
}

const STEPS = { day: '1 day', week: '7 days', month: '1 month' } as const satisfies Record<MetricFrequency, string>;

export async function chartBuckets(db: Kysely<DB>, timeZone: string, months: number, freq: MetricFrequency): Promise<Buckets> {
  const { rows } = await sql<{ bucket: string; today: string }>`
    with t as (select (now() at time zone ${timeZone})::date as today)
    select to_char(b, 'YYYY-MM-DD') as bucket, to_char(t.today, 'YYYY-MM-DD') as today
    from t, generate_series(
      date_trunc(${freq}, t.today::timestamp - make_interval(months => ${months}::int)),
      t.today::timestamp,
      ${STEPS[freq]}::interval
    ) b
    order by b`.execute(db);
  const labels = rows.map((r) => r.bucket);
  return { freq, timeZone, labels, first: labels[0] ?? '', today: rows[0]?.today ?? '' };
}

/**
 * The buckets as rows of a query: `bucket` (a date, its first day) and `end_day` (its last day, today
 * for the bucket of today), for charts whose figure is a state at the end of each bucket.
 */
export const bucketRows = (b: Buckets): RawBuilder<unknown> => sql`
  select g::date as bucket, least((g + ${STEPS[b.freq]}::interval)::date - 1, ${b.today}::date) as end_day
  from generate_series(${b.first}::date::timestamp, ${b.today}::date::timestamp, ${STEPS[b.freq]}::interval) g`;

/**
 * The bucket (its first day's start, a timestamp) of an instant column, in the zone:
 * `instantBucket('p.enrolled_on', buckets)`. Counted rows are grouped by it and labelled once per
 * bucket (`countsPerBucket`): formatting each row's day as text cost as much as reading the row.
 */
export const instantBucket = (column: string, b: Buckets) => sql<string>`date_trunc(${b.freq}, ${sql.ref(column)} at time zone ${b.timeZone})`;

/** The bucket of a date column (no zone: a date is already a day). */
export const dateBucket = (column: string, b: Buckets) => sql<string>`date_trunc(${b.freq}, ${sql.ref(column)}::timestamp)`;

/** One figure per bucket from a query of rows (bucket, n) grouped by `instantBucket` or `dateBucket`: each bucket labelled yyyy-mm-dd once. */
export async function countsPerBucket(db: Kysely<DB>, b: Buckets, counts: RawBuilder<unknown>): Promise<number[]> {
  const { rows } = await sql<{ bucket: string; n: number }>`select to_char(bucket, 'YYYY-MM-DD') as bucket, n from (${counts}) as counted`.execute(db);
  return perBucket(b, rows);
}

/** The first bucket's first instant, in the zone. */
export const rangeStart = (b: Buckets) => sql<Date>`(${b.first}::date::timestamp at time zone ${b.timeZone})`;

/** One figure per bucket from rows of (bucket, n): zero where no row. */
export function perBucket(b: Buckets, rows: readonly { bucket: string; n: number | string }[]): number[] {
  const byBucket = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
  return b.labels.map((label) => byBucket.get(label) ?? 0);
}

/** Running totals: [1, 0, 2] -> [1, 1, 3]. */
export function runningTotals(values: readonly number[]): number[] {
  let total = 0;
  return values.map((value) => (total += value));
}
