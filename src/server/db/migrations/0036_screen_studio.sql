-- Screen Studio (issue 21; docs/DESIGN.md section 3 "Screens", src/server/routes/screenStudio/README.md):
-- analysts and internal admins change screen definitions in the console. A draft is edited,
-- validated and published, alone or with others as one named release; a rollback publishes an
-- earlier state as a new version. Nothing is deleted from the history: screen_versions only grows.

-- product_analyst: an internal role that edits and previews screens (src/domain/roles.ts).
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in (
  'superadmin', 'internal_admin', 'internal_billing_admin', 'internal_clinician', 'product_analyst',
  'admin', 'clinician', 'staff', 'patient'));

-- A release: the versions published together (one or more screens), or the versions a rollback
-- published. A rollback of a release names the release it undid.
create table screen_releases (
  id serial primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  note text not null default '',
  kind text not null default 'release' check (kind in ('release', 'rollback')),
  rolls_back_release_id integer references screen_releases (id),
  published_at timestamptz not null default now(),
  published_by integer references users (id) on delete set null
);
-- A release is rolled back once at most.
create unique index screen_releases_rolls_back_key on screen_releases (rolls_back_release_id) where rolls_back_release_id is not null;

-- Each published version says what it replaced (the version in force when its draft was taken,
-- the file's or a published one), why (the note), and in which release.
alter table screen_versions
  add column note text not null default '',
  add column release_id integer references screen_releases (id),
  add column replaced_version integer,
  add column restores_version integer;
create index screen_versions_release_idx on screen_versions (release_id);

-- The one draft of a screen, shared by whoever edits it (structured editor and JSON editor alike).
-- base_version: the version in force when the draft was started; publishing is refused when another
-- publication has moved the screen on since (the second of two publishers is refused, not lost).
-- revision: bumped on every save, so that two editors saving over each other are told.
create table screen_drafts (
  screen_id text primary key check (screen_id ~ '^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$'),
  base_version integer not null check (base_version > 0),
  definition jsonb not null,
  revision integer not null default 1 check (revision > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by integer references users (id) on delete set null,
  -- An analyst asks an admin to publish it (the review of issue 21).
  submitted_at timestamptz,
  submitted_by integer references users (id) on delete set null
);
