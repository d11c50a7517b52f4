-- Patient enrolment and status (spec 001 sections 3, 4 and 7): who changed a status when and why,
-- the care programs a patient is enrolled in, and the monitoring activities that every status
-- change writes. `if not exists` throughout: another migration may already hold some of these.

-- The dates, actors and reasons of the status changes, as the patient record shows them.
alter table patients
  add column if not exists consented_by_id integer references users (id) on delete set null,
  add column if not exists declined_on timestamptz,
  add column if not exists declined_by_id integer references users (id) on delete set null,
  add column if not exists declined_reason text,
  add column if not exists unseen_on timestamptz,
  add column if not exists unseen_by_id integer references users (id) on delete set null,
  add column if not exists unseen_reason text,
  add column if not exists unenrolled_date date,
  add column if not exists unenrolled_by_id integer references users (id) on delete set null,
  add column if not exists unenrolled_reason text,
  add column if not exists unenrolled_reason_other text;
-- My Consented Patients on Home: a user's consented patients, newest consent first.
create index if not exists patients_consented_by_idx on patients (consented_by_id, consented_on desc) where consented_by_id is not null;

-- One row per status change. tenant_id is the patient's, so that the engine scopes the rows like
-- any other tenant-owned row; the actor's name is kept as it was when the change was made.
create table if not exists patient_status_history (
  id bigserial primary key,
  patient_id integer not null references patients (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  changed_at timestamptz not null default now(),
  old_status text,
  new_status text not null,
  changed_by_id integer references users (id) on delete set null,
  changed_by_name text,
  reason text
);
-- The record's Patient Status History: a patient's changes, newest first (spec 001 section 9).
create index if not exists patient_status_history_patient_idx on patient_status_history (patient_id, changed_at desc, id desc);
create index if not exists patient_status_history_tenant_idx on patient_status_history (tenant_id, changed_at desc, id desc);

-- Care programs (service instances). practitioner_id is the billing provider. An inactive
-- program has an end date (spec 001 section 4, "Care program").
create table if not exists service_instances (
  id serial primary key,
  patient_id integer not null references patients (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  type text not null,
  start date not null,
  "end" date,
  is_active boolean not null default true,
  practitioner_id integer references users (id) on delete set null,
  is_labor_provided boolean not null default false,
  icd10_ids text[] not null default '{}',
  created_at timestamptz not null default now(),
  constraint service_instances_type_check check (type in ('rpm', 'ccm', 'pcm', 'rtm', 'cccm')),
  constraint service_instances_end_check check (is_active or "end" is not null),
  constraint service_instances_period_check check ("end" is null or "end" >= start)
);
-- A patient's care programs, newest start first (spec 001 section 9), and the active ones counted for consent.
create index if not exists service_instances_patient_idx on service_instances (patient_id, start desc, id desc);
create index if not exists service_instances_tenant_idx on service_instances (tenant_id, start desc, id desc);

-- Monitoring work notes against a patient; type activity is written by the server on a status change.
create table if not exists monitoring_activities (
  id bigserial primary key,
  patient_id integer not null references patients (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  practitioner_id integer references users (id) on delete set null,
  practitioner_name text,
  type text not null,
  description text not null,
  -- Seconds of work; 0 for a note or a system activity.
  duration integer not null default 0 check (duration >= 0),
  data_reviewed boolean,
  patient_contacted boolean,
  stale_measurements boolean,
  reviewed_on timestamptz not null default now(),
  created_on timestamptz not null default now(),
  created_by_id integer references users (id) on delete set null,
  service_instance_id integer references service_instances (id) on delete set null,
  clinical_activity_instance_id integer
);
-- The record's monitoring history: a patient's activities, newest review first (spec 001 section 7).
create index if not exists monitoring_activities_patient_idx on monitoring_activities (patient_id, reviewed_on desc, id desc);
create index if not exists monitoring_activities_tenant_idx on monitoring_activities (tenant_id, reviewed_on desc, id desc);
