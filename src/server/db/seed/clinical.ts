import { sql, type Kysely } from 'kysely';
import { questionnairesFor } from '../../../domain/clinical/questionnaires';
import { SYMPTOMS } from '../../../domain/clinical/symptoms';
import { runValues } from '../../services/clinical/assessments';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;

/**
 * The demo's clinical record (issue 14): the demo providers enable AI summaries; patients with a
 * respiratory or heart condition report symptoms on some days of the last 30 (a few severe), every
 * fourth demo patient has assessment runs (one entered in error on every eighth), and the highest
 * reading of every fifth patient's measures is flagged as an outlier, every seventh's noted, so that
 * every card, chart, band and tier shows on some patient. Deterministic: from the patient ids.
 */
export async function seedClinical(db: Kysely<DB>, anchor: Date): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ llm_summary_enabled: true })
    .where(sql<boolean>`slug not like 'scale-%'`)
    .execute();
  // The queue's seeded clinic readings (seedQueues: heart rate, temperature, BMI ... taken at the clinic
  // or reported by the patient) become observations too, entered in the product, so that the record's
  // cards and charts show what the queue shows.
  await sql`
    insert into observations (tenant_id, patient_id, name, category, source, timestamp, value, value2, unit_text)
    select p.tenant_id, l.patient_id, e.key, 'vital-signs', 'product', (e.value->>'timestamp')::timestamptz,
      coalesce((e.value->>'systolic')::float8, (e.value->>'value')::float8), (e.value->>'diastolic')::float8, e.value->>'unit'
    from patient_latest_observations l
    join patients p on p.id = l.patient_id
    join tenants t on t.id = p.tenant_id and t.slug not like 'scale-%'
    cross join lateral jsonb_each(l.observations) e
    where (e.value ? 'value' or e.value ? 'systolic') and e.value ? 'timestamp'
      and not exists (select 1 from observations o where o.patient_id = l.patient_id and o.name = e.key and o.timestamp = (e.value->>'timestamp')::timestamptz)`.execute(
    db,
  );
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id', 'p.primary_condition'])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .orderBy('p.id')
    .execute();
  const symptoms: { tenant_id: number; patient_id: number; name: string; category: 'survey'; source: 'patient'; timestamp: Date; value: number }[] = [];
  for (const patient of patients) {
    if (!['HeartFailure', 'COPD', 'Asthma'].includes(String(patient.primary_condition)) || patient.id % 2 !== 0) continue;
    for (let day = 0; day < 30; day++) {
      if ((patient.id + day) % 3 !== 0) continue;
      for (const [i, symptom] of SYMPTOMS.slice(0, 4).entries()) {
        if ((patient.id + day + i) % 4 === 0) continue;
        // Worse on recent days for some patients, so the bands and the risk vary.
        const severity = Math.min(10, 1 + ((patient.id * 7 + day * 3 + i * 5) % 6) + (day < 5 && patient.id % 3 === 0 ? 4 : 0));
        symptoms.push({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          name: symptom.name,
          category: 'survey',
          source: 'patient',
          timestamp: new Date(anchor.getTime() - day * DAY_MS + 9 * 3_600_000),
          value: severity,
        });
      }
    }
  }
  for (let i = 0; i < symptoms.length; i += 1000)
    await db
      .insertInto('observations')
      .values(symptoms.slice(i, i + 1000))
      .execute();

  // Each provider's runs and annotations are its own clinician's (clinician@{slug}.demo.example).
  const clinicians = await db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id', 'u.full_name', 'u.tenant_id'])
    .where(sql<boolean>`u.email = 'clinician@' || t.slug || '.demo.example'`)
    .execute();
  const authorOf = (tenantId: number) => clinicians.find((c) => c.tenant_id === tenantId) ?? null;
  for (const patient of patients.filter((p) => p.id % 4 === 0)) {
    const offered = questionnairesFor(patient.primary_condition);
    for (const [n, questionnaire] of offered.slice(0, 2).entries()) {
      for (let run = 0; run < 3; run++) {
        // Answers from the patient id: mostly the mildest choice, the next one on some questions, a
        // "yes" now and then, integers at their minimum; so most runs triage Low or Medium, a few higher.
        const answers: Record<string, unknown> = Object.fromEntries(
          questionnaire.items.map((item, k): [string, unknown] => {
            const seed = patient.id + run * 3 + k + n;
            if (item.type === 'choice') return [item.linkId, item.options?.[seed % 3 === 0 ? 1 : 0]?.value ?? 0];
            if (item.type === 'boolean') return [item.linkId, (patient.id + run) % 11 === 0 && k === 0];
            return [item.linkId, item.min ?? 0];
          }),
        );
        await db
          .insertInto('assessment_runs')
          .values({
            ...runValues({ patient, questionnaire, answers, predictions: [], author: authorOf(patient.tenant_id) }),
            created_at: new Date(anchor.getTime() - (run * 9 + n * 2 + 1) * DAY_MS),
            ...(patient.id % 8 === 0 && run === 2
              ? { status: 'entered-in-error', entered_in_error_at: anchor, entered_in_error_by_id: authorOf(patient.tenant_id)?.id ?? null }
              : {}),
          })
          .execute();
      }
    }
  }

  await seedDeterioratingPatients(db, anchor, authorOf);

  // Flag the highest reading of each measure of every fifth patient as an outlier; note every seventh's.
  await sql`
    insert into observation_annotations (tenant_id, patient_id, observation_id, annotation_type, annotation_reason, note, author_id, author_name)
    select distinct on (o.patient_id, o.name) o.tenant_id, o.patient_id, o.id,
      case when o.patient_id % 5 = 0 then 'flag' else 'note' end,
      case when o.patient_id % 5 = 0 then 'outlier' else 'context_info' end,
      case when o.patient_id % 5 = 0 then 'Reading taken right after exercise' else 'Patient reported a missed dose that morning' end,
      u.id, u.full_name
    from observations o
    join tenants t on t.id = o.tenant_id and t.slug not like 'scale-%'
    left join users u on u.email = 'clinician@' || t.slug || '.demo.example'
    where o.category = 'vital-signs' and (o.patient_id % 5 = 0 or o.patient_id % 7 = 0)
    order by o.patient_id, o.name, o.value desc, o.id`.execute(db);
}

