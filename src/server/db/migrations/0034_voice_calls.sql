-- Voice calls placed from the console (issue 22; spec 000 sections 2.7, 3 "Voice call", 7 "Voice";
-- 001 sections 2 "Calls", 5 "Call dialog"; 002 sections 2, 3 "Voice call", 7 "Voice calls").
-- Since 0011 a call had a patient, a clinician, a duration and a start; the telephony flow
-- (services/telephony/README.md) now writes every field of the spec's voice call.

-- The caller is whoever placed the call (spec 000: caller_id, caller_name); 0011 named them clinician.
alter table voice_calls rename column clinician_id to caller_id;
alter table voice_calls rename column clinician_name to caller_name;
-- A test call (My voice calls, Test Call) dials a number, not a patient; an internal user's test call
-- belongs to no provider and is seen only by internal staff.
alter table voice_calls alter column patient_id drop not null;
alter table voice_calls alter column tenant_id drop not null;
alter table voice_calls
  add column patient_contact_id integer references contacts (id) on delete set null,
  -- Twilio's call statuses (the carrier's words, kept as they come).
  add column status text not null default 'completed'
    check (status in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'failed', 'no-answer', 'canceled')),
  -- start_time: when the call was placed. call_time: when the recipient answered, or the placing time
  -- of a call never answered (the lists sort by it: spec 000 "sorted by call_time descending").
  -- duration: seconds from the answer to the end (0 when never answered).
  add column call_time timestamptz,
  add column ended_at timestamptz,
  -- Who ended it: the caller (the console), the callee (the patient's side) or the carrier (an
  -- unanswered, busy or failed call).
  add column hangup_source text check (hangup_source in ('caller', 'callee', 'carrier')),
  add column recipient_phone_number text,
  add column recipient_name text,
  add column caller_phone_number text,
  -- Which telephony placed it and its id there (Twilio's parent CallSid, or the simulated carrier's).
  add column carrier text not null default 'simulated' check (carrier in ('twilio', 'simulated')),
  add column carrier_call_sid text,
  -- The monitoring type chosen in the Call dialog: the note the call becomes is of this type.
  add column note_type text,
  add column is_test boolean not null default false,
  -- The recording, once the carrier has it and we have copied it into our storage (never a public link).
  add column recording_file_id bigint references stored_files (id),
  add column recording_sid text,
  add column recording_duration integer check (recording_duration >= 0),
  add column transcript text;
update voice_calls set call_time = start_time, ended_at = start_time + make_interval(secs => duration), hangup_source = 'caller';
alter table voice_calls alter column call_time set not null;
create unique index voice_calls_carrier_sid_idx on voice_calls (carrier, carrier_call_sid);
-- /voice-calls: a provider's calls, newest first; /account/voice-calls: the caller's own.
create index voice_calls_tenant_call_time_idx on voice_calls (tenant_id, call_time desc, id desc);
create index voice_calls_caller_idx on voice_calls (caller_id, call_time desc, id desc);

-- A call with a patient becomes one monitoring note (issue 22, "call time becomes care time"): the
-- note names its call, and a call is named by one note at most, so its time is never counted twice.
alter table monitoring_activities add column voice_call_id integer references voice_calls (id) on delete set null;
create unique index monitoring_activities_voice_call_idx on monitoring_activities (voice_call_id) where voice_call_id is not null;
