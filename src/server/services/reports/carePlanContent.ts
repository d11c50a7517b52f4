import { sql, type Kysely } from 'kysely';
import type { CarePlanClinicianReportContent, CarePlanReportContent } from '../../../../schemas/payloads/reports';
import type { DB } from '../../db/schema';
import { rangeFrom, rangeTo, type ReportRange } from './reportRange';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * care_plan_report: one row per care plan of the provider's patients that existed during the range
 * (created before its end, not deactivated before its start), with its state when the report is
 * generated (active, draft or deactivated), when it was activated and last reviewed, and how many
 * reviews and revisions (`revised` or `edited` changes) its history holds within the range.
 * Ordered by the patient's name, then the plan's creation.
 */
export async function carePlanContent(db: Kysely<DB>, range: ReportRange): Promise<Omit<CarePlanReportContent, 'timezone' | 'provider_name'>> {
  const from = rangeFrom(range);
  const to = rangeTo(range);
  const onePatient = range.patientId === null ? sql`true` : sql`cp.patient_id = ${range.patientId}`;
  const result = await sql<{
    patient_id: number;
    patient_name: string;
    care_plan_id: number;
    plan_name: string;
    is_active: boolean;
    deactivated_at: Date | string | null;
    activated_at: Date | string | null;
    last_reviewed_at: Date | string | null;
    reviews: number;
    revisions: number;
  }>`
    select cp.patient_id, p.user_full_name as patient_name, cp.id as care_plan_id, cp.plan_name, cp.is_active,
      cp.deactivated_at, cp.activated_at, cp.last_reviewed_at,
      count(r.id) filter (where r.kind = 'reviewed')::int as reviews,
      count(r.id) filter (where r.kind in ('revised', 'edited'))::int as revisions
    from care_plans cp
    join patients p on p.id = cp.patient_id
    left join care_plan_revisions r on r.care_plan_id = cp.id and r.created_at >= ${from} and r.created_at < ${to}
    where cp.tenant_id = ${range.tenantId} and ${onePatient}
      and cp.created_at < ${to} and (cp.deactivated_at is null or cp.deactivated_at >= ${from})
    group by cp.id, p.id
    order by p.user_full_name, p.id, cp.created_at, cp.id`.execute(db);
  const rows = result.rows.map(({ is_active, deactivated_at, activated_at, last_reviewed_at, ...row }) => ({
    ...row,
    status: is_active ? ('active' as const) : deactivated_at === null ? ('draft' as const) : ('deactivated' as const),
    activated_at: iso(activated_at),
    last_reviewed_at: iso(last_reviewed_at),
  }));
  return {
    rows,
    totals: {
      patients: new Set(rows.map((r) => r.patient_id)).size,
      care_plans: rows.length,
      active: rows.filter((r) => r.status === 'active').length,
      reviews: rows.reduce((sum, r) => sum + r.reviews, 0),
      revisions: rows.reduce((sum, r) => sum + r.revisions, 0),
    },
  };
}

/**
 * care_plan_clinician_report: the range's care-plan history of the provider grouped by its author:
 * the patients whose plans they touched, and the plans they created, reviewed, revised (`revised` or
 * `edited`) and activated. An author no longer known is named as the history kept them. The totals
 * count each patient once.
 */
export async function carePlanClinicianContent(
  db: Kysely<DB>,
  range: ReportRange,
): Promise<Omit<CarePlanClinicianReportContent, 'timezone' | 'provider_name'>> {
  const from = rangeFrom(range);
  const to = rangeTo(range);
  const onePatient = range.patientId === null ? sql`true` : sql`cp.patient_id = ${range.patientId}`;
  const inRange = sql`cp.tenant_id = ${range.tenantId} and r.created_at >= ${from} and r.created_at < ${to} and ${onePatient}`;
  const result = await sql<{
    author_id: number | null;
    author_name: string;
    patients: number;
    created: number;
    reviewed: number;
    revised: number;
    activated: number;
  }>`
    select r.author_id, coalesce(u.full_name, max(r.author_name), 'Unknown') as author_name,
      count(distinct cp.patient_id)::int as patients,
      count(*) filter (where r.kind = 'created')::int as created,
      count(*) filter (where r.kind = 'reviewed')::int as reviewed,
      count(*) filter (where r.kind in ('revised', 'edited'))::int as revised,
      count(*) filter (where r.kind = 'activated')::int as activated
    from care_plan_revisions r
    join care_plans cp on cp.id = r.care_plan_id
    left join users u on u.id = r.author_id
    where ${inRange}
    group by r.author_id, u.full_name
    order by 2, r.author_id nulls last`.execute(db);
  const patients = await sql<{ n: number }>`
    select count(distinct cp.patient_id)::int as n from care_plan_revisions r join care_plans cp on cp.id = r.care_plan_id where ${inRange}`.execute(db);
  const rows = result.rows;
  return {
    rows,
    totals: {
      clinicians: rows.length,
      patients: patients.rows[0]?.n ?? 0,
      reviewed: rows.reduce((sum, r) => sum + r.reviewed, 0),
      revised: rows.reduce((sum, r) => sum + r.revised, 0),
    },
  };
}
