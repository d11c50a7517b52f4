-- The clinical record, part 2 (spec 001 sections 3 "Other record entities", 4 "Care plan" and
-- "Other record states", 5 "Other record forms", 6, 9): the medical history (conditions,
-- medication statements, allergies and intolerances, encounters) and care plans. Value lists are
-- src/domain/clinical/medicalHistory.ts and carePlans.ts. Every table holds the patient's provider
-- (tenant_id) beside patient_id, as observations do, so that tenancy is one column.

create table conditions (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  -- The ICD-10-CM description of additional_info.icd10_id when it was written (server-set).
  name text not null,
  category text not null default 'diagnosis' check (category in ('diagnosis', 'problem-list-item', 'encounter-diagnosis')),
  status text not null check (status in ('active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved', 'entered-in-error', 'event')),
  source text not null default 'product' check (source in ('product', 'ehr', 'patient')),
  start_date date,
  end_date date check (end_date is null or start_date is null or end_date >= start_date),
  -- {icd10_id, notes}
  additional_info jsonb not null default '{}',
  icd10_id text generated always as (additional_info->>'icd10_id') stored,
  author_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index conditions_patient_idx on conditions (patient_id, start_date desc nulls last, id desc);
create index conditions_tenant_idx on conditions (tenant_id, id);

create table medication_statements (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  -- {name, codes: [{code, codeSystem, codeSystemName}]}
  medication jsonb not null,
  medication_name text generated always as (medication->>'name') stored,
  -- {dose_quantity: {value, unit}, timing: {frequency, period, periodUnit}, as_needed}
  dosage jsonb not null default '{}',
  start_date date,
  end_date date check (end_date is null or start_date is null or end_date >= start_date),
  -- {notes}
  additional_info jsonb not null default '{}',
  status text not null default 'active' check (status in ('active', 'in-progress', 'stopped', 'completed')),
  source text not null default 'product' check (source in ('product', 'ehr', 'patient')),
  category text not null default 'outpatient' check (category in ('outpatient', 'inpatient', 'community', 'patient-specified')),
  update_reason text check (update_reason in ('incorrect-details', 'status-change')),
  author_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index medication_statements_patient_idx on medication_statements (patient_id, start_date desc nulls last, id desc);
create index medication_statements_tenant_idx on medication_statements (tenant_id, id);

create table allergy_intolerances (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  category text not null check (category in ('food', 'medication', 'environment', 'biologic')),
  -- {code, display, system}: a SNOMED CT substance
  substance jsonb not null,
  substance_name text generated always as (substance->>'display') stored,
  -- [{code, display, system}], at most 3 (spec 001 section 9)
  reaction jsonb not null default '[]' check (jsonb_typeof(reaction) = 'array' and jsonb_array_length(reaction) <= 3),
  reaction_severity text not null check (reaction_severity in ('mild', 'moderate', 'severe', 'unknown')),
  status text not null default 'active' check (status in ('active', 'inactive', 'resolved')),
  source text not null default 'product' check (source in ('product', 'ehr', 'patient')),
  onset_date date,
  notes text,
  author_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index allergy_intolerances_patient_idx on allergy_intolerances (patient_id, onset_date desc nulls last, id desc);
create index allergy_intolerances_tenant_idx on allergy_intolerances (tenant_id, id);

create table encounters (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  status text not null check (status in ('planned', 'in_progress', 'on_hold', 'discharged', 'completed', 'cancelled', 'discontinued', 'entered_in_error', 'unknown')),
  encounter_type text not null,
  encounter_class text not null check (encounter_class in ('inpatient', 'outpatient', 'emergency', 'virtual', 'other')),
  department text,
  notes text not null,
  source text not null default 'product' check (source in ('product', 'ehr', 'patient')),
  author_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index encounters_patient_idx on encounters (patient_id, start_date desc, id desc);
create index encounters_tenant_idx on encounters (tenant_id, id);

-- Care plans (spec 001 sections 3 and 4): made from a template (src/domain/clinical/carePlanTemplates,
-- named by its key), created inactive; at most one active plan a patient; a deactivated plan is read
-- only. Every change is a revision row, so a plan's history reads back.
create table care_plans (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  care_plan_template_id text not null,
  plan_name text not null check (length(btrim(plan_name)) > 0),
  content jsonb not null,
  is_active boolean not null default false,
  activated_at timestamptz,
  deactivated_at timestamptz,
  last_reviewed_at timestamptz,
  revision integer not null default 1,
  added_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not (is_active and deactivated_at is not null))
);
create unique index care_plans_one_active_idx on care_plans (patient_id) where is_active;
create index care_plans_patient_idx on care_plans (patient_id, created_at desc, id desc);
create index care_plans_tenant_idx on care_plans (tenant_id, id);

create table care_plan_revisions (
  id bigserial primary key,
  care_plan_id integer not null references care_plans (id) on delete cascade,
  revision integer not null,
  -- created, revised (content or name changed), reviewed (without changes), activated, deactivated
  kind text not null check (kind in ('created', 'edited', 'revised', 'reviewed', 'activated', 'deactivated')),
  plan_name text not null,
  content jsonb not null,
  author_id integer references users (id) on delete set null,
  author_name text,
  created_at timestamptz not null default now()
);
create index care_plan_revisions_plan_idx on care_plan_revisions (care_plan_id, id);

-- Spec 001 section 3: the patient's care_plan_last_reviewed (a review, or a revision of the active plan).
alter table patients add column care_plan_last_reviewed timestamptz;
