import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CLINICAL_ACTIVITY_STATUSES, TASK_TYPES } from '../../../domain/patientRecord';
import { VOICE_CALL_DIRECTIONS } from '../../../domain/voiceCalls';
import { isItemEnabled, previewNotes, type ActivityData, type ActivityItem, type Answer, type RunSteps } from '../../../domain/clinicalActivities';
import { zonedDay } from '../../../domain/zonedDays';
import { loadActivityTemplate, runStepsOf } from '../../services/clinicalActivities/templateStore';
import { toneWav } from '../../services/telephony/tone';
import type { DB } from '../schema';
import { DEMO_PROVIDERS } from './accounts';

/** Task titles by type (spec 001 section 5: at least 10 characters). */
const TASK_TITLES: Record<(typeof TASK_TYPES)[number], readonly string[]> = {
  one_off: ['Review recent blood pressure readings', 'Confirm medication list with patient', 'Follow up on missed measurements'],
  onboarding: ['Schedule device setup call', 'Send welcome packet and consent copy'],
  voice_call: ['Call patient about weight gain', 'Monthly check-in call'],
};

/** The clinic's number on the demo calls (Twilio's test number, which dials nobody). */
const SIMULATED_CALLER_ID = '+15005550006';
/** The demo calls' recording: a few seconds of tone. */
const SEED_RECORDING_SECONDS = 6;
/** The demo calls' transcripts ({clinician} and {patient} filled in). */
const CALL_TRANSCRIPTS = [
  'Clinician ({clinician}): Hi {patient}, this is your care team calling about your blood pressure readings this week.\nPatient: Hi, yes, I have been measuring every morning.\nClinician: Your readings look steadier. Are you taking the lisinopril every day?\nPatient: Most days, I missed one on Sunday.\nClinician: Thank you. Keep measuring at the same time each morning, and call us if you feel dizzy.',
  'Clinician ({clinician}): Good afternoon {patient}, I am calling for your monthly check-in.\nPatient: Hello. My weight went up two pounds since Friday.\nClinician: Any swelling in your ankles or shortness of breath?\nPatient: A little swelling in the evening.\nClinician: I will let the doctor know today. Please keep your salt low and weigh yourself every morning.',
  'Patient ({patient}): Hello, I got a message that my readings stopped.\nClinician ({clinician}): Yes, we have had no readings since Tuesday. Is the device switched on?\nPatient: The batteries were flat. I changed them this morning.\nClinician: Great, I can see a new reading now. Thank you for letting us know.',
] as const;

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
 * patient, clinical activity runs in every status for every fifth (seedActivityRuns), and ICD-10 codes on the
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

  // Voice calls, as if placed through Twilio (issue 22): outbound ones by the provider's clinician to the
  // patient's mobile, inbound ones from the patient to the clinic; each answered, with a transcript,
  // and a recording: a short generated tone per provider (the demo has no voices to play).
  const recordings = new Map<number, number>();
  const tenants = await db.selectFrom('tenants').select('id').where('slug', 'in', slugs).execute();
  for (const tenant of tenants) {
    const bytes = toneWav(SEED_RECORDING_SECONDS, 392);
    const file = await db
      .insertInto('stored_files')
      .values({
        tenant_id: tenant.id,
        storage: 'database',
        content: bytes,
        content_type: 'audio/wav',
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        file_name: 'demo-call-recording.wav',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    recordings.set(tenant.id, Number(file.id));
  }
  const recordingOf = sql.join([...recordings].map(([tenant, file]) => sql`(${tenant}::int, ${file}::bigint)`));
  const transcripts = sql`${[...CALL_TRANSCRIPTS]}::text[]`;
  await sql`insert into voice_calls (tenant_id, patient_id, direction, status, caller_id, caller_name, caller_phone_number, recipient_name,
      recipient_phone_number, duration, start_time, call_time, ended_at, hangup_source, carrier, note_type, recording_file_id,
      recording_duration, transcript, notes)
    select p.tenant_id, p.id, d.direction, 'completed',
      case when d.direction = 'outbound' then u.id end,
      case when d.direction = 'outbound' then u.full_name else pu.full_name end,
      case when d.direction = 'outbound' then ${SIMULATED_CALLER_ID} else pu.mobile_phone_number end,
      case when d.direction = 'outbound' then pu.full_name else u.full_name end,
      case when d.direction = 'outbound' then pu.mobile_phone_number else ${SIMULATED_CALLER_ID} end,
      c.duration, c.placed, c.placed + interval '8 seconds', c.placed + interval '8 seconds' + c.duration * interval '1 second',
      case when (p.id + n) % 3 = 0 then 'callee' else 'caller' end, 'twilio', 'rpm_99457_99458', r.file_id, ${SEED_RECORDING_SECONDS},
      replace(replace((${transcripts})[1 + (p.id + n) % ${CALL_TRANSCRIPTS.length}], '{clinician}', u.full_name), '{patient}', pu.first_name),
      case when n = 0 then 'Reviewed readings and medications' end
    from patients p
    join users pu on pu.id = p.user_id
    cross join generate_series(0, p.id % 3) as n
    cross join lateral (select (${list(VOICE_CALL_DIRECTIONS)})[1 + (p.id + n) % 2] as direction) d
    cross join lateral (select 60 + (p.id * 37 + n * 101) % 840 as duration,
      ${at}::timestamptz - (1 + (p.id + 9 * n) % 60) * interval '1 day' - (p.id % 9) * interval '1 hour' as placed) c
    join users u on u.id = ${staff('clinician')}
    join (values ${recordingOf}) as r (tenant_id, file_id) on r.tenant_id = p.tenant_id
    where ${demo} and p.patient_status = 'active' and p.id % 4 = 0`.execute(db);

  await seedActivityRuns(db, anchor, slugs);

  const codes = Object.entries(ICD10_BY_CONDITION).map(([condition, values]) => sql`(${condition}::text, ${list(values)})`);
  await sql`update service_instances s set icd10_ids = c.codes
    from patients p join (values ${sql.join(codes)}) as c (condition, codes) on c.condition = p.primary_condition
    where p.id = s.patient_id and ${demo}`.execute(db);
}

/** A seeded run's answer to an item: a plausible one that passes the item's rules, and never one that asks for a record (the seed writes none). */
function seededAnswer(item: ActivityItem, day: string, n: number): Answer {
  const options = item.options ?? [];
  switch (item.type) {
    case 'checklist':
      return item.resource_creation?.value === true ? false : true;
    case 'yes_no':
      return item.resource_creation ? !item.resource_creation.value : n % 2 === 0;
    case 'dropdown':
      return item.default_option ?? options[n % Math.max(options.length, 1)]?.id ?? null;
    case 'multiselect':
      return options.length > 0 ? [options[n % options.length]!.id] : [];
    case 'number':
      return Math.round(((item.min_value ?? 0) + (item.max_value ?? item.min_value ?? 0)) / 2);
    case 'scale':
      return Math.round(((item.scale_min ?? 0) + (item.scale_max ?? item.scale_min ?? 0)) / 2);
    case 'date':
      return day;
    case 'text':
    case 'textarea':
      return 'Reviewed with the patient during the check-in.';
  }
}

/** A seeded run's data: every step answered item by item (so that follow-ups follow their answers), each in the middle of its time range. */
function seededRunData(steps: RunSteps, day: string, n: number, stepsDone: number): ActivityData {
  const data: ActivityData = {};
  for (const step of steps.slice(0, stepsDone)) {
    const answers: Record<string, Answer> = {};
    for (const item of step.activity_items_json) if (isItemEnabled(item, answers)) answers[item.item_id] = seededAnswer(item, day, n);
    data[step.step_key] = { time_taken: Math.round((step.expected_time_range.min + step.expected_time_range.max) / 2), answers, additional_notes: null };
  }
  return data;
}

const DAY_MS = 86_400_000;

/**
 * Clinical activity runs of the seeded templates (the published, latest versions; none when there
 * are none) for every fifth active patient of the demo providers: one to four runs each, cycling
 * through the statuses and the templates, run by the provider's clinician. A draft has its first
 * step answered; a submitted run every step, completed a day after it started (its day in the
 * provider's zone); a pending_review run waits for the review list; a rejected one was reviewed by
 * the internal admin; a complete one wrote its notes (domain previewNotes, dated when it was
 * completed), which the ledger seeded later counts.
 */
async function seedActivityRuns(db: Kysely<DB>, anchor: Date, slugs: readonly string[]): Promise<void> {
  const published = await db.selectFrom('activity_templates').select('id').where('is_draft', '=', false).where('is_latest', '=', true).orderBy('id').execute();
  const templates = (await Promise.all(published.map((t) => loadActivityTemplate(db, t.id)))).filter((t) => t !== undefined);
  if (templates.length === 0) return;
  const reviewer = await db.selectFrom('users').select('id').where('email', '=', 'internal.admin@demo.example').executeTakeFirst();
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .innerJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'p.tenant_id').on(sql<boolean>`u.email = 'clinician@' || t.slug || '.demo.example'`))
    .select(['p.id', 'p.tenant_id', 't.timezone', 'u.id as clinician_id', 'u.full_name as clinician_name'])
    .where('t.slug', 'in', [...slugs])
    .where('p.patient_status', '=', 'active')
    .where(sql<boolean>`p.id % 5 = 0`)
    .orderBy('p.id')
    .execute();
  for (const patient of patients) {
    for (let n = 0; n <= patient.id % CLINICAL_ACTIVITY_STATUSES.length; n++) {
      const status = CLINICAL_ACTIVITY_STATUSES[(patient.id + n) % CLINICAL_ACTIVITY_STATUSES.length]!;
      // Not in step with the statuses (both would cycle on patient.id + n): every template gets runs of every status.
      const template = templates[(Math.floor(patient.id / 20) + n) % templates.length]!;
      const steps = runStepsOf(template);
      const created = new Date(anchor.getTime() - (3 + 11 * n + (patient.id % 5)) * DAY_MS);
      const completed = status === 'draft' ? null : new Date(created.getTime() + DAY_MS);
      const data = seededRunData(steps, zonedDay(created, patient.timezone), patient.id + n, status === 'draft' ? 1 : steps.length);
      const run = await db
        .insertInto('clinical_activity_instances')
        .values({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          activity_template_id: template.id,
          activity_template_family_id: template.activity_template_family_id,
          title: template.activity_title,
          status,
          practitioner_id: patient.clinician_id,
          data_json: JSON.stringify(data),
          created_at: created,
          updated_at: completed ?? created,
          completed_at: completed,
          completion_date: completed && zonedDay(completed, patient.timezone),
          // A rejected run, and a complete one whose template always requires review, were reviewed half a day later.
          ...((status === 'rejected' || (status === 'complete' && template.activity_config_json.always_require_review === true)) && completed
            ? { reviewed_by_id: reviewer?.id ?? null, reviewed_at: new Date(completed.getTime() + DAY_MS / 2) }
            : {}),
          ...(status === 'rejected' ? { rejection_reason: 'Please document the readings reviewed.' } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status !== 'complete' || !completed) continue;
      const notes = previewNotes(template.activity_title, steps, data, template.activity_config_json.consolidate_monitoring_activity === true);
      if (notes.length === 0) continue;
      await db
        .insertInto('monitoring_activities')
        .values(
          notes.map((note) => ({
            patient_id: patient.id,
            tenant_id: patient.tenant_id,
            practitioner_id: patient.clinician_id,
            practitioner_name: patient.clinician_name,
            type: note.monitoring_activity_type,
            description: note.notes,
            duration: note.duration,
            reviewed_on: completed,
            created_on: completed,
            created_by_id: patient.clinician_id,
            clinical_activity_instance_id: run.id,
          })),
        )
        .execute();
    }
  }
}
