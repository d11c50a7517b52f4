import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { bucketRows, countsPerBucket, perBucket, rangeStart, instantBucket, type Buckets } from './buckets';

/**
 * Compliance per bucket (spec 001 section 9 "Record chart options": compliance window 16/30/45/60
 * days, default 30; minimum measurements 8/16/30/45, default 16): the share, in percent with one
 * decimal, of the provider's active patients who had readings on at least `minDays` distinct days
 * (in the provider's zone) within the `windowDays` days ending on the bucket's last day (today for
 * the current bucket). The denominator is the patients active now: the history of who was active
 * when is not kept per day.
 */
export async function compliancePerBucket(db: Kysely<DB>, tenantId: number, b: Buckets, windowDays: number, minDays: number): Promise<number[]> {
  // With a patient's reading days d1 < d2 < ..., the day e is compliant when the minDays-th latest
  // reading day up to e is within the window: from each reading day d_k on (until the next one),
  // e is compliant while e < d_(k - minDays + 1) + windowDays. Those spans, cut into days, meet the
  // buckets' last days through a running sum of the spans' starts and ends.
  const { rows } = await sql<{ bucket: string; n: number; active: number }>`
    with ends as materialized (${bucketRows(b)}),
    days as (
      select distinct o.patient_id, (o.timestamp at time zone ${b.timeZone})::date as day
      from observations o
      join patients p on p.id = o.patient_id and p.tenant_id = o.tenant_id and p.patient_status = 'active'
      where o.tenant_id = ${tenantId} and o.category = 'vital-signs'
        and o.timestamp >= ((${b.first}::date - ${windowDays}::int)::timestamp at time zone ${b.timeZone})
    ),
    ranked as (
      select patient_id, day,
        lead(day) over w as next_day,
        lag(day, ${minDays - 1}::int) over w as earliest
      from days
      window w as (partition by patient_id order by day)
    ),
    spans as (
      select patient_id, day as from_day, least(coalesce(next_day, ${b.today}::date + 1), earliest + ${windowDays}::int) as to_day
      from ranked
      where earliest is not null and earliest + ${windowDays}::int > day
    ),
    -- A sweep over the spans (+1 on a span's first day, -1 the day after its last): the running sum
    -- on a day is the number of patients compliant that day, read at each bucket's last day. The
    -- work grows with the spans, not with the days they cover.
    deltas as (
      select from_day as day, 1 as delta from spans
      union all
      select to_day, -1 from spans
    ),
    running as materialized (
      select day, (sum(sum(delta)) over (order by day))::int as n from deltas group by day
    ),
    compliant as (
      select e.bucket, coalesce((select r.n from running r where r.day <= e.end_day order by r.day desc limit 1), 0) as n
      from ends e
    )
    select to_char(c.bucket, 'YYYY-MM-DD') as bucket, c.n,
      (select count(*)::int from patients where tenant_id = ${tenantId} and patient_status = 'active') as active
    from compliant c`.execute(db);
  const active = rows[0]?.active ?? 0;
  return perBucket(
    b,
    rows.map((r) => ({ bucket: r.bucket, n: active === 0 ? 0 : Math.round((1000 * r.n) / active) / 10 })),
  );
}

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
  windowDays: number,
  thresholdPercent: number,
): Promise<number[]> {
  // The window is a whole number of days from the schema's enum: a literal, since a window frame's offset cannot be a parameter everywhere.
  const window = sql.lit(`${String(Math.trunc(windowDays))} days`);
  return countsPerBucket(
    db,
    b,
    sql`
    with r as (
      select o.patient_id, o.name, o.timestamp, coalesce(a.new_value, o.value) as y
      from observations o
      left join observation_annotations a on a.observation_id = o.id
      where o.tenant_id = ${tenantId} and o.category = 'vital-signs'
        and (a.annotation_type is null or a.annotation_type <> 'flag' or a.new_value is not null)
        and o.timestamp >= (${rangeStart(b)} - make_interval(days => ${windowDays}::int))
    ),
    w as (
      select timestamp, y, avg(y) over (partition by patient_id, name order by timestamp range between interval ${window} preceding and current row) as baseline
      from r
    )
    select ${instantBucket('timestamp', b)} as bucket, count(*)::int as n from w
    where timestamp >= ${rangeStart(b)} and baseline <> 0 and abs(y - baseline) * 100 > ${thresholdPercent}::int * abs(baseline)
    group by 1`,
  );
}
