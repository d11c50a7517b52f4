-- The monthly ledger of billable services (issue 13; spec 001 section 3 "Service"): one row per
-- patient, CPT code and calendar month (in the provider's time zone), as monthServices
-- (src/domain/billing/monthProgress.ts) computed it from the month's readings and notes with the
-- code set in force. Rewritten by src/server/services/billing/monthLedger.ts whenever a note or a
-- reading of that month is written; read by GET services and the Monitoring Progress screen, so
-- that a page of a month's progress reads rows instead of recomputing every patient.
create table services (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  patient_id integer not null references patients (id),
  service_instance_id integer references service_instances (id) on delete set null,
  cpt_code text not null,
  program text not null,
  measure text not null check (measure in ('setup', 'days', 'minutes')),
  start_date date not null,
  end_date date not null,
  -- Seconds for a time code, days otherwise.
  value integer not null check (value >= 0),
  max_value integer not null check (max_value >= 0),
  progress double precision not null check (progress >= 0 and progress <= 1),
  units integer not null check (units >= 0),
  remaining integer not null check (remaining >= 0),
  status text not null check (status in ('not_started', 'in_progress', 'complete', 'excluded', 'billed')),
  claimable boolean not null,
  excluded_by text,
  patient_communication_performed boolean not null default false,
  -- When the row was last computed.
  date timestamptz not null default now(),
  check (end_date >= start_date),
  unique (patient_id, start_date, cpt_code)
);

create index services_tenant_month_idx on services (tenant_id, start_date, patient_id);
