-- Patient documents, part 2 (issue 16; spec 001 sections 3 "Data export", "E-sign request", 4 "Data
-- export", "Consent form", 5 "E-sign", "Data export needs ..."): consent e-signature requests and
-- patient data exports.

-- A consent form sent for e-signature: in_progress until signed (then the signed PDF is the patient's
-- consent form: document_id), or rescinded. `slug` is the signing page's address (random, unguessable);
-- only its hash is kept in `slug_hash`, the slug itself travels in the mail.
create table esign_requests (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  document_type text not null default 'consent_form' check (document_type in ('consent_form')),
  request_type text not null default 'email' check (request_type in ('email')),
  status text not null default 'in_progress' check (status in ('in_progress', 'signed', 'rescinded', 'expired')),
  use_guardian boolean not null default false,
  guardian_email text,
  email_override text,
  signer_email text not null,
  slug_hash text not null unique,
  requested_by integer references users (id) on delete set null,
  requested_on timestamptz not null default now(),
  expires_at timestamptz not null,
  signed_at timestamptz,
  signer_name text,
  signer_address text,
  document_id integer references patient_documents (id) on delete set null,
  rescinded_at timestamptz,
  updated_at timestamptz not null default now()
);
create index esign_requests_patient_idx on esign_requests (patient_id, requested_on desc, id desc);
create unique index esign_requests_one_pending_idx on esign_requests (patient_id) where status = 'in_progress';

-- A patient data export (spec 001 sections 3 and 4): pending -> pending_validation -> completed, or
-- failed or revoked (src/domain/dataExports.ts). The archive is a stored file (file_id) built in the
-- background; `progress` 0-100 while it is built. The patient downloads it with a one-time download
-- token (its hash in download_token_hash), exchanged for a signed link.
create table data_exports (
  id serial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  type text not null default 'patient_data_export' check (type in ('patient_data_export')),
  format text not null default 'zip' check (format in ('zip')),
  status text not null default 'pending' check (status in ('pending', 'pending_validation', 'completed', 'failed', 'revoked')),
  consent_given boolean not null,
  progress integer not null default 0 check (progress between 0 and 100),
  file_id bigint references stored_files (id),
  failure text,
  download_token_hash text unique,
  download_expires_at timestamptz,
  requested_by integer references users (id) on delete set null,
  validated_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  validated_at timestamptz,
  completed_at timestamptz,
  revoked_at timestamptz,
  updated_at timestamptz not null default now()
);
create index data_exports_patient_idx on data_exports (patient_id, created_at desc, id desc);
create index data_exports_tenant_idx on data_exports (tenant_id, id);
