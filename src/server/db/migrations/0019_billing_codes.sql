-- The billing code set as effective-dated data (issue 13): every CPT code the console tracks, with
-- what a month must hold for it to be billed, and the pairs that may not be billed in one month.
-- Monthly progress and claims read the rows in force on the first day of the month
-- (src/domain/billing/codeSet.ts), so a new year's codes are new rows here or through an import,
-- never a change of code. A row is never edited once a month has been billed with it: a change is
-- a new row from a later effective_from, and effective_to closes the old one.
--
-- measure:   setup   once per patient and program, when the month's device days reach threshold
--            days    distinct days with at least one reading in the month, from devices of
--                    device_category (physiologic: RPM's meters and cuffs; respiratory and
--                    musculoskeletal: RTM's); a setup code without one counts its program's best
--            minutes care time of the month's notes of monitoring_type (notes hold seconds)
-- threshold: days or minutes for one unit (an add-on: for each unit beyond its base code's)
-- ceiling:   the most days the code may cover (99445: 2 to 15 days), else null
-- unit_cap:  units per month (null: no limit); add_on_to: the base code it extends
-- priority:  of two achieved codes that exclude each other, the higher is billed
--
-- Sources: spec 002 section 9 ("CPT catalogue", "Billing notes", "Monitoring types") and 001
-- section 9 ("CPT codes tracked"); the CMS 2026 Physician Fee Schedule final rule for 99445,
-- 99470, 98984, 98985 and 98979, in force from 2026-01-01, and for the device-supply and
-- setup codes' two-day minimum from the same date.

create table billing_codes (
  id serial primary key,
  code text not null,
  program text not null check (program in ('rpm', 'rtm', 'ccm', 'cccm', 'pcm')),
  description text not null,
  measure text not null check (measure in ('setup', 'days', 'minutes')),
  monitoring_type text,
  device_category text check (device_category in ('physiologic', 'respiratory', 'musculoskeletal')),
  threshold integer not null check (threshold > 0),
  ceiling integer check (ceiling is null or ceiling >= threshold),
  unit_cap integer check (unit_cap is null or unit_cap > 0),
  add_on_to text,
  priority integer not null default 0,
  effective_from date not null,
  effective_to date,
  check (effective_to is null or effective_to >= effective_from),
  check ((measure = 'minutes') = (monitoring_type is not null)),
  check (measure <> 'minutes' or device_category is null),
  check (measure <> 'days' or device_category is not null),
  unique (code, effective_from)
);

create table billing_code_exclusions (
  id serial primary key,
  code text not null,
  excludes text not null,
  effective_from date not null,
  effective_to date,
  check (code < excludes),
  check (effective_to is null or effective_to >= effective_from),
  unique (code, excludes, effective_from)
);

-- Before 2026. 99453 and 98975 (setup) and the device-supply codes need 16 days of readings.
insert into billing_codes (code, program, description, measure, monitoring_type, device_category, threshold, ceiling, unit_cap, add_on_to, priority, effective_from, effective_to) values
  ('99453', 'rpm', 'Remote monitoring setup and patient education on equipment (once)', 'setup', null, 'physiologic', 16, null, 1, null, 0, '2019-01-01', '2025-12-31'),
  ('99454', 'rpm', 'Remote monitoring device supply with daily recordings, 16 days or more', 'days', null, 'physiologic', 16, null, 1, null, 2, '2019-01-01', null),
  ('99457', 'rpm', 'Remote monitoring treatment management, first 20 minutes', 'minutes', 'rpm_99457_99458', null, 20, null, 1, null, 2, '2019-01-01', null),
  ('99458', 'rpm', 'Remote monitoring treatment management, each additional 20 minutes', 'minutes', 'rpm_99457_99458', null, 20, null, 2, '99457', 0, '2020-01-01', null),
  ('99091', 'rpm', 'Collection and interpretation of physiologic data, 30 minutes', 'minutes', 'rpm_99091', null, 30, null, 2, null, 1, '2018-01-01', null),
  ('99490', 'ccm', 'Chronic care management by clinical staff, first 20 minutes', 'minutes', 'ccm_99490_99439', null, 20, null, 1, null, 1, '2015-01-01', null),
  ('99439', 'ccm', 'Chronic care management by clinical staff, each additional 20 minutes', 'minutes', 'ccm_99490_99439', null, 20, null, null, '99490', 0, '2021-01-01', null),
  ('99491', 'ccm', 'Chronic care management by a physician or QHP, first 30 minutes', 'minutes', 'ccm_99491_99437', null, 30, null, 1, null, 2, '2019-01-01', null),
  ('99437', 'ccm', 'Chronic care management by a physician or QHP, each additional 30 minutes', 'minutes', 'ccm_99491_99437', null, 30, null, null, '99491', 0, '2022-01-01', null),
  ('99487', 'cccm', 'Complex chronic care management, first 60 minutes', 'minutes', 'cccm_99487_99489', null, 60, null, 1, null, 0, '2015-01-01', null),
  ('99489', 'cccm', 'Complex chronic care management, each additional 30 minutes', 'minutes', 'cccm_99487_99489', null, 30, null, null, '99487', 0, '2015-01-01', null),
  ('99424', 'pcm', 'Principal care management by a physician or QHP, first 30 minutes', 'minutes', 'pcm_99424_99425', null, 30, null, 1, null, 0, '2022-01-01', null),
  ('99425', 'pcm', 'Principal care management by a physician or QHP, each additional 30 minutes', 'minutes', 'pcm_99424_99425', null, 30, null, null, '99424', 0, '2022-01-01', null),
  ('99426', 'pcm', 'Principal care management by clinical staff, first 30 minutes', 'minutes', 'pcm_99426_99427', null, 30, null, 1, null, 0, '2022-01-01', null),
  ('99427', 'pcm', 'Principal care management by clinical staff, each additional 30 minutes', 'minutes', 'pcm_99426_99427', null, 30, null, null, '99426', 0, '2022-01-01', null),
  ('98975', 'rtm', 'Remote therapeutic monitoring setup and patient education (once)', 'setup', null, null, 16, null, 1, null, 0, '2022-01-01', '2025-12-31'),
  ('98976', 'rtm', 'Remote therapeutic monitoring device supply, respiratory, 16 days or more', 'days', null, 'respiratory', 16, null, 1, null, 2, '2022-01-01', null),
  ('98977', 'rtm', 'Remote therapeutic monitoring device supply, musculoskeletal, 16 days or more', 'days', null, 'musculoskeletal', 16, null, 1, null, 2, '2022-01-01', null),
  ('98980', 'rtm', 'Remote therapeutic monitoring treatment management, first 20 minutes', 'minutes', 'rtm_98980_98981', null, 20, null, 1, null, 2, '2022-01-01', null),
  ('98981', 'rtm', 'Remote therapeutic monitoring treatment management, each additional 20 minutes','minutes', 'rtm_98980_98981', null, 20, null, 2, '98980', 0, '2022-01-01', null);

-- From 2026: setup needs 2 days of readings (the least any device-supply code now asks), device
-- supply for 2 to 15 days (99445; RTM 98984 respiratory, 98985 musculoskeletal), and the first 10
-- minutes of treatment management (99470; RTM 98979).
insert into billing_codes (code, program, description, measure, monitoring_type, device_category, threshold, ceiling, unit_cap, add_on_to, priority, effective_from, effective_to) values
  ('99453', 'rpm', 'Remote monitoring setup and patient education on equipment (once)', 'setup', null, 'physiologic', 2, null, 1, null, 0, '2026-01-01', null),
  ('99445', 'rpm', 'Remote monitoring device supply with daily recordings, 2 to 15 days', 'days', null, 'physiologic', 2, 15, 1, null, 1, '2026-01-01', null),
  ('99470', 'rpm', 'Remote monitoring treatment management, first 10 minutes', 'minutes', 'rpm_99457_99458', null, 10, null, 1, null, 1, '2026-01-01', null),
  ('98975', 'rtm', 'Remote therapeutic monitoring setup and patient education (once)', 'setup', null, null, 2, null, 1, null, 0, '2026-01-01', null),
  ('98984', 'rtm', 'Remote therapeutic monitoring device supply, respiratory, 2 to 15 days', 'days', null, 'respiratory', 2, 15, 1, null, 1, '2026-01-01', null),
  ('98985', 'rtm', 'Remote therapeutic monitoring device supply, musculoskeletal, 2 to 15 days', 'days', null, 'musculoskeletal', 2, 15, 1, null, 1, '2026-01-01', null),
  ('98979', 'rtm', 'Remote therapeutic monitoring treatment management, first 10 minutes', 'minutes', 'rtm_98980_98981', null, 10, null, 1, null, 1, '2026-01-01', null);

-- Pairs that may not be billed for one patient in one month (spec 002 section 9, "Billing notes"),
-- and from 2026 the short codes against their full ones.
insert into billing_code_exclusions (code, excludes, effective_from, effective_to) values
  ('99091', '99457', '2018-01-01', null),
  ('99490', '99491', '2019-01-01', null),
  ('99437', '99490', '2022-01-01', null),
  ('99439', '99491', '2021-01-01', null),
  ('99437', '99439', '2022-01-01', null),
  ('99445', '99454', '2026-01-01', null),
  ('99457', '99470', '2026-01-01', null),
  ('98979', '98980', '2026-01-01', null),
  ('98976', '98984', '2026-01-01', null),
  ('98977', '98985', '2026-01-01', null);

create index billing_codes_in_force_idx on billing_codes (effective_from, effective_to);
