import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema';

/** One reading as the queue stores it (migration 0010): two decimals, so that the queue's rounding shows. */
function obs(name: string, value: RawBuilder<unknown> | null, unit: string, systolic?: RawBuilder<unknown>, diastolic?: RawBuilder<unknown>) {
  const number = (v: RawBuilder<unknown> | null | undefined) => (v ? sql`round((${v})::numeric, 2)` : sql`null::numeric`);
  return sql`jsonb_build_object('name', ${name}::text, 'value', ${number(value)}, 'unit', ${unit}::text,
    'systolic', ${number(systolic)}, 'diastolic', ${number(diastolic)}, 'timestamp', t.ts)`;
}

/**
 * What the patient queue shows of active patients (migration 0010), for every tenant including the
 * scale ones: care programs for the scale tenants' active patients (the demo providers' come from
 * their enrolment history), a review status and last review per view, and clinic observations
 * beside the device readings that the trigger has already collected. Deterministic: values follow
 * hashtext of the patient id; times are before `anchor`.
 */
export async function seedQueues(db: Kysely<DB>, anchor: Date): Promise<void> {
  const at = anchor.toISOString();
  // Scale tenants: rpm for 7 in 10 active patients, ccm for 3 in 10, pcm for 1 in 10 of those without ccm.
  await sql`insert into service_instances (patient_id, tenant_id, type, start, is_active)
    select p.id, p.tenant_id, c.type, (${at}::timestamptz - (30 + p.id % 300) * interval '1 day')::date, true
    from patients p join tenants t on t.id = p.tenant_id
    cross join (values ('rpm'), ('ccm'), ('pcm')) as c (type)
    where t.slug like 'scale-%' and p.patient_status = 'active'
      and case c.type when 'rpm' then p.id % 10 < 7 when 'ccm' then p.id % 10 >= 7 else p.id % 10 = 0 end`.execute(db);

  // A third of each view waits for review (some never reviewed, the others 31 to 60 days ago); the rest were reviewed in the last 30 days.
  const review = (view: string) =>
    sql.raw(`
    ${view}_review_status = case when abs(hashtext(id::text || ':${view}')) % 3 = 0 then 'pending' else 'reviewed' end,
    ${view}_last_reviewed = case when abs(hashtext(id::text || ':${view}')) % 6 = 0 then null
      else '${at}'::timestamptz - (1 + abs(hashtext(id::text || ':${view}')) % 30) * interval '1 day'
        - (abs(hashtext(id::text || ':${view}')) % 3 = 0)::int * interval '30 days' end`);
  await sql`update patients set ${review('general')}, ${review('rpm')}, ${review('ccm')}, ${review('pcm')}
    where patient_status = 'active'`.execute(db);

  // Readings taken at the clinic or reported by the patient, by condition; a newer device reading of
  // the same measure (already stored by the trigger) is kept.
  await sql`insert into patient_latest_observations as l (patient_id, observations)
    select p.id, jsonb_strip_nulls(jsonb_build_object(
      'heart_rate', ${obs('heart_rate', sql`58 + h % 40 + (h % 10) / 10.0`, 'bpm')},
      'body_temperature', ${obs('body_temperature', sql`97.1 + (h % 250) / 100.0`, '°F')},
      'bmi', ${obs('bmi', sql`19.04 + (h % 220) / 10.0`, 'kg/m2')},
      'blood_pressure', case when p.primary_condition in ('HeartFailure', 'chronic_kidney_disease', 'general')
        then ${obs('blood_pressure', null, 'mmHg', sql`105 + h % 50`, sql`65 + h % 30`)} end,
      'oxygen_saturation', case when p.primary_condition in ('COPD', 'Asthma', 'HeartFailure')
        then ${obs('oxygen_saturation', sql`89.6 + h % 9`, '%')} end,
      'forced_expiratory_volume_1', case when p.primary_condition in ('COPD', 'Asthma')
        then ${obs('forced_expiratory_volume_1', sql`1.2 + (h % 250) / 100.0`, 'L')} end,
      'peak_expiratory_flow_rate', case when p.primary_condition = 'Asthma'
        then ${obs('peak_expiratory_flow_rate', sql`250.4 + h % 300`, 'L/min')} end,
      'blood_glucose', case when p.primary_condition = 'Diabetes' then ${obs('blood_glucose', sql`80.5 + h % 150`, 'mg/dL')} end,
      'body_mass', case when p.primary_condition in ('HeartFailure', 'chronic_kidney_disease')
        then ${obs('body_mass', sql`120.5 + (h % 1200) / 10.0`, 'lbs')} end))
    from patients p
    cross join lateral (select abs(hashtext(p.id::text || ':obs')) as h) x
    cross join lateral (select ${at}::timestamptz - (2 + x.h % 70) * interval '1 hour' as ts) t
    where p.patient_status = 'active'
    on conflict (patient_id) do update set observations = excluded.observations || l.observations`.execute(db);

  await seedEnrollmentAppointments(db, anchor);
}

/**
 * The enrollment queue of the demo providers: onboarding appointments for pending patients from two
 * days before `anchor` to six days after (08:00 to 15:30 in Chicago, the providers' zone, every half
 * hour), and for one in four active and declined patients in the week before, at the patient's
 * facility; some with an IMEI or notes already typed in. Patients that already have an appointment keep it.
 */
async function seedEnrollmentAppointments(db: Kysely<DB>, anchor: Date): Promise<void> {
  const day = anchor.toISOString().slice(0, 10);
  await sql`update patients p set
      onboarding_appointment_datetime = (${day}::date + (case when p.patient_status = 'pending_enrollment' then p.id % 9 - 2 else -(p.id % 7) end)
        + time '08:00' + (p.id % 16) * interval '30 minutes') at time zone 'America/Chicago',
      onboarding_appointment_location_id = p.facility_location_id,
      onboarding_imei = case when p.patient_status = 'active' or p.id % 6 = 0 then '8691' || lpad((p.id * 7919 % 100000000000)::text, 11, '0') end,
      onboarding_notes = case p.id % 5 when 0 then 'Bring the blood pressure cuff' when 1 then 'Prefers a morning call' end
    from tenants t
    where t.id = p.tenant_id and t.slug not like 'scale-%' and p.onboarding_appointment_datetime is null
      and (p.patient_status = 'pending_enrollment' or (p.patient_status in ('active', 'declined') and p.id % 4 = 0))`.execute(db);
}

/**
 * After the bulk load: the seed rewrote every patient row several times (statuses, enrolment,
 * observations, device aggregates), so vacuum once, as autovacuum would soon, for the queue's
 * index-only count to see a settled table, and for the name searches' trigram indexes (patients,
 * users) to have merged the entries a bulk insert leaves in their pending lists.
 */
export async function settlePatients(db: Kysely<DB>): Promise<void> {
  await sql`vacuum (analyze) patients, users`.execute(db);
}
