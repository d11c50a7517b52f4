-- Provider organisations and their billing (issue 17; spec 002 sections 3 "Provider", "Fee-for-service
-- pricing row", "Invoice", "Invoice preview", 4, 5, 7 "Providers and billing"). Money is integer cents
-- everywhere in the database; the API turns it into dollars where the spec says so.

-- The provider's billing and people (spec 002 section 3). The price ids name the vendor's prices
-- (GET billing/product-prices/{kind}); the clinician ids are the provider's own clinicians, the
-- success and sales ids internal users (the resource's reference rules check both).
alter table tenants
  add column stripe_billing_enabled boolean not null default false,
  add column stripe_customer_id text,
  add column stripe_subscription_id text,
  add column simple_price_id text,
  add column complex_price_id text,
  add column software_only_price_id text,
  add column ccm_only_price_id text,
  add column initiation_fee_price_id text,
  add column default_rpm_clinician_id integer references users (id) on delete set null,
  add column default_rtm_clinician_id integer references users (id) on delete set null,
  add column default_ccm_clinician_id integer references users (id) on delete set null,
  add column default_pcm_clinician_id integer references users (id) on delete set null,
  add column default_provider_success_id integer references users (id) on delete set null,
  add column provider_success_id integer references users (id) on delete set null,
  add column sales_manager_id integer references users (id) on delete set null,
  -- Set by offboarding: the row stays as a tombstone (audit rows and invoices name it), without data.
  add column offboarded_at timestamptz;

-- The Medicare Physician Fee Schedule as effective-dated data (src/server/db/referenceData/README.md):
-- the national non-facility amount of each code for a period, and the payment localities whose
-- geographic factor a pricing row may use instead of the national amount. Next year's fees are new
-- rows (close the old period with effective_to), never an edit.
create table fee_schedule_amounts (
  code text not null,
  effective_from date not null,
  effective_to date,
  amount_cents integer not null check (amount_cents >= 0),
  source text not null,
  primary key (code, effective_from),
  check (effective_to is null or effective_to >= effective_from)
);

create table fee_schedule_localities (
  locality_id text not null,
  name text not null,
  effective_from date not null,
  effective_to date,
  -- The locality's amount over the national one (its geographic practice cost index, weighted).
  multiplier numeric(6, 4) not null check (multiplier > 0),
  source text not null,
  primary key (locality_id, effective_from)
);

-- A provider's negotiated fee-for-service price of one code from a volume on (spec 002 section 5): a
-- tier applies to the units above its volume_threshold (0 = the first tier; 100 = units 101 onward)
-- until the next tier's; as_of_date is the day it takes effect. The fee-schedule price it was made
-- from is kept with it, as it was then.
create table fee_for_service_prices (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  cpt_code text not null,
  fee_schedule_price_cents integer not null check (fee_schedule_price_cents >= 0),
  negotiated_price_cents integer not null check (negotiated_price_cents >= 0),
  volume_threshold integer not null check (volume_threshold >= 0),
  as_of_date date not null,
  proportion numeric(3, 2) not null check (proportion between 0 and 1),
  locality_id text,
  hybrid boolean not null default false,
  created_by integer references users (id) on delete set null,
  created_on timestamptz not null default now(),
  unique (tenant_id, cpt_code, volume_threshold, as_of_date)
);
create index fee_for_service_prices_tenant_idx on fee_for_service_prices (tenant_id, id);

-- The subscription products of the built-in vendor (GET billing/product-prices/{kind}); Stripe keeps
-- its own (src/server/services/billingVendor/README.md).
create table billing_product_prices (
  id text primary key,
  kind text not null check (kind in ('simple', 'complex', 'software_only', 'ccm_only', 'initiation_fee')),
  nickname text not null,
  unit_amount_cents integer not null check (unit_amount_cents >= 0),
  currency text not null default 'usd',
  billing_interval text not null check (billing_interval in ('month', 'one_time')),
  active boolean not null default true
);

-- The built-in vendor's subscriptions: the recurring prices a provider pays for.
create table billing_subscriptions (
  id text primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  status text not null check (status in ('active', 'canceled')),
  price_ids text[] not null,
  created_on timestamptz not null default now(),
  canceled_on timestamptz
);

-- An issued invoice (spec 002 section 3, "Invoice"): numbered, immutable (the trigger below), its
-- lines and per-patient breakdown kept as issued, its PDF a stored file. One per provider and month;
-- request_hash is the issuing request's, so that a retried request answers the same invoice.
create sequence invoice_numbers;
create table invoices (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  number text not null unique,
  status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  vendor text not null check (vendor in ('builtin', 'stripe')),
  vendor_invoice_id text,
  hosted_invoice_url text,
  year integer not null check (year between 2000 and 2999),
  month integer not null check (month between 1 and 12),
  due_date date not null,
  total_cents integer not null,
  lines jsonb not null,
  breakdown jsonb not null,
  request_hash text not null,
  -- The invoice as a PDF, and (built-in vendor) as the HTML page hosted_invoice_url links to.
  file_id bigint references stored_files (id),
  hosted_file_id bigint references stored_files (id),
  created_by integer references users (id) on delete set null,
  created timestamptz not null default now(),
  unique (tenant_id, year, month)
);
create index invoices_tenant_created_idx on invoices (tenant_id, created desc, id desc);

create function refuse_invoice_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'an issued invoice cannot be deleted' using errcode = 'check_violation';
  end if;
  if new.number <> old.number or new.total_cents <> old.total_cents or new.lines <> old.lines
     or new.breakdown <> old.breakdown or new.year <> old.year or new.month <> old.month
     or new.tenant_id <> old.tenant_id or new.due_date <> old.due_date then
    raise exception 'an issued invoice cannot be changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger invoices_immutable before update or delete on invoices for each row execute function refuse_invoice_change();

-- A provider's offboarding: the final archive of its data (a stored file of the operator's) and who
-- did it. The provider row stays, emptied (offboarded_at).
create table provider_offboardings (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  provider_name text not null,
  archive_file_id bigint references stored_files (id),
  patients_removed integer not null,
  offboarded_by integer references users (id) on delete set null,
  offboarded_at timestamptz not null default now()
);
