-- The filters of GET patients that spec 001 section 7 names and earlier migrations had no column
-- for: first_device_activity, care_program_types and has_no_care_program (consented_by_id is a
-- column since 0008). All three are kept by the database or the code paths that record readings,
-- never by a form.

-- When the patient's devices first reported a measurement (the counterpart of last_device_activity).
alter table patients add column first_device_activity timestamptz;
update patients p set first_device_activity = d.first
  from (select patient_id, min(created_on) as first from device_activities
        where activity_type = 'measurement' and patient_id is not null group by patient_id) d
  where d.patient_id = p.id;

-- The types of the patient's active care programs, each once, sorted; kept with has_rpm, has_ccm and
-- has_pcm by the care-program trigger of 0010, whose function this replaces.
alter table patients add column care_program_types text[] not null default '{}';
alter table patients add column has_no_care_program boolean generated always as (cardinality(care_program_types) = 0) stored;

create or replace function patients_refresh_care_program_flags(patient_ids integer[]) returns void language plpgsql as $$
begin
  update patients p set
    has_rpm = 'rpm' = any(types.active),
    has_ccm = 'ccm' = any(types.active),
    has_pcm = 'pcm' = any(types.active),
    care_program_types = types.active
  from (
    select q.id, array(select distinct s.type from service_instances s where s.patient_id = q.id and s.is_active order by s.type) as active
    from patients q where patient_ids is null or q.id = any(patient_ids)
  ) types
  where types.id = p.id
    and (p.care_program_types is distinct from types.active or p.has_rpm <> ('rpm' = any(types.active))
         or p.has_ccm <> ('ccm' = any(types.active)) or p.has_pcm <> ('pcm' = any(types.active)));
end $$;

select patients_refresh_care_program_flags(null);
