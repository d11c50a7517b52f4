import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { METRIC_CHART_IDS, PROVIDER_METRIC_FIELDS, USER_METRIC_FIELDS } from '../../schemas/payloads/metrics';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Series = { labels: string[]; datasets: { label: string; data: number[] }[] };

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinic: number;
let clinician: number;
let superadmin: Client;
let internalAdmin: Client;
let billingAdmin: Client;
let internalClinician: Client;
let northwindAdmin: Client;
let northwindClinician: Client;
let lakesideAdmin: Client;

const DAY = 86_400_000;
/** The UTC day `n` days ago, yyyy-mm-dd. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** Noon UTC of the day `n` days ago (the test clinic counts its days in UTC). */
const noonAgo = (n: number) => new Date(`${daysAgo(n)}T12:00:00Z`);
/** Whether the day `n` days ago is in the current UTC month. */
const thisMonth = (n: number) => daysAgo(n).slice(0, 7) === daysAgo(0).slice(0, 7);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

let serial = 0;
async function newPatient(values: Record<string, unknown>): Promise<number> {
  serial += 1;
  const db = t.app.db;
  const user = await db
    .insertInto('users')
    .values({ email: `metrics.patient${serial}@example.com`, first_name: 'Metric', last_name: `Patient ${serial}`, role: 'patient', tenant_id: clinic })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: clinic, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A provider of its own in UTC, whose rows the test writes: A active (enrolled and consented today
 * by the clinician, hypertension, readings on 20 days, today's 50 % above the rest), B active
 * (enrolled 10 days ago, readings on 5 days), C unenrolled 5 days ago (enrolled 40 days ago by the
 * clinician), D unenrolled 20 days ago, E declined 3 days ago, F put in pending enrollment today.
 */
async function seedClinic() {
  const db = t.app.db;
  const tenant = await db
    .insertInto('tenants')
    .values({ slug: 'metrics-clinic', name: 'Metrics Clinic', timezone: 'UTC' })
    .returning('id')
    .executeTakeFirstOrThrow();
  clinic = tenant.id;
  const doctor = await db
    .insertInto('users')
    .values({ email: 'metrics.clinician@example.com', first_name: 'Metric', last_name: 'Clinician', role: 'clinician', tenant_id: clinic })
    .returning('id')
    .executeTakeFirstOrThrow();
  clinician = doctor.id;
  const a = await newPatient({
    patient_status: 'active',
    enrolled_on: new Date(),
    enrolled_by_id: clinician,
    consented_on: new Date(),
    primary_condition: 'Hypertension',
  });
  const b = await newPatient({ patient_status: 'active', enrolled_on: noonAgo(10), primary_condition: 'Hypertension' });
  await newPatient({ patient_status: 'disabled', enrolled_on: noonAgo(40), enrolled_by_id: clinician, unenrolled_date: daysAgo(5) });
  await newPatient({ patient_status: 'disabled', unenrolled_date: daysAgo(20) });
  const e = await newPatient({ patient_status: 'declined' });
  const f = await newPatient({ patient_status: 'pending_enrollment' });
  await db
    .insertInto('patient_status_history')
    .values([
      { patient_id: e, tenant_id: clinic, old_status: 'pending_enrollment', new_status: 'declined', changed_at: noonAgo(3) },
      { patient_id: f, tenant_id: clinic, old_status: null, new_status: 'pending_enrollment', changed_at: new Date() },
    ])
    .execute();
  const readings = [
    ...Array.from({ length: 20 }, (_, i) => ({ patient_id: a, value: i === 0 ? 150 : 100, timestamp: i === 0 ? new Date(Date.now() - 60_000) : noonAgo(i) })),
    ...Array.from({ length: 5 }, (_, i) => ({ patient_id: b, value: 70, timestamp: noonAgo(i + 1) })),
  ];
  await db
    .insertInto('observations')
    .values(readings.map((r) => ({ ...r, tenant_id: clinic, name: 'heart_rate', category: 'vital-signs', source: 'device', unit_text: 'bpm' })))
    .execute();
  await db
    .insertInto('care_team_members')
    .values([
      { patient_id: a, practitioner_id: clinician, role: 'rpm_clinician', tenant_id: clinic, start_date: daysAgo(30) },
      { patient_id: b, practitioner_id: clinician, role: 'rpm_clinician', tenant_id: clinic, start_date: daysAgo(30), end_date: daysAgo(1) },
    ])
    .execute();
  await db
    .insertInto('monitoring_activities')
    .values([
      { patient_id: a, tenant_id: clinic, practitioner_id: clinician, type: 'rpm', description: 'Reviewed readings', duration: 600 },
      { patient_id: b, tenant_id: clinic, practitioner_id: clinician, type: 'rpm', description: 'Called the patient', duration: 900 },
      { patient_id: b, tenant_id: clinic, practitioner_id: clinician, type: 'activity', description: 'Status changed', duration: 0 },
    ])
    .execute();
  await db
    .insertInto('tasks')
    .values([
      { patient_id: a, tenant_id: clinic, title: 'Call', due_on: daysAgo(0), assigned_to_id: clinician },
      { patient_id: a, tenant_id: clinic, title: 'Review', due_on: daysAgo(0), assigned_to_id: clinician },
      { patient_id: b, tenant_id: clinic, title: 'Done', due_on: daysAgo(2), assigned_to_id: clinician, complete: true, completed_at: new Date() },
    ])
    .execute();
  await db
    .insertInto('claim_items')
    .values({ tenant_id: clinic, patient_id: a, cpt_code: '99454', date_of_service: daysAgo(0), units: 1 })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  await seedClinic();
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  billingAdmin = await clientFor(t.app, 'internal.billing@demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  northwindClinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
});
afterAll(async () => t?.close());

const chart = (client: Client, id: string, query: Record<string, unknown> = {}) => client.get('/api/metrics', { id, tenant_id: String(clinic), ...query });

describe('GET metrics: the figures, from rows the test wrote', () => {
  test('provider: the seven figures of the provider', async () => {
    const answer = await chart(superadmin, 'provider');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      active_patients: 2,
      today_enrolled_count: 1,
      today_consented_count: 1,
      today_pending_enrollment_count: 1,
      monitoring_notes_count: 2,
      monitoring_minutes_sum: 25,
      claims_count: 1,
    });
    expect(Object.keys(answer.body as object).sort()).toEqual([...PROVIDER_METRIC_FIELDS].sort());
  });

  test('enrollment-plot: counts per bucket, and running totals when cumulative', async () => {
    const plain = await chart(superadmin, 'enrollment-plot', { months: '3', freq: 'day' });
    expect(plain.status).toBe(200);
    const items = (plain.body as { patient_onboarding_count: { enrolled_date: string; count: number }[] }).patient_onboarding_count;
    expect(sum(items.map((i) => i.count))).toBe(3);
    expect(items.find((i) => i.enrolled_date === daysAgo(10))?.count).toBe(1);
    expect(items.find((i) => i.enrolled_date === daysAgo(40))?.count).toBe(1);
    expect(items.at(-1)).toEqual({ enrolled_date: daysAgo(0), count: 1 });
    const cumulative = await chart(superadmin, 'enrollment-plot', { months: '3', freq: 'week', cumulative: 'true' });
    const running = (cumulative.body as { patient_onboarding_count: { count: number }[] }).patient_onboarding_count;
    expect(running.at(-1)?.count).toBe(3);
    expect(running.map((i) => i.count)).toEqual([...running.map((i) => i.count)].sort((x, y) => x - y));
  });

  test('enrollment-by-day-plot: dates and enrollments, a day each', async () => {
    const answer = await chart(superadmin, 'enrollment-by-day-plot', { months: '3', freq: 'month' });
    const body = answer.body as { dates: string[]; enrollments: number[] };
    expect(body.dates.at(-1)).toBe(daysAgo(0));
    expect(body.dates).toHaveLength(body.enrollments.length);
    expect(body.enrollments[body.dates.indexOf(daysAgo(10))]).toBe(1);
    expect(sum(body.enrollments)).toBe(3);
  });

  test('unenrollment-plot: the cumulative count, whose last value is the total; empty when none', async () => {
    const answer = await chart(superadmin, 'unenrollment-plot', { months: '6', freq: 'week', mode: 'unenrollment', cumulative: 'true' });
    const items = (answer.body as { patient_unenrollment_count: { unenrolled_date: string; count: number }[] }).patient_unenrollment_count;
    expect(items.at(-1)?.count).toBe(2);
    expect(Object.keys(items[0] ?? {})).toEqual(['unenrolled_date', 'count']);
    const lakesideAnswer = await superadmin.get('/api/metrics', { id: 'unenrollment-plot', tenant_id: String(lakeside), months: '3', cumulative: 'true' });
    expect(lakesideAnswer.status).toBe(200);
    const byDay = (await chart(superadmin, 'unenrollment-by-day-plot')).body as Series;
    expect(byDay.datasets[0]?.data[byDay.labels.indexOf(daysAgo(5))]).toBe(1);
    expect(byDay.datasets[0]?.data[byDay.labels.indexOf(daysAgo(20))]).toBe(1);
  });

  test('declined-plot and declined-by-day-plot count the patients moved to declined', async () => {
    const byDay = (await chart(superadmin, 'declined-by-day-plot')).body as Series;
    expect(byDay.datasets[0]?.data[byDay.labels.indexOf(daysAgo(3))]).toBe(1);
    const monthly = (await chart(superadmin, 'declined-plot', { freq: 'month', months: '12' })).body as Series;
    expect(monthly.labels.length).toBeGreaterThanOrEqual(12);
    expect(monthly.labels.every((label) => label.endsWith('-01'))).toBe(true);
    expect(sum(monthly.datasets[0]?.data ?? [])).toBe(1);
  });

  test('device-measurement-plot counts readings; compliance-plot the share of active patients on 16 of 30 days', async () => {
    const readings = (await chart(superadmin, 'device-measurement-plot', { freq: 'day', months: '1' })).body as Series;
    expect(sum(readings.datasets[0]?.data ?? [])).toBe(25);
    const compliance = (await chart(superadmin, 'compliance-plot', { freq: 'day', months: '1' })).body as Series;
    // Today: A read on 20 of the last 30 days, B on 5: one of the two active patients.
    expect(compliance.datasets[0]?.data.at(-1)).toBe(50);
    // A's 16th reading day came 4 days ago (days 4 to 19 ago): compliant from then on, not the day before.
    const at = (n: number) => compliance.datasets[0]?.data[compliance.labels.indexOf(daysAgo(n))];
    expect([at(6), at(5), at(4), at(3)]).toEqual([0, 0, 50, 50]);
    const looser = (await chart(superadmin, 'compliance-plot', { freq: 'day', months: '1', min_measurements: '8', compliance_window: '16' })).body as Series;
    expect(looser.datasets[0]?.data.at(-1)).toBe(50);
  });

  test('baseline-deviation-plot counts the readings further than the threshold from their moving baseline', async () => {
    const answer = (await chart(superadmin, 'baseline-deviation-plot', { freq: 'day', months: '1' })).body as Series;
    // 150 against a 7-day mean of 107: 40 % off; every other reading sits on its baseline.
    expect(answer.datasets[0]?.data.at(-1)).toBe(1);
    expect(sum(answer.datasets[0]?.data ?? [])).toBe(1);
  });

  test('primary-condition-plot: active patients by primary condition; provider-metrics: series per bucket', async () => {
    const pie = (await chart(superadmin, 'primary-condition-plot')).body as Series;
    expect(pie.labels).toEqual(['Hypertension']);
    expect(pie.datasets[0]?.data).toEqual([2]);
    const metrics = (await chart(superadmin, 'provider-metrics', { freq: 'month', months: '3' })).body as Series;
    expect(metrics.datasets.map((d) => d.label)).toEqual(['Enrolled', 'Consented', 'Monitoring notes', 'Claims']);
    expect(metrics.datasets[0]?.data.at(-1)).toBe(thisMonth(10) ? 2 : 1);
    expect(metrics.datasets[3]?.data.at(-1)).toBe(1);
  });

  test('every chart id answers 200 for the demo providers, as an admin of the provider', async () => {
    for (const id of METRIC_CHART_IDS) {
      const answer = await northwindAdmin.get('/api/metrics', { id, months: '12', freq: 'day' });
      expect(answer.status, id).toBe(200);
    }
  });
});

