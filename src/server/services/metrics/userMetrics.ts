import { sql, type Kysely } from 'kysely';
import type { UserMetrics } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';

/**
 * A user's own figures (spec 001 section 3 "Metrics"; Home's Your metrics), counted in the user's
 * time zone (settings.user_timezone, else the tenant's, else UTC):
 * - patients_under_care: patients of whose care team the user is a member today (start_date on or
 *   before today, no end_date or one from today on);
 * - patients_enrolled_this_month / patients_enrolled: patients the user enrolled (enrolled_by_id),
 *   this month (enrolled_on) and ever;
 * - monitoring_notes_count / monitoring_minutes_sum: the user's monitoring notes (practitioner_id; not the
 *   server's 'activity' rows)
 *   of the month so far (reviewed_on), and their minutes (duration in seconds, summed, rounded);
 * - open_tasks / completed_tasks: tasks assigned to the user, not complete and complete.
 */
export async function userMetrics(db: Kysely<DB>, userId: number, timeZone: string): Promise<UserMetrics> {
  const { rows } = await sql<UserMetrics>`
    with t as (select (now() at time zone ${timeZone})::date as today),
    s as (select today, (date_trunc('month', today::timestamp) at time zone ${timeZone}) as month_start from t)
    select
      (select count(distinct patient_id)::int from care_team_members, s
        where practitioner_id = ${userId} and start_date <= s.today and (end_date is null or end_date >= s.today)) as patients_under_care,
      (select count(*)::int from patients, s where enrolled_by_id = ${userId} and enrolled_on >= s.month_start) as patients_enrolled_this_month,
      (select count(*)::int from patients where enrolled_by_id = ${userId}) as patients_enrolled,
      (select count(*)::int from monitoring_activities, s where practitioner_id = ${userId} and type <> 'activity' and reviewed_on >= s.month_start) as monitoring_notes_count,
      (select coalesce(round(sum(duration) / 60.0), 0)::int from monitoring_activities, s
        where practitioner_id = ${userId} and reviewed_on >= s.month_start) as monitoring_minutes_sum,
      (select count(*)::int from tasks where assigned_to_id = ${userId} and not complete) as open_tasks,
      (select count(*)::int from tasks where assigned_to_id = ${userId} and complete) as completed_tasks`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('user metrics: no row');
  return row;
}
