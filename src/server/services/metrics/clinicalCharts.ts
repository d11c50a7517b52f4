import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { countsPerBucket, dateBucket, type Buckets } from './buckets';

/**
 * Compliance per bucket (spec 001 section 9 "Record chart options": compliance window 16/30/45/60
 * days, default 30; minimum measurements 8/16/30/45, default 16): the share, in percent with one
 * decimal, of the provider's active patients who had readings on at least `minDays` distinct days
 * (in the provider's zone) within the `windowDays` days ending on the bucket's last day (today for
 * the current bucket). The denominator is the patients active now: the history of who was active
 * when is not kept per day.
 */
export async function compliancePerBucket(db: Kysely<DB>, tenantId: number, b: Buckets, windowDays: number, minDays: MinimumDays): Promise<number[]> {
  // metric_reading_days (migration 0033) holds each patient's reading days with the next one and the
  // minDays-th latest one up to it (back_N). From a reading day d on (until the next one), the day e is
  // compliant while e < back_N + windowDays: a span [from_day, to_day). A span counts for the buckets
  // whose last day it holds: those from the bucket of from_day to the one before to_day's (the last
  // bucket ends today: a span past today holds it). Each span adds 1 at its first bucket and takes it
  // back at to_day's; the running sum over the buckets is the count per bucket. A span that starts
  // and ends within one bucket (before today) holds no bucket's last day.
  const back = sql.ref(`d.${MINIMUM_DAYS_COLUMNS[minDays]}`);
  const bucketOf = (column: string) => sql`date_trunc(${b.freq}, ${sql.ref(column)}::timestamp)`;
  const { rows } = await sql<{ bucket: string; delta: number; active: number }>`
    with spans as (
      select d.day as from_day, least(coalesce(d.next_day, ${b.today}::date + 1), ${back} + ${windowDays}::int) as to_day, count(*)::int as n
      from metric_reading_days d
      join patients p on p.id = d.patient_id and p.tenant_id = d.tenant_id and p.patient_status = 'active'
      where d.tenant_id = ${tenantId} and d.day >= ${b.first}::date - ${windowDays}::int and d.day <= ${b.today}::date
        and ${back} + ${windowDays}::int > d.day
      -- Patients who read on the same days share their spans: a few hundred rows, not one per patient-day.
      group by 1, 2
    ),
    deltas as (
      select ${bucketOf('from_day')} as bucket, n as delta from spans
      where to_day > ${b.today}::date or ${bucketOf('from_day')} < ${bucketOf('to_day')}
      union all
      select ${bucketOf('to_day')}, -n from spans
      where to_day <= ${b.today}::date and ${bucketOf('from_day')} < ${bucketOf('to_day')}
    )
    select to_char(bucket, 'YYYY-MM-DD') as bucket, sum(delta)::int as delta,
      (select count(*)::int from patients where tenant_id = ${tenantId} and patient_status = 'active') as active
    from deltas group by bucket`.execute(db);
  const active = rows[0]?.active ?? 0;
  // A span from before the first bucket starts at the first.
  const deltas = new Map<string, number>();
  for (const row of rows) {
    const bucket = row.bucket < b.first ? b.first : row.bucket;
    deltas.set(bucket, (deltas.get(bucket) ?? 0) + row.delta);
  }
  let compliant = 0;
  return b.labels.map((label) => {
    compliant += deltas.get(label) ?? 0;
    return active === 0 ? 0 : Math.round((1000 * compliant) / active) / 10;
  });
}

/** The minimum measurement days of spec 001 section 9 and the metric_reading_days column of the Nth latest reading day. */
const MINIMUM_DAYS_COLUMNS = { 8: 'back_8', 16: 'back_16', 30: 'back_30', 45: 'back_45' } as const;
export type MinimumDays = keyof typeof MINIMUM_DAYS_COLUMNS;

/**
 * Readings outside their baseline per bucket (spec 001 section 9: baseline threshold 10/15/20/25
 * percent, default 15; baseline window 3/5/7/14 days, default 7): a reading counts when it differs
 * from the moving average of the same patient's same measure over the `windowDays` days up to it
 * (domain/clinical/baseline.ts's movingBaseline, the clinical chart's trend line) by more than
 * `thresholdPercent` % of that average. Readings are those that count (services/clinical/
 * countedReadings.ts: a flag without a new value leaves a reading out; with one, the new value
 * counts).
 */
export async function baselineDeviationsPerBucket(
  db: Kysely<DB>,
  tenantId: number,
  b: Buckets,
  windowDays: BaselineWindow,
  thresholdPercent: number,
): Promise<number[]> {
  // Each reading's counted value and its moving averages are kept in metric_readings (migration 0033):
  // the chart counts rows, with no window computed per call.
  const baseline = sql.ref(`m.${BASELINE_COLUMNS[windowDays]}`);
  return countsPerBucket(
    db,
    b,
    sql`
    select ${dateBucket('m.day', b)} as bucket, count(*)::int as n from metric_readings m
    where m.tenant_id = ${tenantId} and m.day >= ${b.first}::date and m.y is not null
      and ${baseline} <> 0 and abs(m.y - ${baseline}) * 100 > ${thresholdPercent}::int * abs(${baseline})
    group by 1`,
  );
}

/** The baseline windows of spec 001 section 9 (days) and the metric_readings column that keeps each. */
const BASELINE_COLUMNS = { 3: 'baseline_3', 5: 'baseline_5', 7: 'baseline_7', 14: 'baseline_14' } as const;
export type BaselineWindow = keyof typeof BASELINE_COLUMNS;