describe('GET metrics: the reading charts follow what is written after the readings', () => {
  // A provider of its own (UTC), one active patient with a heart rate of 100 at noon on each of the
  // last 9 days and one a minute ago. The charts read each reading's day, counted value and moving
  // baselines as kept when readings, annotations and the provider's zone are written (migration 0033).
  let tenantId: number;
  let patient: number;
  let latest: number;
  const readingsOf = async (id: string, query: Record<string, unknown> = {}) =>
    (await superadmin.get('/api/metrics', { id, tenant_id: String(tenantId), freq: 'day', months: '1', ...query })).body as Series;
  const deviations = async () => sum((await readingsOf('baseline-deviation-plot')).datasets[0]?.data ?? []);

  beforeAll(async () => {
    const db = t.app.db;
    tenantId = (
      await db.insertInto('tenants').values({ slug: 'metrics-writes', name: 'Metrics Writes', timezone: 'UTC' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const user = await db
      .insertInto('users')
      .values({ email: 'metrics.writes@example.com', first_name: 'Metric', last_name: 'Writes', role: 'patient', tenant_id: tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    patient = (
      await db.insertInto('patients').values({ user_id: user.id, tenant_id: tenantId, patient_status: 'active' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const rows = [...Array.from({ length: 9 }, (_, i) => noonAgo(i + 1)), new Date(Date.now() - 60_000)].map((timestamp) => ({
      tenant_id: tenantId,
      patient_id: patient,
      name: 'heart_rate',
      category: 'vital-signs',
      source: 'device',
      unit_text: 'bpm',
      value: 100,
      timestamp,
    }));
    const ids = await db.insertInto('observations').values(rows).returning('id').execute();
    latest = ids.at(-1)?.id ?? 0;
  });

  test('a flag leaves its reading out of the baselines unless it gives a new value; removing it brings the reading back', async () => {
    const db = t.app.db;
    // The newest reading 50 % above its baseline: one deviation.
    await db.updateTable('observations').set({ value: 150 }).where('id', '=', latest).execute();
    expect(await deviations()).toBe(1);
    const url = `/api/patients/${patient}/observation-annotations`;
    const flag = await superadmin.send('POST', url, { observation_id: latest, annotation_type: 'flag', annotation_reason: 'outlier', note: 'Cuff was loose' });
    expect(flag.status).toBe(201);
    expect(await deviations()).toBe(0);
    // Still a device reading: device measurements count every reading.
    expect(sum((await readingsOf('device-measurement-plot')).datasets[0]?.data ?? [])).toBe(10);
    expect((await superadmin.send('DELETE', `${url}/${(flag.body as { id: number }).id}`)).status).toBe(200);
    expect(await deviations()).toBe(1);
    const corrected = await superadmin.send('POST', url, {
      observation_id: latest,
      annotation_type: 'flag',
      annotation_reason: 'device_issue',
      note: 'Re-measured',
      new_value: 101,
    });
    expect(corrected.status).toBe(201);
    expect(await deviations()).toBe(0);
  });

  test('a reading written late moves the baselines of the readings after it', async () => {
    // 1000 at noon three days ago: it deviates, and so do the 100s of that instant and of the days after it.
    await t.app.db
      .insertInto('observations')
      .values({ tenant_id: tenantId, patient_id: patient, name: 'heart_rate', category: 'vital-signs', source: 'device', value: 1000, timestamp: noonAgo(3) })
      .execute();
    expect(await deviations()).toBe(5);
  });

  test("a new time zone of the provider moves its readings' days", async () => {
    const at = async (day: string) => {
      const series = await readingsOf('device-measurement-plot');
      return series.datasets[0]?.data[series.labels.indexOf(day)];
    };
    // Noon UTC three days ago holds two readings (100 and 1000); in Kiritimati (UTC+14) that is 2:00 the next day.
    expect([await at(daysAgo(3)), await at(daysAgo(2))]).toEqual([2, 1]);
    await t.app.db.updateTable('tenants').set({ timezone: 'Pacific/Kiritimati' }).where('id', '=', tenantId).execute();
    expect(await at(daysAgo(2))).toBe(2);
    const compliance = await readingsOf('compliance-plot', { min_measurements: '8', compliance_window: '16' });
    // Ten reading days (the newest may fall on the same local day as yesterday noon's): compliant today.
    expect(compliance.datasets[0]?.data.at(-1)).toBe(100);
  });
});

describe('GET metrics: who may ask for which provider', () => {
  test('a provider admin reads its own provider, named or not; another provider answers as missing', async () => {
    expect((await northwindAdmin.get('/api/metrics', { id: 'provider' })).status).toBe(200);
    expect((await northwindAdmin.get('/api/metrics', { id: 'provider', tenant_id: String(northwind) })).status).toBe(200);
    const other = await northwindAdmin.get('/api/metrics', { id: 'provider', tenant_id: String(lakeside) });
    expect(isValidationError(other, ['query', 'tenant_id'])).toBe(true);
    expect(other.body).toEqual({ detail: [{ loc: ['query', 'tenant_id'], msg: 'The referenced record does not exist', type: 'foreign_key' }] });
    const missing = await northwindAdmin.get('/api/metrics', { id: 'provider', tenant_id: '999999' });
    expect(missing.body).toEqual(other.body);
    expect(isValidationError(await lakesideAdmin.get('/api/metrics', { id: 'compliance-plot', tenant_id: String(northwind) }), ['query', 'tenant_id'])).toBe(
      true,
    );
  });

  test('internal admins read every provider; an internal user of no tenant must name one', async () => {
    for (const client of [superadmin, internalAdmin, billingAdmin]) {
      expect((await client.get('/api/metrics', { id: 'provider', tenant_id: String(lakeside) })).status).toBe(200);
      expect(isValidationError(await client.get('/api/metrics', { id: 'provider' }), ['query', 'tenant_id'])).toBe(true);
    }
  });

  test('roles without metrics.provider are refused with 403; no session is 401', async () => {
    for (const client of [northwindClinician, internalClinician]) {
      const answer = await client.get('/api/metrics', { id: 'provider', tenant_id: String(northwind) });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ detail: 'Not enough permissions' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics?id=provider' })).statusCode).toBe(401);
  });

  test('an internal admin limited to listed providers reads only those', async () => {
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', 'internal.billing@demo.example').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ patient_access_level: 'tenant_scoped' }).where('id', '=', admin.id).execute();
    await t.app.db.insertInto('tenant_user_roles').values({ tenant_id: northwind, user_id: admin.id }).execute();
    try {
      expect((await billingAdmin.get('/api/metrics', { id: 'provider', tenant_id: String(northwind) })).status).toBe(200);
      expect(isValidationError(await billingAdmin.get('/api/metrics', { id: 'provider', tenant_id: String(lakeside) }), ['query', 'tenant_id'])).toBe(true);
      expect((await billingAdmin.get('/api/metrics/user', { id: String(clinician) })).status).toBe(404);
    } finally {
      await t.app.db.deleteFrom('tenant_user_roles').where('user_id', '=', admin.id).execute();
      await t.app.db.updateTable('users').set({ patient_access_level: 'all' }).where('id', '=', admin.id).execute();
    }
  });

  test('bad parameters are a 422 at the query, never a 500', async () => {
    const cases: Record<string, string>[] = [
      { id: 'nonsense' },
      { id: 'provider', months: '0' },
      { id: 'provider', months: '25' },
      { id: 'provider', months: 'six' },
      { id: 'enrollment-plot', freq: 'year' },
      { id: 'enrollment-plot', cumulative: 'maybe' },
      { id: 'enrollment-plot', mode: 'other' },
      { id: 'baseline-deviation-plot', threshold: '12' },
      { id: 'compliance-plot', compliance_window: '7' },
      { id: 'provider', tenant_id: 'abc' },
      { id: 'provider', surprise: '1' },
    ];
    for (const query of cases) {
      const answer = await northwindAdmin.get('/api/metrics', query);
      expect(answer.status, JSON.stringify(query)).toBe(422);
      expect((answer.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc[0], JSON.stringify(query)).toBe('query');
    }
    expect(isValidationError(await northwindAdmin.get('/api/metrics', {}), ['query', 'id'])).toBe(true);
  });
});

describe('GET metrics/user', () => {
  const expected = () => ({
    patients_under_care: 1,
    patients_enrolled_this_month: 1,
    patients_enrolled: 2,
    monitoring_notes_count: 2,
    monitoring_minutes_sum: 25,
    open_tasks: 2,
    completed_tasks: 1,
  });

  test("an internal admin reads a user's figures by identity id, in the query or the path", async () => {
    const byQuery = await internalAdmin.get('/api/metrics/user', { id: String(clinician) });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual(expected());
    expect(Object.keys(byQuery.body as object).sort()).toEqual([...USER_METRIC_FIELDS].sort());
    expect((await superadmin.get(`/api/metrics/user/${String(clinician)}`)).body).toEqual(expected());
  });

  test('every staff user reads its own figures', async () => {
    const me = await t.app.db.selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow();
    const own = await northwindClinician.get('/api/metrics/user');
    expect(own.status).toBe(200);
    expect(Object.keys(own.body as object).sort()).toEqual([...USER_METRIC_FIELDS].sort());
    expect((await northwindClinician.get('/api/metrics/user', { id: String(me.id) })).body).toEqual(own.body);
    const tasks = await sql<{ n: number }>`select count(*)::int as n from tasks where assigned_to_id = ${me.id} and not complete`.execute(t.app.db);
    expect((own.body as { open_tasks: number }).open_tasks).toBe(tasks.rows[0]?.n);
    expect((await internalClinician.get('/api/metrics/user')).status).toBe(200);
  });

  test("another user's figures are refused to all but the operator's admins; a missing user is 404", async () => {
    for (const client of [northwindClinician, northwindAdmin, internalClinician]) {
      const answer = await client.get('/api/metrics/user', { id: String(clinician) });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ detail: 'Not enough permissions' });
    }
    expect((await superadmin.get('/api/metrics/user', { id: '999999' })).status).toBe(404);
    expect(isValidationError(await superadmin.get('/api/metrics/user', { id: 'x' }), ['query', 'id'])).toBe(true);
    expect(isValidationError(await superadmin.get('/api/metrics/user/x'), ['path', 'id'])).toBe(true);
  });
});
