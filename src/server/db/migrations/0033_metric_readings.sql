-- The provider charts' readings (issue 19: every metrics chart of a provider over 12 months under
-- 100 ms at the scale seed; routes/metrics/README.md). Compliance, baseline deviation and device
-- measurements read every vital-signs reading of the year: converting each one's instant to the
-- provider's day and sorting them for a moving average cost 150 to 300 ms per call. This table keeps,
-- per reading, what those charts need, computed when readings and annotations are written:
--   day         the reading's day in its provider's time zone (tenants.timezone);
--   y           the value that counts (services/clinical/countedReadings.ts): a flag's new value,
--               else the reading's own; null when a flag gives none (the reading is left out);
--   baseline_N  the moving average of the same patient's same measure's counted values over the N
--               days up to the reading, both ends included (the windows of spec 001 section 9:
--               3, 5, 7 and 14 days); null when there is none.
-- Triggers keep it: readings inserted, updated or deleted, annotations added or removed, a provider's
-- time zone changed. A reading changes the baselines of the readings of the 14 days after it, so a
-- refresh recomputes each touched patient's measure from the first touched instant to 14 days after
-- the last, reading the 14 days before for the window.
create table metric_readings (
  observation_id bigint primary key references observations (id) on delete cascade,
  tenant_id integer not null references tenants (id) on delete cascade,
  patient_id integer not null references patients (id) on delete cascade,
  name text not null,
  timestamp timestamptz not null,
  day date not null,
  y double precision,
  baseline_3 double precision,
  baseline_5 double precision,
  baseline_7 double precision,
  baseline_14 double precision
);
-- The reading days of a patient (metric_reading_days below) are recomputed from its readings by day;
-- device measurements and baseline deviation count by day without visiting the table.
create index metric_readings_patient_day_idx on metric_readings (patient_id, day);
create index metric_readings_day_idx on metric_readings (tenant_id, day) include (y, baseline_3, baseline_5, baseline_7, baseline_14);

-- The days on which a patient had readings, in its provider's zone, with what compliance needs of
-- each (spec 001 section 9: minimum measurements 8/16/30/45 days): the patient's next reading day,
-- and the 8th, 16th, 30th and 45th latest reading day up to this one (this one the first; null when
-- there are fewer). On a day e from this reading day up to the next one, the patient has readings on
-- at least N of the W days ending on e when back_N is within them (back_N > e - W): compliance reads
-- one row per patient-day, with no window computed per call.
create table metric_reading_days (
  patient_id integer not null references patients (id) on delete cascade,
  day date not null,
  tenant_id integer not null references tenants (id) on delete cascade,
  next_day date,
  back_8 date,
  back_16 date,
  back_30 date,
  back_45 date,
  primary key (patient_id, day)
);
create index metric_reading_days_tenant_idx on metric_reading_days (tenant_id, day) include (patient_id, next_day, back_8, back_16, back_30, back_45);

-- Recomputes each patient's reading days from `froms` on (and the day before, whose next day may
-- change), reading the 45 reading days before for the lags.
create function refresh_metric_reading_days(patient_ids integer[], froms date[]) returns void language plpgsql as $$
begin
  delete from metric_reading_days d using unnest(patient_ids, froms) as a(patient_id, from_day)
  where d.patient_id = a.patient_id and d.day >= a.from_day;
  insert into metric_reading_days as d (patient_id, day, tenant_id, next_day, back_8, back_16, back_30, back_45)
  select r.patient_id, r.day, r.tenant_id, r.next_day, r.back_8, r.back_16, r.back_30, r.back_45
  from (
    select days.*,
      lead(day) over w as next_day,
      lag(day, 7) over w as back_8,
      lag(day, 15) over w as back_16,
      lag(day, 29) over w as back_30,
      lag(day, 44) over w as back_45
    from (
      select distinct m.patient_id, m.day, m.tenant_id, coalesce(c.prev_day, a.from_day) as keep_from
      from unnest(patient_ids, froms) as a(patient_id, from_day)
      cross join lateral (
        select min(b.day) as context_from, max(b.day) as prev_day
        from (select distinct x.day from metric_readings x where x.patient_id = a.patient_id and x.day < a.from_day order by x.day desc limit 45) b
      ) c
      join metric_readings m on m.patient_id = a.patient_id and m.day >= coalesce(c.context_from, a.from_day)
    ) days
    window w as (partition by patient_id order by day)
  ) r
  where r.day >= r.keep_from
  on conflict (patient_id, day) do update set
    tenant_id = excluded.tenant_id, next_day = excluded.next_day, back_8 = excluded.back_8,
    back_16 = excluded.back_16, back_30 = excluded.back_30, back_45 = excluded.back_45;
end $$;

