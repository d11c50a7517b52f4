-- People (issue 18; spec 002 sections 2 "Users", "Support tickets", 3 "Support ticket", "Other
-- user-related entities", 7 "Users", "Support tickets"). tenant_user_roles (an internal user's
-- provider access) and the users' columns (patient_access_level, attendance_tracking_enabled,
-- is_email_verified) exist since 0001.

-- A patient's support ticket, raised from the mobile app (POST support-tickets with a patient's
-- token) and closed by staff. user_id is the patient's account, patient_id its patient row; the
-- tenant is the patient's. Closing sets status closed, closed true and reviewed_on null.
create table support_tickets (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  category text not null,
  description text not null,
  device_id integer references devices (id) on delete set null,
  status text not null default 'open',
  closed boolean not null default false,
  created_on timestamptz not null default now(),
  reviewed_on timestamptz,
  constraint support_tickets_status_check check (status in ('open', 'closed'))
);
-- The list: a tab (status) newest first, for every provider (internal staff) or one.
create index support_tickets_status_created_idx on support_tickets (status, created_on desc, id desc);
create index support_tickets_tenant_status_created_idx on support_tickets (tenant_id, status, created_on desc, id desc);
create index support_tickets_created_idx on support_tickets (created_on desc, id desc);
create index support_tickets_patient_idx on support_tickets (patient_id, created_on desc);
create index support_tickets_device_idx on support_tickets (device_id) where device_id is not null;

-- An internal user's reimbursement rates (the Reimbursement tab), each valid from as_of_date.
-- Dollars with 2 decimals.
create table reimbursement_rates (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  as_of_date date not null,
  hourly_reimbursement numeric(10, 2) not null check (hourly_reimbursement >= 0),
  enrollment_reimbursement numeric(10, 2) check (enrollment_reimbursement >= 0),
  shift_reimbursement numeric(10, 2) check (shift_reimbursement >= 0),
  training_reimbursement numeric(10, 2) check (training_reimbursement >= 0),
  incentive_reimbursement numeric(10, 2) check (incentive_reimbursement >= 0),
  created_on timestamptz not null default now()
);
create index reimbursement_rates_user_idx on reimbursement_rates (user_id, as_of_date desc, id desc);

-- The locations an internal user works at (the Locations tab).
create table user_locations (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  location_id integer not null references locations (id) on delete cascade,
  created_on timestamptz not null default now(),
  constraint user_locations_user_location_key unique (user_id, location_id)
);
create index user_locations_location_idx on user_locations (location_id);

-- The tenant_user_roles list of a user (GET users/{id}/tenant-user-roles) is read by user_id: the
-- unique (user_id, tenant_id) index of 0001 covers it.
-- The Enrollment tab: patients a user enrolled (GET patients?filter={"enrolled_by_id[eq]":N}).
create index if not exists patients_enrolled_by_idx on patients (enrolled_by_id, enrolled_on desc) where enrolled_by_id is not null;
