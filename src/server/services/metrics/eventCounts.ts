import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { countsPerBucket, dateBucket, instantBucket, rangeStart, type Buckets } from './buckets';

/**
 * Counts of a provider's events per bucket, each from the real rows (no stored counters). Every
 * function answers one number per bucket label, zero where nothing happened.
 */

/** Patients enrolled (patients.enrolled_on) per bucket. */
export async function enrolledPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${instantBucket('enrolled_on', b)} as bucket, count(*)::int as n from patients
    where tenant_id = ${tenantId} and enrolled_on >= ${rangeStart(b)} group by 1`,
  );
}

/** Patients consented (patients.consented_on) per bucket. */
export async function consentedPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${instantBucket('consented_on', b)} as bucket, count(*)::int as n from patients
    where tenant_id = ${tenantId} and consented_on >= ${rangeStart(b)} group by 1`,
  );
}

/** Patients unenrolled (patients.unenrolled_date, a date) per bucket. */
export async function unenrolledPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${dateBucket('unenrolled_date', b)} as bucket, count(*)::int as n from patients
    where tenant_id = ${tenantId} and unenrolled_date between ${b.first}::date and ${b.today}::date group by 1`,
  );
}

/** Patients moved to declined (patient_status_history) per bucket, each patient once per bucket. */
export async function declinedPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${instantBucket('changed_at', b)} as bucket, count(distinct patient_id)::int as n from patient_status_history
    where tenant_id = ${tenantId} and new_status = 'declined' and changed_at >= ${rangeStart(b)} group by 1`,
  );
}

/** Monitoring notes (monitoring_activities.reviewed_on) per bucket. */
export async function monitoringNotesPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${instantBucket('reviewed_on', b)} as bucket, count(*)::int as n from monitoring_activities
    where tenant_id = ${tenantId} and type <> 'activity' and reviewed_on >= ${rangeStart(b)} group by 1`,
  );
}

/** Claims (claim_items.date_of_service) per bucket. */
export async function claimsPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${dateBucket('date_of_service', b)} as bucket, count(*)::int as n from claim_items
    where tenant_id = ${tenantId} and date_of_service between ${b.first}::date and ${b.today}::date group by 1`,
  );
}

/** Device readings (observations of category vital-signs) per bucket of their day in the provider's zone (metric_readings, migration 0033). */
export async function readingsPerBucket(db: Kysely<DB>, tenantId: number, b: Buckets): Promise<number[]> {
  return countsPerBucket(
    db,
    b,
    sql`
    select ${dateBucket('day', b)} as bucket, count(*)::int as n from metric_readings
    where tenant_id = ${tenantId} and day >= ${b.first}::date group by 1`,
  );
}
