-- Patient documents, part 1 (issue 16; spec 001 sections 2 "profile sections" 7, 8 and 12, 3 "Contact",
-- "Patient document", 4 "Mobile app rejection", 5 "Contact", "Consent upload"): family and contacts,
-- the files the product keeps, the consent form, and the mobile-app invitation.

-- Family and contacts of a patient (spec 001 section 3), of the patient's provider.
create table contacts (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  full_name text not null check (length(btrim(full_name)) > 0),
  relationship_to_patient text not null
    check (relationship_to_patient in ('caregiver', 'child', 'dependent', 'family_member', 'legal_guardian', 'parent', 'spouse', 'other')),
  cell_phone_number text,
  home_phone_number text,
  email text,
  is_emergency_contact boolean not null default false,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_patient_idx on contacts (patient_id, id desc);
create index contacts_tenant_idx on contacts (tenant_id, id);

-- Every file the product keeps (services/storage): its bytes in `content` when the database stores
-- them (the default on PostgreSQL, so that any replica serves what another stored), in a file under
-- the data directory (the embedded database's default: one process, and the database stays small), or
-- in an S3-compatible bucket; `object_key` names the file or the object. `sha256` is the content's
-- digest, checked on every read.
create table stored_files (
  id bigserial primary key,
  tenant_id integer references tenants (id) on delete cascade,
  storage text not null check (storage in ('database', 'file', 's3')),
  object_key text,
  content bytea,
  content_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null,
  file_name text,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((storage = 'database') = (content is not null)),
  check ((storage <> 'database') = (object_key is not null))
);

-- A patient's documents (spec 001 section 3, "Patient document"): what the file is (consent_form), the
-- file, and who added it; reached through short-lived signed links only.
create table patient_documents (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  document_type text not null check (document_type in ('consent_form', 'data_export', 'other')),
  file_id bigint not null references stored_files (id),
  file_name text,
  source text not null default 'upload' check (source in ('upload', 'esign', 'export')),
  added_by integer references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index patient_documents_patient_idx on patient_documents (patient_id, created_at desc, id desc);
create index patient_documents_tenant_idx on patient_documents (tenant_id, id);

-- The patient's current consent form (the latest uploaded or signed), and the mobile-app rejection
-- (spec 001 section 4: set to a time, or cleared).
alter table patients add column consent_form_document_id integer references patient_documents (id) on delete set null;
alter table patients add column rejected_mobile_app_on timestamptz;

-- The mobile-app invitation's one-time code is a user token of its own purpose.
alter table user_tokens drop constraint user_tokens_purpose_check;
alter table user_tokens add constraint user_tokens_purpose_check check (purpose in ('reset_password', 'otp_login', 'verify_email', 'mobile_invite'));
