import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ACTIVITY_PATIENT_STATUSES,
  cuesOf,
  frequencyEligibility,
  mayRunActivity,
  recommendationFor,
  type ActivityAvailability,
  type ActivityConfig,
  type PatientFacts,
} from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { visibleRows } from '../../resources/recordQuery';
import { activityConfigOf } from './runRecords';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Which activities a patient is offered (spec 001 section 3 "Clinical activity availability", 7, 9;
 * README "Runs"): every enabled, published, latest activity template for each active or consented
 * patient, with the domain's rules (src/domain/clinicalActivities/eligibility.ts, templates.ts) over
 * the patient's record. Starting a run (runs.ts) asks the same question of one template.
 */

/** Ours (001 s4 says only active or consented patients have activities). */
export const PATIENT_NOT_ACTIVE = 'Clinical activities are available only for active or consented patients';
export const CLINICIAN_TYPE_REFUSED = 'Not available for your clinician type';

/** A template that may be run now: enabled, published and the latest of its family. */
export interface RunnableTemplate {
  id: number;
  activity_template_family_id: number;
  version_number: number;
  activity_title: string;
  activity_description: string | null;
  estimated_duration: number | null;
  config: ActivityConfig;
}

/** The runnable templates by title (then id), or the one of `id` when it is runnable. */
export async function runnableTemplates(db: Db, id?: number): Promise<RunnableTemplate[]> {
  let query = db
    .selectFrom('activity_templates')
    .select(['id', 'activity_template_family_id', 'version_number', 'activity_title', 'activity_description', 'estimated_duration', 'activity_config_json'])
    .where('is_enabled', '=', true)
    .where('is_draft', '=', false)
    .where('is_latest', '=', true);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('activity_title').orderBy('id').execute();
  return rows.map(({ activity_config_json, ...row }) => ({ ...row, config: activityConfigOf(activity_config_json) }));
}

/** What the rules read of a patient: status, provider, and the facts of its record today. */
export interface PatientContext {
  id: number;
  tenant_id: number;
  patient_status: string;
  timezone: string;
  facts: PatientFacts;
}

/**
 * The facts of each patient on `now`'s day in its provider's time zone, in one statement: active
 * care programs; the trigger cues (domain cuesOf) from the primary condition, the days since the
 * later of consent and enrolment, the days since the last device reading (a `measurement` device
 * activity, as the monthly ledger and the monitoring form's warnings count readings), the care time
 * of the provider's calendar month, open tasks and an active care plan.
 */
export async function patientContexts(db: Db, ids: readonly number[], now: Date): Promise<Map<number, PatientContext>> {
  const contexts = new Map<number, PatientContext>();
  if (ids.length === 0) return contexts;
  const at = now.toISOString();
  const today = sql`(${at}::timestamptz at time zone tn.timezone)::date`;
  const { rows } = await sql<{
    id: number;
    tenant_id: number;
    patient_status: string;
    primary_condition: string | null;
    timezone: string;
    day: string;
    days_since_enrollment: number | null;
    days_since_reading: number | null;
    care_seconds: number;
    open_tasks: number;
    active_plan: boolean;
    programs: string[];
  }>`
    select p.id, p.tenant_id, p.patient_status, p.primary_condition, tn.timezone, ${today}::text as day,
      ${today} - (greatest(p.consented_on, p.enrolled_on) at time zone tn.timezone)::date as days_since_enrollment,
      ${today} - (r.last at time zone tn.timezone)::date as days_since_reading,
      (select coalesce(sum(m.duration), 0)::int from monitoring_activities m
        where m.patient_id = p.id and m.reviewed_on >= date_trunc('month', ${at}::timestamptz at time zone tn.timezone) at time zone tn.timezone
          and m.reviewed_on <= ${at}::timestamptz) as care_seconds,
      (select count(*)::int from tasks k where k.patient_id = p.id and not k.complete) as open_tasks,
      exists (select 1 from care_plans c where c.patient_id = p.id and c.is_active) as active_plan,
      array(select distinct s.type from service_instances s where s.patient_id = p.id and s.is_active order by s.type) as programs
    from patients p
    join tenants tn on tn.id = p.tenant_id
    left join lateral (select max(a.created_on) as last from device_activities a
      where a.patient_id = p.id and a.activity_type = 'measurement') r on true
    where p.id in (${sql.join([...ids])})`.execute(db);
  for (const row of rows) {
    contexts.set(row.id, {
      id: row.id,
      tenant_id: row.tenant_id,
      patient_status: row.patient_status,
      timezone: row.timezone,
      facts: {
        programs: row.programs,
        day: row.day,
        cues: cuesOf({
          primaryCondition: row.primary_condition,
          daysSinceEnrollment: row.days_since_enrollment,
          daysSinceLastReading: row.days_since_reading,
          careSecondsThisMonth: Number(row.care_seconds),
          openTasks: Number(row.open_tasks),
          hasActiveCarePlan: row.active_plan,
        }),
      },
    });
  }
  return contexts;
}

export const hasActivities = (patient: Pick<PatientContext, 'patient_status'>) => ACTIVITY_PATIENT_STATUSES.includes(patient.patient_status);

