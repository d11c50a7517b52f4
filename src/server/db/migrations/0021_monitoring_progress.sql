-- One row per patient and month (spec 001 section 3, "Monitoring progress row"; issue 13): the
-- progress of each of the patient's care programs and of all of them, computed with the month's
-- services (table services) by src/domain/billing/programProgress.ts and written with them by
-- src/server/services/billing/monthLedger.ts. GET monitoring-progress reads it: a month's page for
-- one provider is an index range, sorted by a stored number, whatever the number of patients.
create table monitoring_progress (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  patient_id integer not null references patients (id),
  start_date date not null,
  year integer not null,
  month integer not null check (month between 1 and 12),
  progress_rpm double precision check (progress_rpm between 0 and 1),
  progress_rtm double precision check (progress_rtm between 0 and 1),
  progress_ccm double precision check (progress_ccm between 0 and 1),
  progress_cccm double precision check (progress_cccm between 0 and 1),
  progress_pcm double precision check (progress_pcm between 0 and 1),
  progress_all double precision check (progress_all between 0 and 1),
  last_updated timestamptz not null default now(),
  unique (patient_id, start_date)
);

create index monitoring_progress_tenant_month_idx on monitoring_progress (tenant_id, year, month, progress_all);
