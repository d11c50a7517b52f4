-- The clinical record, part 1 (spec 001 sections 2 "Clinical route", 3 "Observation (v2)",
-- "Annotation", "Chart", "Assessment run", "AI summary", 4 "Annotation and assessment runs").

-- Every reading as one row (FHIR's Observation): what the charts, the observations list, the
-- baselines and the scores read. A device's readings are copied here by the database from the
-- `measurement` events of device_activities (the trigger below), so that no writer has to remember
-- them and a chart of one measure is one index range. A blood pressure reading is one row: value is
-- systolic, value2 diastolic. Self-reported symptoms are rows of category 'survey' (value: severity
-- 1 to 10, source 'patient'). tenant_id is the patient's provider when the reading was taken.
create table observations (
  id bigserial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  device_activity_id bigint references device_activities (id) on delete cascade,
  name text not null,
  category text not null default 'vital-signs' check (category in ('vital-signs', 'survey')),
  source text not null default 'device' check (source in ('device', 'patient', 'product')),
  timestamp timestamptz not null,
  timestamp_end timestamptz,
  value double precision not null,
  value2 double precision,
  unit_text text,
  additional_info jsonb,
  codes jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (category <> 'survey' or (value >= 0 and value <= 10))
);
-- One measure of one patient over a range, in time order: a chart, a baseline, the latest reading.
create index observations_patient_name_idx on observations (patient_id, name, timestamp, id);
-- A patient's observations, newest first (GET patients/{id}/observations-v2).
create index observations_patient_idx on observations (patient_id, timestamp desc, id desc);
create index observations_tenant_idx on observations (tenant_id, timestamp desc, id desc);
create index observations_device_activity_idx on observations (device_activity_id);

-- The readings of device measurement events: [{name, value, unit: {text}, systolic?, diastolic?}]
-- (src/server/services/testing/measurementValue.ts). Items that are not shaped as readings are
-- skipped, never refused, as the latest-observations trigger of migration 0010 does.
create function device_activities_observations() returns trigger language plpgsql as $$
begin
  insert into observations (tenant_id, patient_id, device_activity_id, name, category, source, timestamp, value, value2, unit_text)
  select p.tenant_id, a.patient_id, a.id, e->>'name', 'vital-signs', 'device', a.created_on,
    case when e->>'name' = 'blood_pressure' and jsonb_typeof(e->'systolic') = 'number' then (e->>'systolic')::float8 else (e->>'value')::float8 end,
    case when e->>'name' = 'blood_pressure' and jsonb_typeof(e->'diastolic') = 'number' then (e->>'diastolic')::float8 end,
    coalesce(e->'unit'->>'text', case when jsonb_typeof(e->'unit') = 'string' then e->>'unit' end)
  from added a
  join patients p on p.id = a.patient_id
  cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
  where a.activity_type = 'measurement'
    and jsonb_typeof(e) = 'object' and jsonb_typeof(e->'name') = 'string'
    and (jsonb_typeof(e->'value') = 'number' or (e->>'name' = 'blood_pressure' and jsonb_typeof(e->'systolic') = 'number'));
  return null;
end $$;

create trigger device_activities_observations after insert on device_activities
  referencing new table as added for each statement execute function device_activities_observations();

-- The readings already stored (an upgrade of a database holding data).
insert into observations (tenant_id, patient_id, device_activity_id, name, category, source, timestamp, value, value2, unit_text)
select p.tenant_id, a.patient_id, a.id, e->>'name', 'vital-signs', 'device', a.created_on,
  case when e->>'name' = 'blood_pressure' and jsonb_typeof(e->'systolic') = 'number' then (e->>'systolic')::float8 else (e->>'value')::float8 end,
  case when e->>'name' = 'blood_pressure' and jsonb_typeof(e->'diastolic') = 'number' then (e->>'diastolic')::float8 end,
  coalesce(e->'unit'->>'text', case when jsonb_typeof(e->'unit') = 'string' then e->>'unit' end)
from device_activities a
join patients p on p.id = a.patient_id
cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
where a.activity_type = 'measurement'
  and jsonb_typeof(e) = 'object' and jsonb_typeof(e->'name') = 'string'
  and (jsonb_typeof(e->'value') = 'number' or (e->>'name' = 'blood_pressure' and jsonb_typeof(e->'systolic') = 'number'));

-- A blood pressure reading's value may be the text '120/80' beside systolic and diastolic (the demo
-- measurement's shape): the latest observations of migration 0010 now take it too.
create or replace function device_activities_latest_observations() returns trigger language plpgsql as $$
declare
  readings jsonb;
begin
  select jsonb_agg(jsonb_build_object('patient_id', patient_id, 'name', name, 'obs', obs)) into readings
  from (
    select distinct on (a.patient_id, e->>'name') a.patient_id, e->>'name' as name,
      jsonb_strip_nulls(jsonb_build_object(
        'name', e->>'name', 'value', case when jsonb_typeof(e->'value') = 'number' then e->'value' else e->'systolic' end,
        'systolic', e->'systolic', 'diastolic', e->'diastolic',
        'unit', coalesce(e->'unit'->>'text', case when jsonb_typeof(e->'unit') = 'string' then e->>'unit' end),
        'timestamp', a.created_on)) as obs
    from added a
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]'::jsonb end) e
    where a.activity_type = 'measurement' and a.patient_id is not null
      and jsonb_typeof(e) = 'object' and jsonb_typeof(e->'name') = 'string'
      and (jsonb_typeof(e->'value') = 'number' or (e->>'name' = 'blood_pressure' and jsonb_typeof(e->'systolic') = 'number'))
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

-- A flag or a note on one reading (spec 001 sections 3 and 4): at most one per reading ("only points
-- with no annotations can be annotated"). A flag leaves the reading out of charts and baselines
-- unless it gives a new value (new_value2: a blood pressure's diastolic). Reasons: section 5.
create table observation_annotations (
  id bigserial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  observation_id bigint not null unique references observations (id) on delete cascade,
  annotation_type text not null check (annotation_type in ('flag', 'note')),
  annotation_reason text not null,
  note text not null check (length(note) between 1 and 2000),
  new_value double precision,
  new_value2 double precision,
  author_id integer references users (id) on delete set null,
  author_name text,
  created_at timestamptz not null default now(),
  check ((annotation_type = 'flag' and annotation_reason in ('outlier', 'device_issue', 'other'))
    or (annotation_type = 'note' and annotation_reason in ('clinical_note', 'context_info', 'other'))),
  check (annotation_type = 'flag' or (new_value is null and new_value2 is null))
);
create index observation_annotations_patient_idx on observation_annotations (patient_id, created_at desc, id desc);
create index observation_annotations_tenant_idx on observation_annotations (tenant_id, created_at desc, id desc);

-- An assessment run (spec 001 section 3): a questionnaire of src/domain/clinical/questionnaires
-- answered for a patient, scored and triaged by the server. The questionnaire is kept as it was
-- (id, version, title), so that a later version does not change what a past run meant. A run is never
-- deleted: a mistaken one is marked entered-in-error (status), with who and when.
create table assessment_runs (
  id bigserial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  workflow_name text not null,
  name text not null,
  category text not null check (category in ('survey', 'prediction', 'disease_assessment')),
  status text not null default 'final' check (status in ('final', 'entered-in-error')),
  source text not null default 'product',
  result jsonb not null,
  predictions jsonb not null default '[]'::jsonb,
  questionnaire jsonb not null,
  questionnaire_response jsonb not null,
  author_id integer references users (id) on delete set null,
  author_name text,
  created_at timestamptz not null default now(),
  entered_in_error_at timestamptz,
  entered_in_error_by_id integer references users (id) on delete set null,
  check ((status = 'entered-in-error') = (entered_in_error_at is not null))
);
create index assessment_runs_patient_idx on assessment_runs (patient_id, created_at desc, id desc);
create index assessment_runs_tenant_idx on assessment_runs (tenant_id, created_at desc, id desc);

-- AI summaries of a patient's period (spec 001 section 3 "AI summary"; GET foundation-model-responses).
-- method says how each was made: 'built-in' (the factual summariser, no network) or 'model:{name}'.
create table foundation_model_responses (
  id bigserial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  kind text not null default 'patient_summary' check (kind in ('patient_summary')),
  content text not null,
  start_date date not null,
  end_date date not null,
  method text not null,
  author_id integer references users (id) on delete set null,
  author_name text,
  created_at timestamptz not null default now(),
  check (end_date >= start_date)
);
create index foundation_model_responses_patient_idx on foundation_model_responses (patient_id, created_at desc, id desc);
create index foundation_model_responses_tenant_idx on foundation_model_responses (tenant_id, created_at desc, id desc);
