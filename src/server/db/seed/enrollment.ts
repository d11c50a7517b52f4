import { sql, type Kysely } from 'kysely';
import { DECLINE_REASONS, UNENROLL_REASONS, UNSEEN_REASONS } from '../../../domain/enums';
import { DECLINE_REASON_LABELS, describeStatusChange, UNSEEN_REASON_LABELS, type StatusTransition } from '../../../domain/patientStatus';
import { UNENROLL_REASON_LABELS } from '../../../domain/patientStatusUnenroll';
import type { DB } from '../schema';
import { DEMO_PROVIDERS } from './accounts';

/**
 * The path each seeded status took, as (step, from, to): an active patient was consented, then
 * activated; an unenrolled one went through both before its unenrolment.
 */
const PATHS = [
  ['consented', 1, 'pending_enrollment', 'consented'],
  ['active', 1, 'pending_enrollment', 'consented'],
  ['active', 2, 'consented', 'active'],
  ['declined', 1, 'pending_enrollment', 'declined'],
  ['unseen', 1, 'pending_enrollment', 'unseen'],
  ['disabled', 1, 'pending_enrollment', 'consented'],
  ['disabled', 2, 'consented', 'active'],
  ['disabled', 3, 'active', 'disabled'],
] as const;

/** The reason labels a step to each status records (the history holds labels, the patient row codes). */
const REASONS: Partial<Record<StatusTransition['to'], Readonly<Record<string, string>>>> = {
  declined: DECLINE_REASON_LABELS,
  unseen: UNSEEN_REASON_LABELS,
  disabled: UNENROLL_REASON_LABELS,
};

const values = (rows: readonly (readonly unknown[])[]) => sql.join(rows.map((row) => sql`(${sql.join(row.map((v) => sql.lit(v as string)))})`));

/**
 * The enrolment history of the demo providers' patients, written as if the console had made it:
 * the status dates, actors and reasons on the patient rows, one status history row and one
 * monitoring activity (type activity, the domain's description) per step, and care programs
 * (two active for active patients, one for every second consented patient, two ended for
 * unenrolled ones). Actor: the provider's admin. Deterministic: reasons follow the patient id, times
 * the patient's creation (never past `anchor`, the seed's day).
 */
export async function seedEnrollmentHistory(db: Kysely<DB>, anchor: Date): Promise<void> {
  const slugs = DEMO_PROVIDERS.map((p) => p.slug);
  const demo = sql`select p.id from patients p join tenants t on t.id = p.tenant_id where t.slug = any(${slugs}::text[])`;
  const admin = sql`(select u.id from users u where u.tenant_id = p.tenant_id and u.role = 'admin' order by u.id limit 1)`;
  // Times follow the patient's creation, never past the seed's day, so that two runs agree.
  const end = sql`${anchor}::timestamptz`;
  const at = (hours: number) => sql`least(p.created_at + interval '${sql.raw(String(hours))} hours', ${end})`;

  await sql`update patients p set
      consented_by_id = case when p.patient_status in ('consented', 'active', 'disabled') then ${admin} end,
      consented_on = case when p.patient_status in ('consented', 'active', 'disabled') then coalesce(p.consented_on, ${at(1)}) end,
      declined_on = case when p.patient_status = 'declined' then ${at(1)} end,
      declined_by_id = case when p.patient_status = 'declined' then ${admin} end,
      declined_reason = case when p.patient_status = 'declined' then (${[...DECLINE_REASONS]}::text[])[1 + p.id % ${DECLINE_REASONS.length}] end,
      unseen_on = case when p.patient_status = 'unseen' then ${at(1)} end,
      unseen_by_id = case when p.patient_status = 'unseen' then ${admin} end,
      unseen_reason = case when p.patient_status = 'unseen' then (${[...UNSEEN_REASONS]}::text[])[1 + p.id % ${UNSEEN_REASONS.length}] end,
      unenrolled_date = case when p.patient_status = 'disabled' then least(p.created_at + (1 + p.id % 90) * interval '1 day', ${end})::date end,
      unenrolled_by_id = case when p.patient_status = 'disabled' then ${admin} end,
      unenrolled_reason = case when p.patient_status = 'disabled' then (${[...UNENROLL_REASONS]}::text[])[1 + p.id % ${UNENROLL_REASONS.length - 1}] end
    where p.id in (${demo})`.execute(db);

  const reasonCode = sql`case s.new_status when 'declined' then p.declined_reason when 'unseen' then p.unseen_reason when 'disabled' then p.unenrolled_reason end`;
  const labels = Object.entries(REASONS).flatMap(([status, byCode]) => Object.entries(byCode ?? {}).map(([code, label]) => [status, code, label] as const));
  await sql`insert into patient_status_history (patient_id, tenant_id, changed_at, old_status, new_status, changed_by_id, changed_by_name, reason)
    select p.id, p.tenant_id,
      case when s.new_status = 'disabled' then least(p.unenrolled_date::timestamptz + interval '12 hours', ${end}) else ${at(0)} + s.step * interval '1 hour' end,
      s.old_status, s.new_status, u.id, u.full_name, r.label
    from patients p
    join (values ${values(PATHS)}) as s (status, step, old_status, new_status) on s.status = p.patient_status
    join users u on u.id = ${admin}
    left join (values ${values(labels)}) as r (status, code, label) on r.status = s.new_status and r.code = ${reasonCode}
    where p.id in (${demo})`.execute(db);

  // One description per step and reason: the same step is on several statuses' paths (pending to
  // consented leads to consented, active and unenrolled), and a repeated row would join each history row again.
  const byStep = new Map(
    PATHS.flatMap(([, , from, to]) =>
      [null, ...Object.values(REASONS[to] ?? {})].map(
        (reason) => [`${from}|${to}|${reason ?? ''}`, [from, to, reason ?? '', describeStatusChange(from, to, reason)] as const] as const,
      ),
    ),
  );
  const descriptions = [...byStep.values()];
  await sql`insert into monitoring_activities (patient_id, tenant_id, practitioner_id, practitioner_name, type, description, reviewed_on, created_on, created_by_id)
    select h.patient_id, h.tenant_id, h.changed_by_id, h.changed_by_name, 'activity', d.description, h.changed_at, h.changed_at, h.changed_by_id
    from patient_status_history h
    join (values ${values(descriptions)}) as d (old_status, new_status, reason, description)
      on d.old_status = h.old_status and d.new_status = h.new_status and d.reason = coalesce(h.reason, '')
    where h.patient_id in (${demo})`.execute(db);

  const provider = sql`(select u.id from users u where u.tenant_id = p.tenant_id and u.is_provider and u.npi_number is not null order by u.id limit 1)`;
  await sql`insert into service_instances (patient_id, tenant_id, type, start, "end", is_active, practitioner_id)
    select p.id, p.tenant_id, c.type, p.consented_on::date,
      case when p.patient_status = 'disabled' then greatest(p.unenrolled_date, p.consented_on::date) end,
      p.patient_status <> 'disabled', ${provider}
    from patients p
    cross join (values ('rpm', 1), ('ccm', 2)) as c (type, n)
    where p.id in (${demo}) and (p.patient_status in ('active', 'disabled') or (p.patient_status = 'consented' and p.id % 2 = 0 and c.n = 1))`.execute(db);
}