/** The runs that matter to availability: each patient's completions per family (pending review or complete), and the caller's open drafts. */
export interface RunHistory {
  completions: Map<string, Date[]>;
  drafts: Map<string, number>;
}
const keyOf = (patientId: number, familyId: number) => `${String(patientId)}:${String(familyId)}`;

export async function runHistory(db: Db, patientIds: readonly number[], familyIds: readonly number[], callerId: number): Promise<RunHistory> {
  const history: RunHistory = { completions: new Map(), drafts: new Map() };
  if (patientIds.length === 0 || familyIds.length === 0) return history;
  const rows = await db
    .selectFrom('clinical_activity_instances')
    .select(['id', 'patient_id', 'activity_template_family_id', 'status', 'completed_at'])
    .where('patient_id', 'in', [...new Set(patientIds)])
    .where('activity_template_family_id', 'in', [...new Set(familyIds)])
    .where((eb) => eb.or([eb('status', 'in', ['pending_review', 'complete']), eb.and([eb('status', '=', 'draft'), eb('practitioner_id', '=', callerId)])]))
    .execute();
  for (const row of rows) {
    const key = keyOf(row.patient_id, row.activity_template_family_id!);
    if (row.status === 'draft') history.drafts.set(key, row.id);
    else if (row.completed_at) history.completions.set(key, [...(history.completions.get(key) ?? []), new Date(row.completed_at)]);
  }
  return history;
}

/** The caller's clinician type (users.staff_type); internal staff without one run any activity. */
export async function staffTypeOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('staff_type').where('id', '=', userId).executeTakeFirst();
  return row?.staff_type ?? null;
}

/**
 * One entry (001 s3): eligible by the family's frequency limit over the patient's completions;
 * recommended, warned or disabled by the recommendation's rules over the patient's facts; disabled
 * for a clinician type the template leaves out ('Not available for your clinician type'). The
 * reason says why it is disabled, else why it is not eligible.
 */
export function availabilityOf(
  template: RunnableTemplate,
  patient: PatientContext,
  history: RunHistory,
  staffType: string | null,
  now: Date,
): ActivityAvailability {
  const key = keyOf(patient.id, template.activity_template_family_id);
  const completions = history.completions.get(key) ?? [];
  const { config } = template;
  const eligibility = frequencyEligibility(config.scheduling.frequency_limit, completions, now);
  const recommendation = recommendationFor(config.recommendation, patient.facts, eligibility.eligible, config.scheduling.recommend_if_eligible);
  const clinicianRefused = !mayRunActivity(config, staffType);
  const disabled = clinicianRefused || recommendation.disabled;
  const last = completions.reduce<Date | null>((latest, at) => (latest === null || at > latest ? at : latest), null);
  return {
    activity_template: {
      id: template.id,
      activity_template_family_id: template.activity_template_family_id,
      version_number: template.version_number,
      activity_title: template.activity_title,
      activity_description: template.activity_description,
      estimated_duration: template.estimated_duration,
    },
    patient_id: patient.id,
    is_recommended: recommendation.recommended && !disabled,
    is_eligible: eligibility.eligible,
    priority_score: recommendation.priority,
    pending_clinical_activity_instance_id: history.drafts.get(key) ?? null,
    last_completed_at: last?.toISOString() ?? null,
    warning_message: recommendation.warning,
    reason: clinicianRefused ? CLINICIAN_TYPE_REFUSED : (recommendation.reason ?? eligibility.reason),
    disabled,
  };
}

/**
 * GET clinical-activities/available: a page of entries (one per runnable template and active or
 * consented patient, by title, then in the order the patients were asked) and their total. Every
 * patient must be one the caller sees (else 404, another provider's like none); the read is
 * audited once per patient.
 */
export async function availableActivities(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: Caller,
  patientIds: readonly number[],
  page: { skip: number; limit: number },
  now = new Date(),
): Promise<{ entries: ActivityAvailability[]; total: number }> {
  const ids = [...new Set(patientIds)];
  const seen = await visibleRows(db, patients, caller.access, (eb) => eb('t.id', 'in', ids))
    .select('t.id')
    .execute();
  if (seen.length !== ids.length) throw notFound();
  const [contexts, templates] = await Promise.all([patientContexts(db, ids, now), runnableTemplates(db)]);
  const withActivities = ids.map((id) => contexts.get(id)).filter((p): p is PatientContext => p !== undefined && hasActivities(p));
  const pairs = templates.flatMap((template) => withActivities.map((patient) => ({ template, patient })));
  const shown = pairs.slice(page.skip, page.skip + page.limit);
  const [history, staffType] = await Promise.all([
    runHistory(
      db,
      shown.map((p) => p.patient.id),
      shown.map((p) => p.template.activity_template_family_id),
      caller.identity.id,
    ),
    staffTypeOf(db, caller.identity.id),
  ]);
  await auditPatients(db, {
    request,
    identity: caller.identity,
    resource: 'clinical-activities/available',
    action: 'list',
    tenantId: caller.identity.tenant_id,
    records: ids.map((id) => ({ patientId: id, recordId: String(id) })),
  });
  return { entries: shown.map(({ template, patient }) => availabilityOf(template, patient, history, staffType, now)), total: pairs.length };
}
