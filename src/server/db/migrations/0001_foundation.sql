-- Foundation: tenants, users and sessions, locations, patients (core columns), devices,
-- device activities, the audit trail and the small operational tables.
-- Every tenant-owned row carries tenant_id; times are timestamptz in UTC.

create extension if not exists pg_trgm;

create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table tenants (
  id serial primary key,
  slug text not null unique,
  name text not null,
  is_active boolean not null default true,
  registered_on timestamptz not null default now(),
  email text,
  npi_number text,
  customer_size text,
  timezone text not null default 'America/New_York',
  address jsonb,
  billing_scheme text not null default 'subscription',
  llm_summary_enabled boolean not null default false,
  settings jsonb not null default '{}'::jsonb
);
create index tenants_registered_on_idx on tenants (registered_on desc, id desc);
create index tenants_name_trgm_idx on tenants using gin (name gin_trgm_ops);

create table users (
  id serial primary key,
  email text not null,
  password_hash text,
  first_name text not null,
  middle_name text,
  last_name text not null,
  full_name text generated always as (
    first_name || coalesce(' ' || nullif(middle_name, ''), '') || ' ' || last_name
  ) stored,
  phone_number text,
  mobile_phone_number text,
  tenant_id integer references tenants (id) on delete cascade,
  role text not null,
  is_internal boolean not null default false,
  is_active boolean not null default true,
  is_provider boolean not null default false,
  npi_number text,
  credentials text,
  staff_type text,
  enabled_care_program_types text[] not null default '{}',
  registered_on timestamptz not null default now(),
  last_login timestamptz,
  is_email_verified boolean not null default false,
  totp_secret text,
  totp_enabled boolean not null default false,
  preferred_mfa_method text,
  attendance_tracking_enabled boolean not null default false,
  patient_access_level text not null default 'all',
  settings jsonb not null default '{}'::jsonb,
  constraint users_role_check check (role in (
    'superadmin', 'internal_admin', 'internal_billing_admin', 'internal_clinician',
    'admin', 'clinician', 'staff', 'patient')),
  constraint users_patient_access_level_check check (patient_access_level in ('all', 'tenant_scoped'))
);
create unique index users_email_key on users (lower(email));
create index users_tenant_idx on users (tenant_id, role);
create index users_full_name_trgm_idx on users using gin (full_name gin_trgm_ops);
create index users_last_name_idx on users (lower(last_name) text_pattern_ops);

-- Internal users limited to listed tenants (patient_access_level = tenant_scoped).
create table tenant_user_roles (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  start_date date not null default current_date,
  unique (user_id, tenant_id)
);

create table webauthn_credentials (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  credential_id text not null unique,
  public_key text not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_on timestamptz not null default now()
);

-- A challenge issued for a WebAuthn ceremony, consumed once.
create table webauthn_challenges (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  challenge text not null,
  expires_at timestamptz not null
);

-- A session is one refresh-token family: rotation adds tokens, reuse of a used one revokes the family.
create table sessions (
  id uuid primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text,
  ip_address text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table refresh_tokens (
  id serial primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

-- One-time tokens: password reset, one-time login codes, e-mail verification. Stored hashed.
create table user_tokens (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('reset_password', 'otp_login', 'verify_email')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Mail leaves through this outbox; in demo and tests it is only recorded here.
create table outbox_emails (
  id serial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create table auth_logs (
  id bigserial primary key,
  timestamp timestamptz not null default now(),
  event_type text not null,
  user_id integer references users (id) on delete set null,
  ip_address text,
  user_agent text
);
create index auth_logs_user_idx on auth_logs (user_id, timestamp desc);

-- Fixed-window counters for rate limits, kept in the database so replicas share them.
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (key, window_start)
);

create table feature_flags (
  key text primary key,
  value jsonb not null
);

create table locations (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  name text not null,
  description text,
  address jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create index locations_tenant_idx on locations (tenant_id, name);

create table patients (
  id serial primary key,
  user_id integer not null unique references users (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_status text not null default 'pending_enrollment',
  birthdate date,
  gender text,
  primary_condition text,
  care_setting text,
  priority text,
  billing_provider_id integer references users (id) on delete set null,
  facility_location_id integer references locations (id) on delete set null,
  notes text,
  has_device boolean not null default false,
  last_device_activity timestamptz,
  enrolled_on timestamptz,
  consented_on timestamptz,
  created_at timestamptz not null default now(),
  constraint patients_status_check check (patient_status in (
    'pending_enrollment', 'consented', 'active', 'declined', 'unseen', 'disabled'))
);
create index patients_tenant_status_idx on patients (tenant_id, patient_status, created_at desc);
create index patients_created_idx on patients (created_at desc, id desc);
create index patients_status_priority_idx on patients (patient_status, priority, id);

create table devices (
  id serial primary key,
  external_id text,
  device_manufacturer text not null,
  device_type text not null,
  device_model text,
  tenant_id integer references tenants (id) on delete set null,
  location_id integer references locations (id) on delete set null,
  patient_id integer references patients (id) on delete set null,
  status text not null default 'pending',
  added_on timestamptz not null default now(),
  assigned_on timestamptz,
  is_shared_device boolean not null default false,
  device_received boolean not null default false,
  customer_invoice_item_id text,
  first_measurement timestamptz,
  last_measurement timestamptz,
  misc_data jsonb not null default '{}'::jsonb
);
create unique index devices_external_id_key on devices (external_id);
create index devices_added_on_idx on devices (added_on desc, id desc);
create index devices_tenant_added_idx on devices (tenant_id, added_on desc, id desc);
create index devices_manufacturer_added_idx on devices (device_manufacturer, added_on desc, id desc);
create index devices_patient_idx on devices (patient_id);
create index devices_location_idx on devices (location_id, status);
create index devices_external_id_trgm_idx on devices using gin (external_id gin_trgm_ops);

create table device_activities (
  id bigserial primary key,
  device_id integer not null references devices (id) on delete cascade,
  tenant_id integer references tenants (id) on delete set null,
  patient_id integer references patients (id) on delete set null,
  activity_type text not null,
  actor_id integer references users (id) on delete set null,
  actor_name text,
  created_on timestamptz not null default now(),
  value jsonb
);
create index device_activities_device_idx on device_activities (device_id, created_on desc, id desc);
create index device_activities_type_idx on device_activities (activity_type, created_on desc, id desc);
create index device_activities_tenant_idx on device_activities (tenant_id, created_on desc, id desc);

-- Who read or wrote patient data, what, when and from where.
create table audit_logs (
  id bigserial primary key,
  occurred_at timestamptz not null default now(),
  actor_id integer references users (id) on delete set null,
  actor_role text,
  tenant_id integer,
  action text not null check (action in ('list', 'read', 'create', 'update', 'delete')),
  resource text not null,
  record_id text,
  patient_id integer,
  ip_address text,
  request_id text
);
create index audit_logs_occurred_idx on audit_logs (occurred_at desc, id desc);
create index audit_logs_patient_idx on audit_logs (patient_id, occurred_at desc);

create table attendances (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  tenant_id integer references tenants (id) on delete set null,
  attendance_type text not null default 'office',
  check_in_time timestamptz not null default now(),
  check_out_time timestamptz,
  location_id integer references locations (id) on delete set null
);
create index attendances_open_idx on attendances (user_id) where check_out_time is null;
