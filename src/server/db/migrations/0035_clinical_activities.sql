-- Clinical activities (issue 23; spec 001 sections 3-5 "Clinical activity"; 002 sections 3-5, 7, 9):
-- activity and step templates as versioned data, and the runs (instances) that record the exact
-- versions they ran. The rules are src/domain/clinicalActivities (README there).

-- Step templates: the operator's (no provider), versioned in families. A family is named by the id
-- of its first version. A published version (is_draft false) never changes; is_latest marks one row
-- per family (the most recently published version, else the newest draft).
create table step_templates (
  id serial primary key,
  step_template_family_id integer not null,
  version_number integer not null check (version_number >= 1),
  is_draft boolean not null default true,
  is_latest boolean not null default true,
  step_key text not null check (step_key ~ '^[a-z0-9_]+$'),
  step_title text not null check (btrim(step_title) <> ''),
  step_description text,
  -- {min, max} in seconds.
  expected_time_range jsonb not null,
  -- {create_note, monitoring_types}.
  monitoring_activity_rules jsonb not null,
  activity_items_json jsonb not null default '[]'::jsonb,
  published_at timestamptz,
  created_by_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (step_template_family_id, version_number),
  check (is_draft or published_at is not null)
);
create unique index step_templates_latest_idx on step_templates (step_template_family_id) where is_latest;
create index step_templates_list_idx on step_templates (is_draft, is_latest, created_at desc, id desc);

create table activity_templates (
  id serial primary key,
  activity_template_family_id integer not null,
  version_number integer not null check (version_number >= 1),
  is_draft boolean not null default true,
  is_latest boolean not null default true,
  is_enabled boolean not null default true,
  activity_title text not null check (btrim(activity_title) <> ''),
  activity_description text,
  -- Minutes: the builder's estimate shown to the clinician.
  estimated_duration integer check (estimated_duration >= 0),
  activity_config_json jsonb not null,
  published_at timestamptz,
  created_by_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (activity_template_family_id, version_number),
  check (is_draft or published_at is not null)
);
create unique index activity_templates_latest_idx on activity_templates (activity_template_family_id) where is_latest;
create index activity_templates_list_idx on activity_templates (is_draft, is_latest, created_at desc, id desc);

-- The steps of an activity template version, in order, each an exact step template version. A
-- published activity names only published steps (the service checks it when promoting), so what a
-- published version runs never changes.
create table activity_template_steps (
  activity_template_id integer not null references activity_templates (id) on delete cascade,
  step_number integer not null check (step_number >= 1),
  step_template_id integer not null references step_templates (id),
  primary key (activity_template_id, step_number)
);
create index activity_template_steps_step_idx on activity_template_steps (step_template_id);

-- A run names the exact activity version it ran (its steps follow from it) and the family, which
-- frequency limits and "resume a pending run" count by. Rows written before templates existed keep
-- a null template and their title.
alter table clinical_activity_instances
  add column activity_template_family_id integer,
  add column data_json jsonb not null default '{}'::jsonb,
  add column reviewed_by_id integer references users (id) on delete set null,
  add column reviewed_at timestamptz,
  -- The day the activity was done, in the provider's zone (the completion's day).
  add column completion_date date,
  add column rejection_reason text;
alter table clinical_activity_instances
  add constraint clinical_activity_instances_template_fkey foreign key (activity_template_id) references activity_templates (id);
-- One open (draft) run per patient, activity family and clinician: Start resumes it.
create unique index clinical_activity_instances_draft_idx on clinical_activity_instances (patient_id, activity_template_family_id, practitioner_id)
  where status = 'draft';
-- Frequency limits: a patient's completed runs of a family.
create index clinical_activity_instances_family_idx on clinical_activity_instances (patient_id, activity_template_family_id, completed_at);
-- The review list: by status, newest first.
create index clinical_activity_instances_status_idx on clinical_activity_instances (status, created_at desc, id desc);

-- Records an activity created (tasks, encounters, care plans) say which run asked for them.
alter table tasks add column clinical_activity_instance_id integer references clinical_activity_instances (id) on delete set null;
alter table encounters add column clinical_activity_instance_id integer references clinical_activity_instances (id) on delete set null;
alter table care_plans add column clinical_activity_instance_id integer references clinical_activity_instances (id) on delete set null;
