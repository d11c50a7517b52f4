import { sql, type Kysely } from 'kysely';
import type { ProviderMetrics } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';
import type { MetricsTenant } from './metricsTenant';

/**
 * A provider's figures (spec 001 section 3 "Metrics"), counted in its time zone: patients now
 * active; patients enrolled and consented today (patients.enrolled_on, consented_on); patients put
 * in pending enrollment today (patient_status_history, each patient once); the monitoring notes (not the server's 'activity' rows of status changes)
 * and their minutes (duration is in seconds, the sum rounded to whole minutes) and the claims
 * (date of service) of the month so far.
 */
export async function providerMetrics(db: Kysely<DB>, tenant: MetricsTenant): Promise<ProviderMetrics> {
  const { id, timeZone } = tenant;
  const { rows } = await sql<ProviderMetrics>`
    with t as (
      select (now() at time zone ${timeZone})::date as today
    ), s as (
      select today, (today::timestamp at time zone ${timeZone}) as day_start,
        (date_trunc('month', today::timestamp) at time zone ${timeZone}) as month_start,
        date_trunc('month', today::timestamp)::date as month_first
      from t
    )
    select
      (select count(*)::int from patients where tenant_id = ${id} and patient_status = 'active') as active_patients,
      (select count(*)::int from patients, s where tenant_id = ${id} and enrolled_on >= s.day_start) as today_enrolled_count,
      (select count(*)::int from patients, s where tenant_id = ${id} and consented_on >= s.day_start) as today_consented_count,
      (select count(distinct patient_id)::int from patient_status_history, s
        where tenant_id = ${id} and new_status = 'pending_enrollment' and changed_at >= s.day_start) as today_pending_enrollment_count,
      (select count(*)::int from monitoring_activities, s where tenant_id = ${id} and type <> 'activity' and reviewed_on >= s.month_start) as monitoring_notes_count,
      (select coalesce(round(sum(duration) / 60.0), 0)::int from monitoring_activities, s
        where tenant_id = ${id} and reviewed_on >= s.month_start) as monitoring_minutes_sum,
      (select count(*)::int from claim_items, s where tenant_id = ${id} and date_of_service between s.month_first and s.today) as claims_count`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('provider metrics: no row');
  return row;
}
