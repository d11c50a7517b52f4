-- One-time charges of a device (spec 000 sections 2.5 and 3): a device_fee is recorded the first
-- time a device goes to a provider; the device detail's Charges card lists them, newest first.
create table device_one_time_fees (
  id serial primary key,
  device_id integer not null references devices (id) on delete cascade,
  -- The provider charged; a fee stays with that provider when the device moves on.
  tenant_id integer not null references tenants (id) on delete cascade,
  timestamp timestamptz not null default now(),
  amount numeric(10, 2) not null,
  fee_type text not null check (fee_type in ('device_fee'))
);
create index device_one_time_fees_device_idx on device_one_time_fees (device_id, timestamp desc);
