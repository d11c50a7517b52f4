-- What the patient form and the patient record hold (spec 001 sections 3 and 5).

-- A patient may have no e-mail: it is needed only for the mobile app. Staff accounts still must
-- have one (they sign in with it). The unique index on lower(email) stays as it is: PostgreSQL
-- keeps NULLs distinct, so any number of patients may have none.
alter table users alter column email drop not null;
alter table users
  add constraint users_email_required check (email is not null or role = 'patient'),
  add column home_phone_number text,
  add column facility_phone_number text,
  add column primary_phone_number_type text,
  add column address jsonb,
  add constraint users_primary_phone_number_type_check check (primary_phone_number_type in ('mobile', 'home', 'facility'));

alter table patients
  add column enrollment_type text not null default 'screening',
  add column source text,
  add column onboarding_appointment_datetime timestamptz,
  add column onboarding_appointment_location_id integer references locations (id) on delete set null,
  add column onboarding_imei text,
  add column onboarding_notes text,
  add column eligible_devices text[] not null default '{}',
  add column insurances jsonb not null default '[]'::jsonb,
  add column insurance_coverage_type text,
  add column expected_care_program text,
  add column expected_onboarding_user_id integer references users (id) on delete set null,
  add column virtual_enrollment boolean not null default false,
  add column enrolled_by_id integer references users (id) on delete set null,
  add column is_valid_enrollment boolean not null default false,
  add column valid_enrollment_met_on timestamptz,
  -- Demographics, history and the condition blocks: one document, read and written whole.
  add column profile jsonb not null default '{}'::jsonb,
  add column care_plan jsonb;

-- The enrolment queue sorts and filters by appointment time.
create index patients_onboarding_idx on patients (tenant_id, onboarding_appointment_datetime, id)
  where onboarding_appointment_datetime is not null;
-- The duplicate check of a new patient (same name and birthdate in the provider) starts here.
create index patients_tenant_birthdate_idx on patients (tenant_id, birthdate);
