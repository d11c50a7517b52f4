import { sql, type Kysely } from 'kysely';
import { CLINICAL_ACTIVITY_STATUSES, TASK_TYPES, VOICE_CALL_DIRECTIONS } from '../../../domain/patientRecord';
import type { DB } from '../schema';
import { DEMO_PROVIDERS } from './accounts';

/** Task titles by type (spec 001 section 5: at least 10 characters). */
const TASK_TITLES: Record<(typeof TASK_TYPES)[number], readonly string[]> = {
  one_off: ['Review recent blood pressure readings', 'Confirm medication list with patient', 'Follow up on missed measurements'],
  onboarding: ['Schedule device setup call', 'Send welcome packet and consent copy'],
  voice_call: ['Call patient about weight gain', 'Monthly check-in call'],
};

/** Clinical activity titles until templates name them. */
const ACTIVITY_TITLES = ['Monthly RPM data review', 'CCM care plan check-in', 'Medication reconciliation', 'Symptom assessment'];

/** ICD-10 codes of a care program by the patient's primary condition (the record's diagnosis badges). */
const ICD10_BY_CONDITION: Readonly<Record<string, readonly string[]>> = {
  Asthma: ['J45.40'],
  COPD: ['J44.9', 'I10'],
  Diabetes: ['E11.9', 'E78.5'],
  general: ['I10'],
  HeartFailure: ['I50.9', 'I10'],
  chronic_kidney_disease: ['N18.30', 'E11.22'],
};

const list = (values: readonly string[]) => sql`${[...values]}::text[]`;

/**
 * The patient record's panel lists for the demo providers (never the scale tenants): tasks for
 * every third active or consented patient (one to three, cycling through the types; the newest
 * of each patient open, due from five days ago to twenty days ahead, older ones completed by their
 * assignee; assigned to the provider's clinicians, every fifth patient's to the internal clinician), voice calls for every fourth active
 * patient, clinical activity instances in every status for every fifth, and ICD-10 codes on the
 * care programs. Deterministic: everything follows the patient id; times end before `anchor`
 * except open tasks' due days, which run up to three weeks after it.
 */
export async function seedPatientRecords(db: Kysely<DB>, anchor: Date): Promise<void> {
  const slugs = DEMO_PROVIDERS.map((p) => p.slug);
  const at = anchor.toISOString();
  const demo = sql`p.tenant_id in (select id from tenants where slug = any(${slugs}::text[]))`;
  const staff = (local: string) =>
    sql`(select u.id from users u join tenants t on t.id = u.tenant_id where u.tenant_id = p.tenant_id and u.email = ${local}::text || '@' || t.slug || '.demo.example')`;
  const internalClinician = sql`(select id from users where email = 'internal.clinician@demo.example')`;
  const titles = Object.entries(TASK_TITLES).flatMap(([type, names]) =>
    names.map((title, i) => sql`(${type}::text, ${i}::int, ${names.length}::int, ${title}::text)`),
  );

  // n: the task's number for its patient (0 the newest); open when n = 0, else completed by the assignee.
  await sql`insert into tasks (tenant_id, patient_id, title, description, priority, due_on, complete, completed_by_id, completed_at,
      added_by_id, assigned_to_id, task_type, created_on, update_reason, can_be_auto_completed)
    select p.tenant_id, p.id, tt.title, 'Seeded for the demo record', 1 + (p.id + n) % 3,
      (${at}::timestamptz + (case when n = 0 then 20 - p.id % 26 else -10 * n - p.id % 7 end) * interval '1 day')::date,
      n > 0, case when n > 0 then x.assignee end,
      case when n > 0 then ${at}::timestamptz - (10 * n + p.id % 5) * interval '1 day' end,
      ${staff('admin')}, x.assignee, ty.type,
      ${at}::timestamptz - (10 * n + 20 + p.id % 7) * interval '1 day',
      case when n > 0 then 'Done during the monthly review' end, ty.type = 'voice_call'
    from patients p
    cross join lateral (select p.id / 3 as k) k
    cross join generate_series(0, k.k % 3) as n
    cross join lateral (select (${list(TASK_TYPES)})[1 + (k.k + n) % ${TASK_TYPES.length}] as type) ty
    cross join lateral (select case when p.id % 5 = 0 then ${internalClinician} when (k.k + n) % 2 = 0 then ${staff('clinician')} else ${staff('dr.reyes')} end as assignee) x
    join (values ${sql.join(titles)}) as tt (type, i, count, title) on tt.type = ty.type and tt.i = (k.k + n) % tt.count
    where ${demo} and p.patient_status in ('active', 'consented') and p.id % 3 = 0`.execute(db);

  await sql`insert into voice_calls (tenant_id, patient_id, direction, clinician_id, clinician_name, duration, start_time, notes)
    select p.tenant_id, p.id, (${list(VOICE_CALL_DIRECTIONS)})[1 + (p.id + n) % 2], u.id, u.full_name, 60 + (p.id * 37 + n * 101) % 840,
      ${at}::timestamptz - (1 + (p.id + 9 * n) % 60) * interval '1 day' - (p.id % 9) * interval '1 hour',
      case when n = 0 then 'Reviewed readings and medications' end
    from patients p
    cross join generate_series(0, p.id % 3) as n
    join users u on u.id = ${staff('clinician')}
    where ${demo} and p.patient_status = 'active' and p.id % 4 = 0`.execute(db);

  const activityTitles = sql`${[...ACTIVITY_TITLES]}::text[]`;
  await sql`insert into clinical_activity_instances (tenant_id, patient_id, title, status, practitioner_id, created_at, updated_at, completed_at)
    select p.tenant_id, p.id, (${activityTitles})[1 + (p.id + n) % ${ACTIVITY_TITLES.length}], s.status, ${staff('clinician')},
      ${at}::timestamptz - (3 + 11 * n + p.id % 5) * interval '1 day', ${at}::timestamptz - (2 + 11 * n + p.id % 5) * interval '1 day',
      case when s.status = 'complete' then ${at}::timestamptz - (2 + 11 * n + p.id % 5) * interval '1 day' end
    from patients p
    cross join generate_series(0, ${CLINICAL_ACTIVITY_STATUSES.length - 1}) as n
    cross join lateral (select (${list(CLINICAL_ACTIVITY_STATUSES)})[1 + (p.id + n) % ${CLINICAL_ACTIVITY_STATUSES.length}] as status) s
    where ${demo} and p.patient_status = 'active' and p.id % 5 = 0 and n <= p.id % ${CLINICAL_ACTIVITY_STATUSES.length}`.execute(db);

  const codes = Object.entries(ICD10_BY_CONDITION).map(([condition, values]) => sql`(${condition}::text, ${list(values)})`);
  await sql`update service_instances s set icd10_ids = c.codes
    from patients p join (values ${sql.join(codes)}) as c (condition, codes) on c.condition = p.primary_condition
    where p.id = s.patient_id and ${demo}`.execute(db);
}
