-- What happened to a task (spec 001 section 3, Task activity): written by the server in the
-- transaction of each change of the task (definitions/tasks.ts), never through the API. tenant_id and
-- patient_id are the task's, copied so that the engine scopes and audits the rows without a join (a
-- task never moves to another patient). performed_by_name is kept as it was at the time, like a status
-- change's changed_by_name. Value lists are src/domain/tasks.ts's.
create table task_activities (
  id bigserial primary key,
  tenant_id integer not null references tenants (id) on delete cascade,
  task_id integer not null references tasks (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  activity_type text not null check (activity_type in ('created', 'assigned', 'completed', 'uncompleted')),
  description text,
  performed_at timestamptz not null default now(),
  performed_by_id integer references users (id) on delete set null,
  performed_by_name text,
  is_system_generated boolean not null default false
);
-- A task's activities, newest first (spec 001 section 7: "GET task-activities (task_id, newest first)").
create index task_activities_task_idx on task_activities (task_id, performed_at desc, id desc);
-- A provider's activities, newest first; and the rows a deleted patient takes with it.
create index task_activities_tenant_idx on task_activities (tenant_id, performed_at desc, id desc);
create index task_activities_patient_idx on task_activities (patient_id);
