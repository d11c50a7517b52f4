-- Claims (spec 002 sections 2 "Claims", 3 "Claim item", 4, 5 and 7) and the ICD-10-CM codes their
-- diagnoses name.
--
-- icd10_codes: one row per code of a yearly release, loaded by src/server/db/migrate.ts from
-- src/server/db/referenceData/icd10cm-<year>.csv (a new year is a new file, and a data change).
-- GET /icd10 searches the newest release by code prefix (`code like 'E11%'`: the text_pattern_ops
-- index, whatever the collation) and by words of the description (case-insensitive substrings: the
-- trigram index), at most 50 rows.
create table icd10_codes (
  release integer not null check (release between 2000 and 2999),
  -- Written as the release writes it: the first three characters, a dot, then the rest (E11.9).
  code text not null check (code ~ '^[A-Z][0-9A-Z]{2}(\.[0-9A-Z]{1,4})?$'),
  description text not null,
  primary key (release, code)
);

create index icd10_codes_code_prefix_idx on icd10_codes (release, code text_pattern_ops);
create index icd10_codes_description_trgm_idx on icd10_codes using gin (description gin_trgm_ops);

-- A claim item: one CPT code billed for one patient and one date of service (or one month). Made by
-- hand (source manual), or from a claimable service of the monthly ledger (source based_on_service:
-- src/server/services/billing/claims.ts keeps those in step with the services while unsubmitted).
create table claim_items (
  id serial primary key,
  -- The patient's provider, always (the resource's rules).
  tenant_id integer not null references tenants (id),
  -- A claim is a billing record: a patient with claims is not deleted (as with its services).
  patient_id integer not null references patients (id),
  source text not null default 'manual' check (source in ('manual', 'based_on_service')),
  -- The service the claim bills; a claim outlives a service that the ledger removes.
  service_id integer references services (id) on delete set null,
  date_of_service date not null,
  end_date_of_service date,
  suggested_billing_date date,
  created_on timestamptz not null default now(),
  cpt_code text not null,
  units integer not null check (units >= 1),
  note text,
  -- A user of the claim's provider with an NPI number; for a claim from a service, the care
  -- program's practitioner.
  billing_provider integer references users (id) on delete set null,
  -- ICD-10-CM codes (icd10_codes.code) of the diagnoses, at most 4 (spec 002 section 9).
  icd10_ids text[] not null default '{}' check (cardinality(icd10_ids) <= 4),
  submitted boolean not null default false,
  check (end_date_of_service is null or end_date_of_service >= date_of_service)
);

-- A claim from a service exists at most once per patient, code and month (the service's first day):
-- the automatic claims are an upsert on this key, so that a refresh never makes a second one.
create unique index claim_items_from_service_idx on claim_items (patient_id, cpt_code, date_of_service) where source = 'based_on_service';
-- The list: one provider's claims, newest date of service first.
create index claim_items_tenant_list_idx on claim_items (tenant_id, date_of_service desc, id desc);
-- A patient's claims (the record's services section, the patient_id filter).
create index claim_items_patient_idx on claim_items (patient_id, date_of_service desc);
-- A month's claims from services for every patient at once (generateMonthClaims).
create index claim_items_month_from_service_idx on claim_items (date_of_service) where source = 'based_on_service';
-- The foreign key's set null when a service row goes.
create index claim_items_service_idx on claim_items (service_id);
-- A month's claimable services for every patient at once (generateMonthClaims).
create index services_claimable_month_idx on services (start_date) where claimable and units > 0;
