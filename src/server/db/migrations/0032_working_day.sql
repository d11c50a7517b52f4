-- The working day (issue 19; spec 001 sections 2 "Home", 3 "Attendance", 7 "Staff attendance",
-- "Metrics"; 002 sections 2 "Attendance", "Availability", "Reports", 3 "Attendance", "Availability",
-- "Report", 7 "Attendance", "Availability", "Reports", "Analytics and tasks").

-- Attendance (since 0001: user, tenant, type, check-in and check-out times, location) gains where
-- the user was: the browser's coordinates when it gave them, and the client's address, at each end;
-- and additional_data (incentive_compensation: whether an incentive is paid;
-- incentive_compensation_amount: 0 to 25 dollars, 15 by default).
alter table attendances
  add column latitude_checked_in double precision check (latitude_checked_in between -90 and 90),
  add column longitude_checked_in double precision check (longitude_checked_in between -180 and 180),
  add column latitude_checked_out double precision check (latitude_checked_out between -90 and 90),
  add column longitude_checked_out double precision check (longitude_checked_out between -180 and 180),
  add column ip_address_checked_in text,
  add column ip_address_checked_out text,
  add column additional_data jsonb not null default '{}',
  add constraint attendances_type_check check (attendance_type in ('office', 'training')),
  add constraint attendances_order_check check (check_out_time is null or check_out_time >= check_in_time);
-- The Attendance list: newest check-in first, for everyone or one provider; one user's records.
create index attendances_check_in_idx on attendances (check_in_time desc, id desc);
create index attendances_tenant_check_in_idx on attendances (tenant_id, check_in_time desc, id desc);
create index attendances_user_check_in_idx on attendances (user_id, check_in_time desc, id desc);
-- Nobody is checked in twice: at most one open record per user (the 409 of POST attendances/check-in).
drop index attendances_open_idx;
create unique index attendances_open_idx on attendances (user_id) where check_out_time is null;

-- A staff user's availability: one row per slot or per repeating series. range_start and range_end
-- are the first occurrence's instants (UTC); a series repeats them in the wall-clock time of
-- `timezone` (an IANA zone, the browser's: spec 002 section 9) every repeat_interval
-- (daily, weekly, biweekly, monthly) up to and including repeat_until (a date in that zone), except
-- on excluded_dates (occurrences deleted or edited alone: the "this" scope). tenant_id is the
-- user's (none for internal users).
create table availability (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  tenant_id integer references tenants (id) on delete cascade,
  appointment_location_id integer references locations (id) on delete set null,
  range_start timestamptz not null,
  range_end timestamptz not null,
  availability_date date not null,
  timezone text not null,
  is_repeating boolean not null default false,
  repeat_interval text,
  repeat_until date,
  excluded_dates date[] not null default '{}',
  created_by_id integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint availability_range_check check (range_end > range_start),
  constraint availability_interval_check check (repeat_interval in ('daily', 'weekly', 'biweekly', 'monthly')),
  constraint availability_repeat_check check (not is_repeating or (repeat_interval is not null and repeat_until is not null and repeat_until >= availability_date))
);
-- A week of the calendar: the series that may have an occurrence in it, by user.
create index availability_user_idx on availability (user_id, availability_date);
create index availability_span_idx on availability (availability_date, repeat_until);
create index availability_tenant_idx on availability (tenant_id) where tenant_id is not null;
create index availability_location_idx on availability (appointment_location_id) where appointment_location_id is not null;

-- A generated report (spec 002 section 3 "Report"): its type, the range it covers, and its content
-- computed from the data of that range when it was generated (a report does not change after).
-- tenant_id is the provider reported on; patient_id is set for a one-patient report.
create table reports (
  id serial primary key,
  name text not null,
  type text not null,
  report_date timestamptz not null default now(),
  range_start date not null,
  range_end date not null,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer references patients (id) on delete cascade,
  content jsonb not null,
  created_by_id integer references users (id) on delete set null,
  constraint reports_range_check check (range_end >= range_start)
);
create index reports_date_idx on reports (report_date desc, id desc);
create index reports_tenant_date_idx on reports (tenant_id, report_date desc, id desc);
create index reports_range_idx on reports (range_start, range_end);
create index reports_patient_idx on reports (patient_id) where patient_id is not null;
