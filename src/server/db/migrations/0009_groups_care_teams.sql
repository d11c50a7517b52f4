-- Patient groups and care teams (spec 001 sections 3 and 7, "Care teams and groups").

-- A provider's named set of patients. Names are unique per provider, whatever their case, so
-- that the "Add to group" picker never offers two groups that read the same.
create table patient_groups (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  created_at timestamptz not null default now()
);
create unique index patient_groups_tenant_name_key on patient_groups (tenant_id, lower(name));
-- The list is sorted by name (internal users see every provider's groups at once).
create index patient_groups_name_idx on patient_groups (name, id);

-- A patient belongs to a group of its own provider (checked by the API) at most once.
create table patient_group_members (
  group_id integer not null references patient_groups (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (group_id, patient_id)
);
-- A patient's groups, and the cascade when a patient is removed.
create index patient_group_members_patient_idx on patient_group_members (patient_id);

-- A staff member on a patient's care team in one role. tenant_id is the patient's, so that the
-- engine scopes the rows like any other tenant-owned row. A member counts as current while
-- end_date is null or not yet past.
create table care_team_members (
  id serial primary key,
  patient_id integer not null references patients (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  practitioner_id integer not null references users (id) on delete cascade,
  role text not null,
  start_date date not null default current_date,
  end_date date,
  created_at timestamptz not null default now(),
  constraint care_team_members_role_check check (role in (
    'rpm_clinician', 'rtm_clinician', 'ccm_clinician', 'pcm_clinician', 'provider_success', 'other', 'billing_provider')),
  constraint care_team_members_period_check check (end_date is null or end_date >= start_date)
);
-- One open membership per person and role: adding the same member again answers the existing row.
create unique index care_team_members_open_key on care_team_members (patient_id, practitioner_id, role) where end_date is null;
-- The patients list's care_team_members.practitioner_id[eq|in|inall|notin] filters run one
-- EXISTS per patient: (patient_id, practitioner_id) answers each from the index.
create index care_team_members_patient_idx on care_team_members (patient_id, practitioner_id);
-- A clinician's patients (GET users/{id}/care-teams, "patients in my care").
create index care_team_members_practitioner_idx on care_team_members (practitioner_id, patient_id);
create index care_team_members_tenant_idx on care_team_members (tenant_id, start_date desc, id desc);
