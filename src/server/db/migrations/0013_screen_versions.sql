-- Published versions of screen definitions (DESIGN.md section 3 "Screens"): GET /api/screens serves,
-- for each screen id, the newest version stored here, or else the file from screens/. A definition
-- is stored whole (its own `id` and `version` inside agree with the key); the server checks it
-- against the meta-schema (schemas/screen.ts) when it serves it and skips one that fails.
create table screen_versions (
  screen_id text not null check (screen_id ~ '^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$'),
  version integer not null check (version > 0),
  definition jsonb not null,
  published_at timestamptz not null default now(),
  published_by integer references users (id) on delete set null,
  primary key (screen_id, version)
);
