import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

export interface ActivityPlan {
  /** The last day of activity (start of day, UTC). */
  anchor: Date;
  days: number;
  measurementsPerDay: number;
  /** One ping every this many days (0.5 = two a day). */
  pingsEveryDays: number;
  /** Every nth device gets one issue report. */
  issueEveryNthDevice: number;
  /** Limit to devices of tenants whose slug starts with this; default: the demo tenants (not scale-). */
  tenantSlugPrefix?: string;
  /** Also generate activity for owned devices with no patient (benchmark volume). */
  includeUnassigned?: boolean;
}

/**
 * Generates device activities inside the database with generate_series, so that millions of rows
 * cost one statement. Values come from hashtext() of the device id and the step number: the same
 * plan gives the same rows on every run.
 */
export async function insertDeviceActivities(db: Kysely<DB>, plan: ActivityPlan): Promise<void> {
  const tenantFilter = plan.tenantSlugPrefix ? sql`t.slug like ${plan.tenantSlugPrefix + '%'}` : sql`(t.slug not like 'scale-%' or t.slug is null)`;
  const patientFilter = plan.includeUnassigned ? sql`d.tenant_id is not null` : sql`d.patient_id is not null`;
  const devices = sql`select d.* from devices d left join tenants t on t.id = d.tenant_id
    where ${tenantFilter} and ${patientFilter} and d.device_type <> 'tenovi_gateway'`;
  const anchor = plan.anchor.toISOString();
  const measurements = Math.round(plan.days * plan.measurementsPerDay);
  const minutesBetween = Math.max(1, Math.floor((plan.days * 1440) / Math.max(1, measurements)));

  await sql`
    insert into device_activities (device_id, tenant_id, patient_id, activity_type, created_on, value)
    select d.id, d.tenant_id, d.patient_id, 'measurement',
      ${anchor}::timestamptz - make_interval(mins => g * ${minutesBetween} + h % ${minutesBetween}),
      ${measurementValue}
    from (${devices}) d
    cross join generate_series(0, ${measurements - 1}) g
    cross join lateral (select abs(hashtext(d.id::text || ':' || g::text)) as h) x`.execute(db);

  const pings = Math.round(plan.days / plan.pingsEveryDays);
  const pingMinutes = Math.max(1, Math.floor(plan.pingsEveryDays * 1440));
  await sql`
    insert into device_activities (device_id, tenant_id, patient_id, activity_type, created_on, value)
    select d.id, d.tenant_id, d.patient_id, 'device_ping',
      ${anchor}::timestamptz - make_interval(mins => g * ${pingMinutes} + h % 60),
      jsonb_build_array(jsonb_build_object('battery', 20 + h % 81, 'signal', h % 5, 'network', (array['LTE','4G','WiFi'])[1 + h % 3]))
    from (${devices}) d
    cross join generate_series(0, ${pings - 1}) g
    cross join lateral (select abs(hashtext(d.id::text || ':p' || g::text)) as h) x`.execute(db);

  await sql`
    insert into device_activities (device_id, tenant_id, patient_id, activity_type, actor_name, created_on, value)
    select d.id, d.tenant_id, d.patient_id, 'issue_report', 'Patient (mobile app)',
      ${anchor}::timestamptz - make_interval(mins => h % ${plan.days * 1440}),
      jsonb_build_object(
        'issue_type', (array['battery','connection','hardware','user error','other'])[1 + h % 5],
        'description', 'Reported from the mobile app',
        'is_resolved', h % 3 = 0,
        'reported_by_patient', true)
    from (${devices}) d
    cross join lateral (select abs(hashtext(d.id::text || ':issue')) as h) x
    where d.id % ${plan.issueEveryNthDevice} = 0`.execute(db);
}

/**
 * One reading shaped as the console reads it: [{name, value, unit: {text}, timestamp}], blood
 * pressure with systolic and diastolic. Values follow a patient-like course rather than noise: each
 * device has its own level (from its id), a slow swing of a few weeks (a sine over the step g, which
 * counts back from the anchor), a small daily scatter (h), and now and then an excursion out of the
 * usual limits (h % 17 = 0 or h % 29 = 0); weights drift up or down by a few pounds over the period.
 */
