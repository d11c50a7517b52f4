-- Indexes for lists the resource engine serves that 0001 does not cover.

-- A patient's device history: /patients/{id}/device-activities, newest first.
create index device_activities_patient_idx on device_activities (patient_id, created_on desc, id desc);

-- Auth logs of every account, newest first (internal users' security review).
create index auth_logs_timestamp_idx on auth_logs (timestamp desc, id desc);

-- Audit rows by actor (who read what), newest first.
create index audit_logs_actor_idx on audit_logs (actor_id, occurred_at desc);
