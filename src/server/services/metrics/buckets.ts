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
  /** The first day after the last bucket (yyyy-mm-dd): the labels and it bound the buckets. */
  end: string;
}

const STEPS = { day: '1 day', week: '7 days', month: '1 month' } as const satisfies Record<MetricFrequency, string>;

export async function chartBuckets(db: Kysely<DB>, timeZone: string, months: number, freq: MetricFrequency): Promise<Buckets> {
  const { rows } = await sql<{ bucket: string; today: string; end: string }>`
    with t as (select (now() at time zone ${timeZone})::date as today)
    select to_char(b, 'YYYY-MM-DD') as bucket, to_char(t.today, 'YYYY-MM-DD') as today,
      to_char(max(b) over () + ${STEPS[freq]}::interval, 'YYYY-MM-DD') as end
    from t, generate_series(
      date_trunc(${freq}, t.today::timestamp - make_interval(months => ${months}::int)),
      t.today::timestamp,
      ${STEPS[freq]}::interval
    ) b
    order by b`.execute(db);
  const labels = rows.map((r) => r.bucket);
  return { freq, timeZone, labels, first: labels[0] ?? '', today: rows[0]?.today ?? '', end: rows[0]?.end ?? '' };
}

/** The buckets' first days and the day after the last: width_bucket's thresholds for a date. */
const dayBounds = (b: Buckets) => sql`${[...b.labels, b.end]}::date[]`;

/**
 * The bucket of an instant column, in the zone, as its position: 1 for the first, the labels' count
 * for the last, 0 before and one more after. `instantBucket('p.enrolled_on', buckets)`. Counted rows
 * are grouped by it (`countsPerBucket`): width_bucket searches the buckets' first instants (one
 * array per query), where converting every row's instant to the zone's day cost as much as reading
 * the row.
 */
export const instantBucket = (column: string, b: Buckets) =>
  sql<number>`width_bucket(${sql.ref(column)}, (select array_agg(d::timestamp at time zone ${b.timeZone} order by d) from unnest(${dayBounds(b)}) d))`;

/** The bucket of a date column as its position (no zone: a date is already a day). */
export const dateBucket = (column: string, b: Buckets) => sql<number>`width_bucket(${sql.ref(column)}, ${dayBounds(b)})`;

/** One figure per bucket from a query of rows (bucket, n) grouped by `instantBucket` or `dateBucket`: a row out of the buckets is left out. */
export async function countsPerBucket(db: Kysely<DB>, b: Buckets, counts: RawBuilder<unknown>): Promise<number[]> {
  const { rows } = await sql<{ bucket: number; n: number }>`select bucket, n from (${counts}) as counted`.execute(db);
  const values = b.labels.map(() => 0);
  for (const row of rows) if (row.bucket >= 1 && row.bucket <= values.length) values[row.bucket - 1] = Number(row.n);
  return values;
}

/** The first bucket's first instant, in the zone. */
export const rangeStart = (b: Buckets) => sql<Date>`(${b.first}::date::timestamp at time zone ${b.timeZone})`;

/** Running totals: [1, 0, 2] -> [1, 1, 3]. */
export function runningTotals(values: readonly number[]): number[] {
  let total = 0;
  return values.map((value) => (total += value));
}