const measurementValue = sql`case d.device_type
  when 'blood_pressure' then jsonb_build_array(jsonb_build_object('name', 'blood_pressure',
    'systolic', round(118 + d.id % 23 + 9 * sin((g + d.id) / 11.0) + h % 9 - 4 + case when h % 29 = 0 then 28 else 0 end),
    'diastolic', round(72 + d.id % 11 + 5 * sin((g + d.id) / 11.0) + h % 7 - 3 + case when h % 29 = 0 then 14 else 0 end),
    'value', round(66 + d.id % 15 + 4 * sin(g / 7.0) + h % 9 - 4), 'unit', jsonb_build_object('text', 'mmHg')))
  when 'pulse_oximeter' then jsonb_build_array(jsonb_build_object('name', 'oxygen_saturation',
    'value', least(100, round(95 + d.id % 4 + sin((g + d.id) / 9.0) + h % 3 - 1 - case when h % 17 = 0 then 6 else 0 end)),
    'unit', jsonb_build_object('text', '%')))
  when 'weight_scale' then jsonb_build_array(jsonb_build_object('name', 'body_mass',
    'value', round((140 + d.id % 90 + 0.05 * g * (d.id % 3 - 1) + (h % 11) / 10.0)::numeric, 1), 'unit', jsonb_build_object('text', 'lbs')))
  when 'glucometer' then jsonb_build_array(jsonb_build_object('name', 'blood_glucose',
    'value', round(105 + d.id % 45 + 22 * sin((g + d.id) / 5.0) + h % 21 - 10 + case when h % 17 = 0 then 90 else 0 end),
    'unit', jsonb_build_object('text', 'mg/dL')))
  when 'cgm' then jsonb_build_array(jsonb_build_object('name', 'blood_glucose',
    'value', round(105 + d.id % 45 + 22 * sin((g + d.id) / 5.0) + h % 21 - 10 + case when h % 17 = 0 then 90 else 0 end),
    'unit', jsonb_build_object('text', 'mg/dL')))
  else jsonb_build_array(jsonb_build_object('name', 'peak_expiratory_flow_rate',
    'value', round(390 + d.id % 120 + 35 * sin((g + d.id) / 13.0) - h % 40 - case when h % 17 = 0 then 120 else 0 end),
    'unit', jsonb_build_object('text', 'L/min')))
  end`;

/**
 * The demo's devices all measure daily; every seventh one (id % 7 = 3) keeps only the readings of
 * every third calendar day, about ten days a month, so that the device-supply codes of 2 to 15 days
 * (99445, and 98984 for RTM) are earned on some patients beside the 16 days of 99454 on the others.
 */
export async function thinDemoReadings(db: Kysely<DB>): Promise<void> {
  await sql`delete from device_activities da using devices d
    where da.device_id = d.id and da.activity_type = 'measurement' and d.id % 7 = 3
      and extract(day from da.created_on)::int % 3 <> 0`.execute(db);
}

/** First and last measurement per device, last activity and has_device per patient, after a bulk load. */
export async function refreshDeviceAggregates(db: Kysely<DB>): Promise<void> {
  await sql`update devices d set first_measurement = m.first, last_measurement = m.last
    from (select device_id, min(created_on) as first, max(created_on) as last
          from device_activities where activity_type = 'measurement' group by device_id) m
    where m.device_id = d.id`.execute(db);
  await sql`update patients p set has_device = true from devices d where d.patient_id = p.id`.execute(db);
  await sql`update patients p set first_device_activity = d.first, last_device_activity = d.last
    from (select patient_id, min(first_measurement) as first, max(last_measurement) as last from devices where patient_id is not null group by patient_id) d
    where d.patient_id = p.id`.execute(db);
  await sql`analyze`.execute(db);
}