-- Recomputes the rows of the readings of each (patient, measure) from `froms` to 14 days after `tos`.
create function refresh_metric_readings(patient_ids integer[], names text[], froms timestamptz[], tos timestamptz[]) returns void language plpgsql as $$
begin
  with affected as (
    select * from unnest(patient_ids, names, froms, tos) as a(patient_id, name, lo, hi)
  ),
  readings as (
    select a.lo, a.hi, o.id, o.tenant_id, o.patient_id, o.name, o.timestamp,
      case when n.annotation_type = 'flag' then n.new_value else o.value end as y
    from affected a
    join observations o on o.patient_id = a.patient_id and o.name = a.name
      and o.timestamp >= a.lo - interval '14 days' and o.timestamp <= a.hi + interval '14 days'
    left join observation_annotations n on n.observation_id = o.id
    where o.category = 'vital-signs'
  ),
  averaged as (
    select r.*,
      avg(y) over (partition by patient_id, name, lo order by timestamp range between interval '3 days' preceding and current row) as baseline_3,
      avg(y) over (partition by patient_id, name, lo order by timestamp range between interval '5 days' preceding and current row) as baseline_5,
      avg(y) over (partition by patient_id, name, lo order by timestamp range between interval '7 days' preceding and current row) as baseline_7,
      avg(y) over (partition by patient_id, name, lo order by timestamp range between interval '14 days' preceding and current row) as baseline_14
    from readings r
  )
  insert into metric_readings as m (observation_id, tenant_id, patient_id, name, timestamp, day, y, baseline_3, baseline_5, baseline_7, baseline_14)
  select v.id, v.tenant_id, v.patient_id, v.name, v.timestamp, (v.timestamp at time zone t.timezone)::date, v.y,
    v.baseline_3, v.baseline_5, v.baseline_7, v.baseline_14
  from averaged v
  join tenants t on t.id = v.tenant_id
  where v.timestamp >= v.lo
  on conflict (observation_id) do update set
    tenant_id = excluded.tenant_id, patient_id = excluded.patient_id, name = excluded.name, timestamp = excluded.timestamp,
    day = excluded.day, y = excluded.y, baseline_3 = excluded.baseline_3, baseline_5 = excluded.baseline_5,
    baseline_7 = excluded.baseline_7, baseline_14 = excluded.baseline_14;
  -- The reading days of the touched patients, from two days before the first touched instant (its day in any zone is after that).
  perform refresh_metric_reading_days(array_agg(patient_id), array_agg(from_day))
  from (select a.patient_id, min(a.lo)::date - 2 as from_day from unnest(patient_ids, froms) as a(patient_id, lo) group by a.patient_id) s;
end $$;

-- Written readings (a statement's, at once: a bulk load is one refresh per touched measure).
create function observations_refresh_metric_readings() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform refresh_metric_readings(array_agg(patient_id), array_agg(name), array_agg(lo), array_agg(hi))
    from (select patient_id, name, min(timestamp) as lo, max(timestamp) as hi from removed group by patient_id, name) s;
  elsif tg_op = 'UPDATE' then
    -- A reading moved to another instant, measure or category leaves its old place's baselines to mend.
    delete from metric_readings m using added a where m.observation_id = a.id and a.category <> 'vital-signs';
    perform refresh_metric_readings(array_agg(patient_id), array_agg(name), array_agg(lo), array_agg(hi))
    from (
      select patient_id, name, min(timestamp) as lo, max(timestamp) as hi
      from (select patient_id, name, timestamp from removed union all select patient_id, name, timestamp from added) touched
      group by patient_id, name
    ) s;
  else
    perform refresh_metric_readings(array_agg(patient_id), array_agg(name), array_agg(lo), array_agg(hi))
    from (select patient_id, name, min(timestamp) as lo, max(timestamp) as hi from added where category = 'vital-signs' group by patient_id, name) s;
  end if;
  return null;
end $$;

create trigger observations_metric_readings_insert after insert on observations
  referencing new table as added for each statement execute function observations_refresh_metric_readings();
create trigger observations_metric_readings_update after update on observations
  referencing old table as removed new table as added for each statement execute function observations_refresh_metric_readings();
create trigger observations_metric_readings_delete after delete on observations
  referencing old table as removed for each statement execute function observations_refresh_metric_readings();

-- A flag (with or without a new value) or a note added or removed changes the counted value of its reading.
create function observation_annotations_refresh_metric_readings() returns trigger language plpgsql as $$
begin
  perform refresh_metric_readings(array_agg(patient_id), array_agg(name), array_agg(lo), array_agg(hi))
  from (
    select o.patient_id, o.name, min(o.timestamp) as lo, max(o.timestamp) as hi
    from observations o
    where o.category = 'vital-signs' and o.id in (select observation_id from touched)
    group by o.patient_id, o.name
  ) s;
  return null;
end $$;

create trigger observation_annotations_metric_readings_insert after insert on observation_annotations
  referencing new table as touched for each statement execute function observation_annotations_refresh_metric_readings();
create trigger observation_annotations_metric_readings_update after update on observation_annotations
  referencing new table as touched for each statement execute function observation_annotations_refresh_metric_readings();
create trigger observation_annotations_metric_readings_delete after delete on observation_annotations
  referencing old table as touched for each statement execute function observation_annotations_refresh_metric_readings();

-- A provider's new time zone moves its readings' days.
create function tenants_metric_readings_days() returns trigger language plpgsql as $$
begin
  update metric_readings set day = (timestamp at time zone new.timezone)::date where tenant_id = new.id;
  perform refresh_metric_reading_days(array_agg(id), array_agg('-infinity'::date)) from patients where tenant_id = new.id;
  return null;
end $$;

create trigger tenants_metric_readings_days after update of timezone on tenants
  for each row when (old.timezone is distinct from new.timezone) execute function tenants_metric_readings_days();

-- The readings already written.
select refresh_metric_readings(array_agg(patient_id), array_agg(name), array_agg(lo), array_agg(hi))
from (select patient_id, name, min(timestamp) as lo, max(timestamp) as hi from observations where category = 'vital-signs' group by patient_id, name) s;

-- Monitoring notes per bucket (provider-metrics, the month's notes of `provider`) read the notes of
-- the year from the index alone; the server's 'activity' rows of status changes are not notes.
create index monitoring_notes_tenant_idx on monitoring_activities (tenant_id, reviewed_on) where type <> 'activity';
