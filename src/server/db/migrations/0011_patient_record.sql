-- The patient record's panel lists (spec 001 sections 2, 3 and 7, "Patient record"): tasks, voice
-- calls and clinical activity instances, and the shared devices a patient was linked to. tenant_id
-- is the patient's provider on every row, so that the engine scopes them like any tenant-owned row.
-- Value lists are src/domain/patientRecord.ts's.

-- A task about a patient (spec 001 section 3, Task). Names of the people (added_by_name ...) are
-- read through users, so they never drift from the account. Priority 1 High, 2 Medium, 3 Low.
create table tasks (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  title text not null check (btrim(title) <> ''),
  description text,
  priority integer not null default 2 check (priority between 1 and 3),
  due_on date not null,
  complete boolean not null default false,
  completed_by_id integer references users (id) on delete set null,
  completed_at timestamptz,
  added_by_id integer references users (id) on delete set null,
  assigned_to_id integer references users (id) on delete set null,
  task_type text not null default 'one_off' check (task_type in ('one_off', 'onboarding', 'voice_call')),
  created_on timestamptz not null default now(),
  update_reason text,
  can_be_auto_completed boolean not null default false,
  -- A completed task says when (spec 001 section 4: "complete true, completed_by_id and completed_at set").
  constraint tasks_completed_check check (not complete or completed_at is not null)
);
-- The record's Tasks tab and its badge: a patient's tasks by due day (filters complete, assigned_to_id).
create index tasks_patient_idx on tasks (patient_id, due_on, id);
-- Home's Your Tasks: the open tasks assigned to the caller, by due day.
create index tasks_assignee_idx on tasks (assigned_to_id, complete, due_on, id);
-- A provider's tasks (provider users' lists), by due day.
create index tasks_tenant_idx on tasks (tenant_id, due_on, id);

-- A phone call with a patient, as the record's Calls tab lists it (spec 001 section 3, Voice call).
-- The clinician's name is kept as it was at the time of the call. duration in seconds.
create table voice_calls (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  direction text not null check (direction in ('inbound', 'outbound')),
  clinician_id integer references users (id) on delete set null,
  clinician_name text,
  duration integer not null default 0 check (duration >= 0),
  start_time timestamptz not null,
  notes text
);
-- The Calls tab: a patient's calls, newest first (spec 001 section 7: "sorted by start_time descending").
create index voice_calls_patient_idx on voice_calls (patient_id, start_time desc, id desc);
create index voice_calls_tenant_idx on voice_calls (tenant_id, start_time desc, id desc);

-- A run of a clinical activity for a patient, the fields the record's lists need (spec 001 section 3,
-- Clinical activity instance). activity_template_id names a template once templates exist; title is
-- ours, so that a list can show what the activity is before templates do.
create table clinical_activity_instances (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  activity_template_id integer,
  title text not null check (btrim(title) <> ''),
  status text not null default 'draft' check (status in ('draft', 'pending_review', 'complete', 'rejected')),
  practitioner_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint clinical_activity_instances_completed_check check (status <> 'complete' or completed_at is not null)
);
-- The record's Activity and Monitoring lists: a patient's instances, newest first (filter status[ne] draft).
create index clinical_activity_instances_patient_idx on clinical_activity_instances (patient_id, created_at desc, id desc);
create index clinical_activity_instances_tenant_idx on clinical_activity_instances (tenant_id, created_at desc, id desc);

-- 0008 left the monitoring activity's instance as a bare integer: the table exists now.
alter table monitoring_activities add constraint monitoring_activities_clinical_activity_instance_fkey
  foreign key (clinical_activity_instance_id) references clinical_activity_instances (id) on delete set null;

-- A shared device (devices.is_shared_device) linked to a patient for a measurement (spec 001 sections
-- 5 and 9). The device keeps no patient_id: a shared device has none (spec 000 section 5). Linking the
-- same device to the same patient again renews assigned_on.
create table patient_shared_devices (
  patient_id integer not null references patients (id) on delete cascade,
  device_id integer not null references devices (id) on delete cascade,
  assigned_on timestamptz not null default now(),
  assigned_by_id integer references users (id) on delete set null,
  primary key (patient_id, device_id)
);
-- Who used a shared device (and the cascade when a device is removed).
create index patient_shared_devices_device_idx on patient_shared_devices (device_id, assigned_on desc);
