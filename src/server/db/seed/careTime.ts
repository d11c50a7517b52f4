import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

/**
 * What a care team wrote down in the last three months (issue 13): monitoring notes whose care time
 * the ledger turns into services and claims, so that the demo shows every code of the code set in
 * each state (not started, in progress, complete, add-on units, excluded) and every warning.
 *
 * - Programs: the demo's active patients already have rpm and ccm (enrollment.ts); here every
 *   seventh also gets pcm, every eleventh cccm, and every third asthma or COPD patient rtm.
 * - Notes, per patient, program and month (the month of `anchor` and the two before, never after
 *   `anchor`): one to four notes (cccm three to seven) of 5 to 25 minutes of the program's note type. The type varies by
 *   patient so that both codes of a program are used: rpm_99091 for every eighth patient instead of
 *   rpm_99457_99458 (and every sixteenth writes both, which the exclusion of 99457 and 99091
 *   settles), ccm_99491_99437 for every sixth, pcm_99424_99425 or pcm_99426_99427 by parity.
 *   Every fourth patient also has a note and an EMR review note, which bill nothing, and every rpm
 *   patient an rpm_99453 setup note in the oldest month.
 * - Deterministic: counts, days and durations follow hashtext of the patient, program and month.
 *
 * `providers`: the demo's, or the scale tenants' (the benchmark's million notes over twelve months);
 * `months`: how many months back, the month of `anchor` included.
 */
export async function seedCareTime(db: Kysely<DB>, anchor: Date, { providers, months = 3 }: { providers: 'demo' | 'scale'; months?: number }): Promise<void> {
  const at = anchor.toISOString();
  const tenants = sql`(select id from tenants where (slug like 'scale-%') = ${providers === 'scale'})`;
  // Each provider's first clinician with an NPI (a scale provider has only its admin), found once
  // per provider, not once per row: the scale providers have thousands of accounts each.
  const clinicians = sql`(select distinct on (tenant_id) tenant_id, id, full_name from users
    where role <> 'patient' and tenant_id in ${tenants}
    order by tenant_id, (is_provider and npi_number is not null) desc, id)`;

  await sql`insert into service_instances (patient_id, tenant_id, type, start, is_active, practitioner_id)
    select p.id, p.tenant_id, c.type, coalesce(p.consented_on::date, (${at}::timestamptz - interval '120 days')::date), true, u.id
    from patients p cross join (values ('pcm'), ('cccm'), ('rtm')) as c (type)
    join ${clinicians} u on u.tenant_id = p.tenant_id
    where p.tenant_id in ${tenants} and p.patient_status = 'active'
      and case c.type when 'pcm' then p.id % 7 = 0 when 'cccm' then p.id % 11 = 0
        else p.primary_condition in ('Asthma', 'COPD') and p.id % 3 = 0 end
      and not exists (select 1 from service_instances s where s.patient_id = p.id and s.type = c.type)`.execute(db);

  // The month's first day (UTC) for each month back; notes fall on days before `anchor`'s day.
  const monthsBack = sql`generate_series(0, ${months - 1}) as m`;
  const monthStart = sql`date_trunc('month', ${at}::timestamptz - m * interval '1 month')`;
  const noteType = sql`case s.type
      when 'rpm' then case when p.id % 8 = 0 then 'rpm_99091' else 'rpm_99457_99458' end
      when 'ccm' then case when p.id % 6 = 0 then 'ccm_99491_99437' else 'ccm_99490_99439' end
      when 'pcm' then case when p.id % 2 = 0 then 'pcm_99424_99425' else 'pcm_99426_99427' end
      when 'cccm' then 'cccm_99487_99489'
      else 'rtm_98980_98981' end`;
  const descriptions = sql`(array[
      'Reviewed the readings of the last days with the patient; no change to the care plan.',
      'Called the patient about the recent readings; reinforced medication adherence.',
      'Reviewed trends and alerts; coordinated with the primary care provider.',
      'Updated the care plan goals with the patient and the caregiver.'])`;

  // Program notes: one to four (complex CCM, whose codes need 60 and 90 minutes: three to seven), each
  // 5 to 25 minutes, on a day of the month before anchor's day.
  await sql`insert into monitoring_activities (patient_id, tenant_id, practitioner_id, practitioner_name, type, description, duration,
      data_reviewed, patient_contacted, stale_measurements, reviewed_on, created_on, created_by_id, service_instance_id)
    select p.id, p.tenant_id, u.id, u.full_name, x.type, ${descriptions}[1 + (x.h + n) % 4], (5 + (x.h / 7 + n * 11) % 21) * 60,
      true, (x.h + n) % 3 <> 0, false, x.day, x.day, u.id, s.id
    from patients p
    join service_instances s on s.patient_id = p.id and s.is_active
    join ${clinicians} u on u.tenant_id = p.tenant_id
    cross join ${monthsBack}
    cross join lateral (select abs(hashtext(p.id::text || ':' || s.type || ':' || m)) as h) hx
    cross join lateral generate_series(0, case when s.type = 'cccm' then 2 + hx.h % 5 else hx.h % 4 end) as n
    cross join lateral (select ${noteType} as type, hx.h,
      ${monthStart} + ((hx.h + n * 7) % 27) * interval '1 day' + interval '15 hours' as day) x
    where p.tenant_id in ${tenants} and p.patient_status = 'active'
      and x.day < ${at}::timestamptz and x.day >= s.start`.execute(db);

  // Every sixteenth rpm patient also writes 99457 time in a 99091 month: the exclusion decides.
  // Every fourth patient has a note and an EMR review note a month (no care time billed); every rpm
  // patient a setup note in the oldest month.
  await sql`insert into monitoring_activities (patient_id, tenant_id, practitioner_id, practitioner_name, type, description, duration,
      data_reviewed, patient_contacted, stale_measurements, reviewed_on, created_on, created_by_id, service_instance_id)
    select p.id, p.tenant_id, u.id, u.full_name, k.type, k.description, k.minutes * 60, true, k.type <> 'note', false, x.day, x.day, u.id,
      (select s.id from service_instances s where s.patient_id = p.id and s.type = k.program order by s.start desc limit 1)
    from patients p
    join ${clinicians} u on u.tenant_id = p.tenant_id
    cross join ${monthsBack}
    cross join lateral (select ${monthStart} + (abs(hashtext(p.id::text || ':other:' || m)) % 25) * interval '1 day' + interval '16 hours' as day) x
    cross join (values
      ('rpm_99457_99458', 'rpm', 'Reviewed the readings with the patient.', 25, 16),
      ('note', 'rpm', 'Patient asked for a new cuff size; forwarded to the clinic.', 0, 4),
      ('emr_review_note', 'rpm', 'Reviewed the EMR after the last visit.', 10, 4),
      ('rpm_99453', 'rpm', 'Set up the device and trained the patient on its use.', 15, 1)) as k (type, program, description, minutes, every)
    where p.tenant_id in ${tenants} and p.patient_status = 'active' and x.day < ${at}::timestamptz
      and p.id % k.every = 0
      and case k.type when 'rpm_99453' then m = ${months - 1} else true end
      and exists (select 1 from service_instances s where s.patient_id = p.id and s.type = k.program and s.is_active)`.execute(db);
}