/**
 * Two cohorts whose past week goes wrong, so that the higher risk tiers show in the demo (the rule of
 * src/domain/clinical/scores.ts): every thirteenth active patient (id % 13 = 0) reads out of range on
 * each of the last 7 days (the latest reading furthest out), reports two symptoms at 10 of 10 and has an assessment answered at its worst
 * yesterday; the next ones (id % 13 = 1) read out of range on 4 days, report them at 6, and answer the
 * middle choices. Readings go through device_activities, as a device's would (the observations and the
 * queue's latest readings follow by trigger).
 */
async function seedDeterioratingPatients(
  db: Kysely<DB>,
  anchor: Date,
  authorOf: (tenantId: number) => { id: number; full_name: string } | null,
): Promise<void> {
  await sql`
    insert into device_activities (device_id, tenant_id, patient_id, activity_type, created_on, value)
    select d.id, d.tenant_id, d.patient_id, 'measurement', ${anchor}::timestamptz - make_interval(days => g, hours => 3),
      case d.device_type
        when 'blood_pressure' then jsonb_build_array(jsonb_build_object('name', 'blood_pressure', 'systolic', 162 + case when g = 0 then 32 else 0 end, 'diastolic', 96 + case when g = 0 then 12 else 0 end,
          'value', 96, 'unit', jsonb_build_object('text', 'mmHg')))
        when 'pulse_oximeter' then jsonb_build_array(jsonb_build_object('name', 'oxygen_saturation', 'value', 89 - case when g = 0 then 6 else 0 end, 'unit', jsonb_build_object('text', '%')))
        when 'weight_scale' then jsonb_build_array(jsonb_build_object('name', 'body_mass', 'value', 150 + d.id % 90 + 6 + case when g = 0 then 20 else 0 end, 'unit', jsonb_build_object('text', 'lbs')))
        when 'glucometer' then jsonb_build_array(jsonb_build_object('name', 'blood_glucose', 'value', 240 + case when g = 0 then 90 else 0 end, 'unit', jsonb_build_object('text', 'mg/dL')))
        when 'cgm' then jsonb_build_array(jsonb_build_object('name', 'blood_glucose', 'value', 240 + case when g = 0 then 90 else 0 end, 'unit', jsonb_build_object('text', 'mg/dL')))
        else jsonb_build_array(jsonb_build_object('name', 'peak_expiratory_flow_rate', 'value', 220 - case when g = 0 then 70 else 0 end, 'unit', jsonb_build_object('text', 'L/min')))
      end
    from devices d
    join patients p on p.id = d.patient_id and p.patient_status = 'active' and p.id % 13 in (0, 1)
    join tenants t on t.id = p.tenant_id and t.slug not like 'scale-%'
    cross join generate_series(0, case when p.id % 13 = 0 then 6 else 3 end) g
    where d.device_type <> 'tenovi_gateway'`.execute(db);

  const cohort = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id', 'p.primary_condition'])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .where(sql<boolean>`p.id % 13 in (0, 1)`)
    .execute();
  for (const patient of cohort) {
    const worst = patient.id % 13 === 0;
    const symptoms = SYMPTOMS.slice(0, 2).flatMap((symptom) =>
      [0, 1, 2].map((day) => ({
        tenant_id: patient.tenant_id,
        patient_id: patient.id,
        name: symptom.name,
        category: 'survey' as const,
        source: 'patient' as const,
        timestamp: new Date(anchor.getTime() - day * DAY_MS - 2 * 3_600_000),
        value: worst ? 10 : 6,
      })),
    );
    await db.insertInto('observations').values(symptoms).execute();
    const questionnaire = questionnairesFor(patient.primary_condition)[0];
    if (!questionnaire) continue;
    const answers: Record<string, unknown> = Object.fromEntries(
      questionnaire.items.map((item): [string, unknown] => {
        const options = item.options ?? [];
        if (item.type === 'choice') return [item.linkId, options[worst ? options.length - 1 : Math.floor(options.length / 2)]?.value ?? 0];
        if (item.type === 'boolean') return [item.linkId, worst];
        return [item.linkId, worst ? (item.max ?? 0) : (item.min ?? 0)];
      }),
    );
    await db
      .insertInto('assessment_runs')
      .values({
        ...runValues({ patient, questionnaire, answers, predictions: [], author: authorOf(patient.tenant_id) }),
        created_at: new Date(anchor.getTime() - DAY_MS),
      })
      .execute();
  }
}
