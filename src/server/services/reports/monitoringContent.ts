import { sql, type Kysely } from 'kysely';
import type { ClinicianMonitoringReportContent, MonitoringReportContent } from '../../../../schemas/payloads/reports';
import type { DB } from '../../db/schema';
import { minutesOf, rangeFrom, rangeTo, type ReportRange } from './reportRange';

type Totals<C extends { totals: unknown }> = C['totals'];

/**
 * monitoring_report: one row per patient of the provider active in the range: with a monitoring
 * activity (by its `reviewed_on`) or a reading (an observation, by its `timestamp`) in it, or enrolled
 * (status active) on or before its end. Minutes are the activities' durations, notes their count,
 * readings the observations and reading days the days of the provider's zone with one; codes met are
 * the CPT codes of the patient's services whose period starts in the range and that are complete or
 * billed. Ordered by the patient's name.
 */
export async function monitoringContent(db: Kysely<DB>, range: ReportRange): Promise<Omit<MonitoringReportContent, 'timezone' | 'provider_name'>> {
  const from = rangeFrom(range);
  const to = rangeTo(range);
  const onePatient = (column: string) => (range.patientId === null ? sql`true` : sql`${sql.ref(column)} = ${range.patientId}`);
  const result = await sql<{
    patient_id: number;
    patient_name: string;
    notes: number;
    seconds: number;
    readings: number;
    reading_days: number;
    codes_met: string[];
  }>`
    with activities as (
      select ma.patient_id, count(*)::int as notes, coalesce(sum(ma.duration), 0)::int as seconds
      from monitoring_activities ma
      where ma.tenant_id = ${range.tenantId} and ma.reviewed_on >= ${from} and ma.reviewed_on < ${to} and ${onePatient('ma.patient_id')}
      group by ma.patient_id
    ), readings as (
      select o.patient_id, count(*)::int as readings,
        count(distinct (o.timestamp at time zone ${range.timezone})::date)::int as reading_days
      from observations o
      where o.tenant_id = ${range.tenantId} and o.timestamp >= ${from} and o.timestamp < ${to} and ${onePatient('o.patient_id')}
      group by o.patient_id
    ), codes as (
      select s.patient_id, array_agg(distinct s.cpt_code order by s.cpt_code) as codes_met
      from services s
      where s.tenant_id = ${range.tenantId} and s.start_date between ${range.start}::date and ${range.end}::date
        and s.status in ('complete', 'billed') and ${onePatient('s.patient_id')}
      group by s.patient_id
    )
    select p.id as patient_id, p.user_full_name as patient_name,
      coalesce(a.notes, 0) as notes, coalesce(a.seconds, 0) as seconds,
      coalesce(r.readings, 0) as readings, coalesce(r.reading_days, 0) as reading_days,
      coalesce(c.codes_met, '{}') as codes_met
    from patients p
    left join activities a on a.patient_id = p.id
    left join readings r on r.patient_id = p.id
    left join codes c on c.patient_id = p.id
    where p.tenant_id = ${range.tenantId} and ${onePatient('p.id')}
      and (a.patient_id is not null or r.patient_id is not null or (p.patient_status = 'active' and p.enrolled_on < ${to}))
    order by p.user_full_name, p.id`.execute(db);
  const rows = result.rows.map(({ seconds, ...row }) => ({ ...row, minutes: minutesOf(seconds) }));
  const seconds = result.rows.reduce((sum, r) => sum + r.seconds, 0);
  const totals: Totals<MonitoringReportContent> = {
    patients: rows.length,
    minutes: minutesOf(seconds),
    notes: rows.reduce((sum, r) => sum + r.notes, 0),
    readings: rows.reduce((sum, r) => sum + r.readings, 0),
  };
  return { rows, totals };
}

/**
 * clinician_monitoring_report: the range's monitoring activities of the provider grouped by the
 * clinician who did the work (`practitioner_id`; none is 'Unassigned'): the patients they touched,
 * their notes and minutes. The totals count each patient once.
 */
export async function clinicianMonitoringContent(
  db: Kysely<DB>,
  range: ReportRange,
): Promise<Omit<ClinicianMonitoringReportContent, 'timezone' | 'provider_name'>> {
  const from = rangeFrom(range);
  const to = rangeTo(range);
  const onePatient = range.patientId === null ? sql`true` : sql`ma.patient_id = ${range.patientId}`;
  const inRange = sql`ma.tenant_id = ${range.tenantId} and ma.reviewed_on >= ${from} and ma.reviewed_on < ${to} and ${onePatient}`;
  const result = await sql<{ practitioner_id: number | null; practitioner_name: string; patients: number; notes: number; seconds: number }>`
    select ma.practitioner_id,
      coalesce(u.full_name, max(ma.practitioner_name), 'Unassigned') as practitioner_name,
      count(distinct ma.patient_id)::int as patients, count(*)::int as notes, coalesce(sum(ma.duration), 0)::int as seconds
    from monitoring_activities ma
    left join users u on u.id = ma.practitioner_id
    where ${inRange}
    group by ma.practitioner_id, u.full_name
    order by 2, ma.practitioner_id nulls last`.execute(db);
  const patients = await sql<{ n: number }>`select count(distinct ma.patient_id)::int as n from monitoring_activities ma where ${inRange}`.execute(db);
  const rows = result.rows.map(({ seconds, ...row }) => ({ ...row, minutes: minutesOf(seconds) }));
  return {
    rows,
    totals: {
      clinicians: rows.length,
      patients: patients.rows[0]?.n ?? 0,
      notes: rows.reduce((sum, r) => sum + r.notes, 0),
      minutes: minutesOf(result.rows.reduce((sum, r) => sum + r.seconds, 0)),
    },
  };
}
