-- The audit trail made complete and tamper-evident (issue 12).
--
-- * Append-only: audit_logs and auth_logs refuse UPDATE, DELETE and TRUNCATE whoever asks, so
--   neither the application nor a stray script can rewrite history. Only dropping the triggers
--   (a table owner's act, outside the application's role) can, and the hash chain shows it.
-- * Chained: each audit row carries chain_seq and hash = sha256(previous hash || the row's
--   content as canonical JSON), computed by the database on insert (audit_log_digest). The one
--   row of audit_log_chain is the chain's head; the insert trigger locks it, so concurrent writers
--   append one after the other (held until the writer's transaction ends; PGlite has one
--   connection anyway). `npm run audit:verify` and GET /api/audit-logs/verify recompute the chain.
-- * Who: the actor's name and e-mail are copied into the row, and an account with audit rows can
--   no longer be deleted (the foreign keys restrict instead of blanking the actor): such users
--   are deactivated.
-- * Denied: `outcome` says whether the access was allowed or refused (403, or 404 out of reach).

alter table audit_logs
  add column actor_name text,
  add column actor_email text,
  add column outcome text not null default 'allowed' check (outcome in ('allowed', 'denied')),
  add column chain_seq bigint,
  add column hash text;

update audit_logs a set actor_name = u.full_name, actor_email = u.email from users u where u.id = a.actor_id;

-- An account with history is kept: deleting it is refused (409 through the API), never blanking the actor.
alter table audit_logs drop constraint audit_logs_actor_id_fkey,
  add constraint audit_logs_actor_id_fkey foreign key (actor_id) references users (id) on delete restrict;
alter table auth_logs drop constraint auth_logs_user_id_fkey,
  add constraint auth_logs_user_id_fkey foreign key (user_id) references users (id) on delete restrict;

-- The content a row's hash covers: every column but the hash, nulls left out (so that a nullable
-- column added later does not change the digest of older rows), the time in UTC to the
-- microsecond whatever the session's time zone.
create function audit_log_digest(previous text, r audit_logs) returns text language sql stable as $$
  select encode(sha256(convert_to(coalesce(previous, '') || jsonb_strip_nulls(
    (to_jsonb(r) - 'hash') || jsonb_build_object('occurred_at', to_char(r.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
  )::text, 'UTF8')), 'hex')
$$;

create table audit_log_chain (
  id boolean primary key default true check (id),
  last_seq bigint not null default 0,
  last_hash text
);
insert into audit_log_chain default values;

-- The rows written before this migration, chained in id order.
do $$
declare
  r audit_logs;
  n bigint := 0;
  previous text;
begin
  for r in select * from audit_logs order by id loop
    n := n + 1;
    r.chain_seq := n;
    r.hash := null;
    previous := audit_log_digest(previous, r);
    update audit_logs set chain_seq = n, hash = previous where id = r.id;
  end loop;
  update audit_log_chain set last_seq = n, last_hash = previous;
end $$;

-- The defaults are never stored (the insert trigger below always sets both); they tell writers,
-- and the generated types, that an insert leaves the two columns out.
alter table audit_logs
  alter column chain_seq set not null, alter column chain_seq set default 0,
  alter column hash set not null, alter column hash set default '';
create unique index audit_logs_chain_seq_idx on audit_logs (chain_seq);

-- Security definer: the application's role needs no right on audit_log_chain, so it cannot move the head.
create function audit_logs_append() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
declare
  head audit_log_chain;
begin
  select * into strict head from audit_log_chain for update;
  if new.actor_id is not null and new.actor_name is null then
    select u.full_name, u.email into new.actor_name, new.actor_email from users u where u.id = new.actor_id;
  end if;
  new.chain_seq := head.last_seq + 1;
  new.hash := null;
  new.hash := audit_log_digest(head.last_hash, new);
  update audit_log_chain set last_seq = new.chain_seq, last_hash = new.hash;
  return new;
end $$;

create trigger audit_logs_append before insert on audit_logs for each row execute function audit_logs_append();

create function refuse_log_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
end $$;

create trigger audit_logs_append_only before update or delete on audit_logs for each row execute function refuse_log_change();
create trigger audit_logs_no_truncate before truncate on audit_logs for each statement execute function refuse_log_change();
create trigger auth_logs_append_only before update or delete on auth_logs for each row execute function refuse_log_change();
create trigger auth_logs_no_truncate before truncate on auth_logs for each statement execute function refuse_log_change();

-- PostgreSQL: a least-privilege role for the application (README "Running as the application
-- role"): every right on the application's tables but update, delete and truncate on the logs, and
-- none on the chain's head. Roles are the cluster's; a database where this migration may not
-- create or grant (PGlite, a managed server) skips it with a notice.
do $$
begin
  if not exists (select from pg_roles where rolname = 'care_console_app') then
    create role care_console_app nologin;
  end if;
  execute format('grant connect on database %I to care_console_app', current_database());
  grant usage on schema public to care_console_app;
  grant select, insert, update, delete on all tables in schema public to care_console_app;
  grant usage, select on all sequences in schema public to care_console_app;
  revoke update, delete, truncate on audit_logs, auth_logs from care_console_app;
  revoke all on audit_log_chain from care_console_app;
  -- Tables of later migrations (run by this same owner) are the application's too.
  alter default privileges in schema public grant select, insert, update, delete on tables to care_console_app;
  alter default privileges in schema public grant usage, select on sequences to care_console_app;
exception when others then
  raise notice 'care_console_app not set up: %', sqlerrm;
end $$;
