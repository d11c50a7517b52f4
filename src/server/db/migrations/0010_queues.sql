-- The patient queue (spec 001 sections 2 and 3 "Patient queue row"): review status per view, the
-- care programs a view needs, a sort key for risk, and the latest observation of each measure.
-- Kept in step by the database itself (generated column and triggers), so that the queue's page is
-- one index walk and no writer has to remember them. Views: general, rpm, ccm, pcm.

-- Risk as a number: ordered descending it reads acute, high, medium, normal, then N/A (no priority).
alter table patients add column priority_rank smallint generated always as (
  case priority when 'acute' then 4 when 'high' then 3 when 'medium' then 2 when 'normal' then 1 else 0 end
) stored;

-- Review status and last review per view; a patient starts pending in every view.
alter table patients
  add column general_review_status text not null default 'pending',
  add column rpm_review_status text not null default 'pending',
  add column ccm_review_status text not null default 'pending',
  add column pcm_review_status text not null default 'pending',
  add column general_last_reviewed timestamptz,
  add column rpm_last_reviewed timestamptz,
  add column ccm_last_reviewed timestamptz,
  add column pcm_last_reviewed timestamptz,
  -- The patient has an active care program of the view's type (general needs none).
  add column has_rpm boolean not null default false,
  add column has_ccm boolean not null default false,
  add column has_pcm boolean not null default false,
  add constraint patients_review_status_check check (
    general_review_status in ('pending', 'reviewed') and rpm_review_status in ('pending', 'reviewed')
    and ccm_review_status in ('pending', 'reviewed') and pcm_review_status in ('pending', 'reviewed'));

-- The queue lists active patients only (spec 001 section 4), by risk then id. The partial index is
-- walked in that order for the first page, and its included columns answer every queue filter and
-- the count without visiting the table (an index-only scan once the table is vacuumed). user_id is
-- there for the count: PostgreSQL drops the unused join to users but still wants its column.
create index patients_queue_idx on patients (priority_rank desc, id desc)
  include (tenant_id, user_id, has_rpm, has_ccm, has_pcm, care_setting, primary_condition, has_device, last_device_activity,
    general_review_status, rpm_review_status, ccm_review_status, pcm_review_status)
  where patient_status = 'active';

-- The latest reading of each measure of a patient, for the queue's observations cell:
-- {"heart_rate": {"name", "value", "unit", "timestamp"}, "blood_pressure": {..., "systolic", "diastolic"}}.
-- A table of its own keeps the patients rows narrow for the queue's scans; a page reads ten of these.
create table patient_latest_observations (
  patient_id integer primary key references patients (id) on delete cascade,
  observations jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- Merges per-measure readings into a patient's latest observations: a reading replaces the stored
-- one of its measure only when it is at least as recent. `readings` holds (patient_id, name, obs).
create function merge_latest_observations(readings jsonb) returns void language sql as $$
  insert into patient_latest_observations as l (patient_id, observations, updated_at)
  select (r->>'patient_id')::int, jsonb_object_agg(r->>'name', r->'obs'), now()
  from jsonb_array_elements(readings) r
  group by (r->>'patient_id')::int
  on conflict (patient_id) do update set
    observations = l.observations || coalesce((
      select jsonb_object_agg(n.key, n.value)
      from jsonb_each(excluded.observations) n
      where not (l.observations ? n.key)
        or (n.value->>'timestamp')::timestamptz >= (l.observations->n.key->>'timestamp')::timestamptz
    ), '{}'::jsonb),
    updated_at = now();
$$;

-- Device measurements ([{name, value, unit: {text}, systolic?, diastolic?}]) update the latest
-- observations of their patient, once per statement (a bulk load of millions of readings is one
-- aggregate), and put the patient back to pending review in the views that watch device data.
-- Values that are not shaped as readings are skipped, never refused: the history is written anyway.
create function device_activities_latest_observations() returns trigger language plpgsql as $$
declare
  readings jsonb;
begin
  select jsonb_agg(jsonb_build_object('patient_id', patient_id, 'name', name, 'obs', obs)) into readings
  from (
    select distinct on (a.patient_id, e->>'name') a.patient_id, e->>'name' as name,
      jsonb_strip_nulls(jsonb_build_object(
        'name', e->>'name', 'value', e->'value', 'systolic', e->'systolic', 'diastolic', e->'diastolic',
        'unit', coalesce(e->'unit'->>'text', case when jsonb_typeof(e->'unit') = 'string' then e->>'unit' end),
        'timestamp', a.created_on)) as obs
    from added a
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
    where a.activity_type = 'measurement' and a.patient_id is not null
      and jsonb_typeof(e) = 'object' and jsonb_typeof(e->'name') = 'string' and jsonb_typeof(e->'value') = 'number'
    order by a.patient_id, e->>'name', a.created_on desc, a.id desc
  ) latest;
  if readings is null then
    return null;
  end if;
  perform merge_latest_observations(readings);
  update patients p set general_review_status = 'pending', rpm_review_status = 'pending'
  where p.id in (select distinct (r->>'patient_id')::int from jsonb_array_elements(readings) r)
    and (p.general_review_status <> 'pending' or p.rpm_review_status <> 'pending');
  return null;
end $$;

create trigger device_activities_latest_observations after insert on device_activities
  referencing new table as added for each statement execute function device_activities_latest_observations();

-- has_rpm, has_ccm and has_pcm follow the patients' active care programs (service_instances,
-- migration 0008) on every insert, update and delete of programs, once per statement. Written as
-- dynamic SQL so that this migration also applies where there are no care programs (the flags then
-- stay false). A null list refreshes every patient.
create function patients_refresh_care_program_flags(patient_ids integer[]) returns void language plpgsql as $$
begin
  execute $q$
    update patients p set
      has_rpm = exists (select 1 from service_instances s where s.patient_id = p.id and s.is_active and s.type = 'rpm'),
      has_ccm = exists (select 1 from service_instances s where s.patient_id = p.id and s.is_active and s.type = 'ccm'),
      has_pcm = exists (select 1 from service_instances s where s.patient_id = p.id and s.is_active and s.type = 'pcm')
    where $1 is null or p.id = any($1)$q$ using patient_ids;
end $$;

create function service_instances_care_program_flags() returns trigger language plpgsql as $$
declare
  ids integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct patient_id) into ids from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct patient_id) into ids from old_rows;
  else
    select array_agg(distinct patient_id) into ids from (select patient_id from new_rows union select patient_id from old_rows) changed;
  end if;
  -- No rows (or none with a patient) means nothing to refresh, not "every patient".
  if ids is not null then
    perform patients_refresh_care_program_flags(ids);
  end if;
  return null;
end $$;

do $$
begin
  if to_regclass('service_instances') is not null then
    create trigger service_instances_flags_insert after insert on service_instances
      referencing new table as new_rows for each statement execute function service_instances_care_program_flags();
    create trigger service_instances_flags_update after update on service_instances
      referencing old table as old_rows new table as new_rows for each statement execute function service_instances_care_program_flags();
    create trigger service_instances_flags_delete after delete on service_instances
      referencing old table as old_rows for each statement execute function service_instances_care_program_flags();
    perform patients_refresh_care_program_flags(null);
  end if;
end $$;
