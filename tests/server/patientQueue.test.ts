import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareByPriority, lastActivityBound, QUEUE_MEASURES } from '../../src/domain/patientQueue';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let superadmin: Client;
let northwindAdmin: Client;
let northwindClinician: Client;
let lakesideAdmin: Client;
let northwind: number;
let lakeside: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  northwindClinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
}, 120_000);
afterAll(async () => t?.close());

const rows = (answer: ApiAnswer) => answer.body as Row[];
const ids = (answer: ApiAnswer) => rows(answer).map((r) => r.id as number);
const totalOf = (answer: ApiAnswer) => Number(String(answer.headers['content-range']).split('/')[1]);
const ACTIVE = { 'patient_status[eq]': 'active' };

/** The queue request as the console sends it: active patients by risk, 500 a page so that a whole tenant fits. */
const queue = (client: Client, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  client.get('/api/patients', { sort: 'priority', order: 'desc', limit: '500', filter: { ...ACTIVE, ...filter }, ...extra });

/** Active patients straight from the table, to check the API against. */
const activeRows = () => t.app.db.selectFrom('patients').selectAll().where('patient_status', '=', 'active').execute();
const sortedIds = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);

describe('order by risk', () => {
  test('an acute patient comes first, then high, medium, normal and N/A, ties newest id first', async () => {
    const answer = await queue(superadmin);
    expect(answer.status).toBe(200);
    const expected = (await activeRows()).sort((a, b) => compareByPriority(a.priority, b.priority) || b.id - a.id).map((p) => p.id);
    expect(ids(answer)).toEqual(expected);
    const priorities = rows(answer).map((r) => r.priority);
    expect(priorities[0]).toBe('acute');
    const firstOf = (p: unknown) => priorities.indexOf(p);
    expect(firstOf('acute')).toBeLessThan(firstOf('high'));
    expect(firstOf('high')).toBeLessThan(firstOf('medium'));
    expect(firstOf('medium')).toBeLessThan(firstOf('normal'));
    expect(firstOf('normal')).toBeLessThan(firstOf(null));
    expect(priorities.lastIndexOf('normal')).toBeLessThan(firstOf(null));
  });

  test('ascending turns the order round: N/A first, acute last', async () => {
    const answer = await queue(superadmin, {}, { order: 'asc' });
    const priorities = rows(answer).map((r) => r.priority);
    expect(priorities[0]).toBeNull();
    expect(priorities.at(-1)).toBe('acute');
  });

  test('a patient whose priority changes moves in the queue at once (the rank is computed by the database)', async () => {
    const last = ids(await queue(northwindAdmin)).at(-1) as number;
    await t.app.db.updateTable('patients').set({ priority: 'acute' }).where('id', '=', last).execute();
    try {
      const answer = await queue(northwindAdmin);
      expect(rows(answer).findIndex((r) => r.id === last)).toBeLessThan(rows(answer).findIndex((r) => r.priority !== 'acute'));
    } finally {
      await t.app.db.updateTable('patients').set({ priority: null }).where('id', '=', last).execute();
    }
  });
});

describe('filters of the queue', () => {
  test('has_{view}: the patients with an active care program of the view', async () => {
    for (const flag of ['has_rpm', 'has_ccm'] as const) {
      const answer = await queue(superadmin, { [`${flag}[eq]`]: true });
      const expected = (await activeRows()).filter((p) => p[flag]);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(answer).sort((a, b) => a - b)).toEqual(sortedIds(expected));
    }
  });

  test('{view}_review_status[in] for each view', async () => {
    for (const view of ['general', 'rpm', 'ccm', 'pcm'] as const) {
      const field = `${view}_review_status` as const;
      const answer = await queue(superadmin, { [`${field}[in]`]: ['pending'] });
      const expected = (await activeRows()).filter((p) => p[field] === 'pending');
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(answer).sort((a, b) => a - b)).toEqual(sortedIds(expected));
      expect(rows(answer).every((r) => r[field] === 'pending' && typeof r[`${view}_last_reviewed`] !== 'undefined')).toBe(true);
    }
  });

  test('care setting, primary condition, tenant and has_device together', async () => {
    const filter = {
      'care_setting[in]': ['home'],
      'primary_condition[in]': ['COPD', 'Asthma'],
      'tenant_id[eq]': northwind,
      'has_device[eq]': true,
    };
    const answer = await queue(superadmin, filter);
    const expected = (await activeRows()).filter(
      (p) => p.care_setting === 'home' && ['COPD', 'Asthma'].includes(String(p.primary_condition)) && p.tenant_id === northwind && p.has_device,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(answer).sort((a, b) => a - b)).toEqual(sortedIds(expected));
    expect(totalOf(answer)).toBe(expected.length);
  });

  test('days since last device activity: last_device_activity[lte] the bound of the domain', async () => {
    const bound = lastActivityBound(7, new Date(), 'America/Chicago');
    const answer = await queue(superadmin, { 'last_device_activity[lte]': bound });
    const expected = (await activeRows()).filter((p) => p.last_device_activity !== null && p.last_device_activity <= new Date(bound));
    expect(ids(answer).sort((a, b) => a - b)).toEqual(sortedIds(expected));
    // Recent activity is left out: the seed's devices report daily.
    const recent = (await activeRows()).filter((p) => p.last_device_activity !== null && p.last_device_activity > new Date(bound));
    expect(recent.length).toBeGreaterThan(0);
  });

  test('care-team member: care_team_members.practitioner_id[eq]', async () => {
    const clinician = await t.app.db.selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow();
    const answer = await queue(northwindAdmin, { 'care_team_members.practitioner_id[eq]': clinician.id });
    const members = await sql<{ patient_id: number }>`select distinct m.patient_id from care_team_members m join patients p on p.id = m.patient_id
      where m.practitioner_id = ${clinician.id} and p.patient_status = 'active' and (m.end_date is null or m.end_date >= current_date)`.execute(t.app.db);
    expect(members.rows.length).toBeGreaterThan(0);
    expect(ids(answer).sort((a, b) => a - b)).toEqual(members.rows.map((r) => r.patient_id).sort((a, b) => a - b));
  });

  test('bad filter values are a 422 naming the key, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ 'rpm_review_status[in]': ['maybe'] }, 'rpm_review_status[in]'],
      [{ 'has_rpm[eq]': 'sometimes' }, 'has_rpm[eq]'],
      [{ 'has_general[eq]': true }, 'has_general[eq]'],
      [{ 'last_device_activity[lte]': 'last week' }, 'last_device_activity[lte]'],
    ];
    for (const [filter, key] of cases) {
      const answer = await queue(superadmin, filter);
      expect(answer.status).toBe(422);
      // A list's bad item is named by its index after the key.
      expect((answer.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc.slice(0, 3)).toEqual(['query', 'filter', key]);
    }
  });
});

describe('in my care (meta under_care)', () => {
  const careTeamPatients = async (email: string) => {
    const result = await sql<{ patient_id: number }>`select distinct m.patient_id from care_team_members m
      join users u on u.id = m.practitioner_id join patients p on p.id = m.patient_id
      where u.email = ${email} and p.patient_status = 'active' and (m.end_date is null or m.end_date >= current_date)`.execute(t.app.db);
    return result.rows.map((r) => r.patient_id).sort((a, b) => a - b);
  };

  test('true: only the patients whose care team holds the caller; false or absent: all of the tenant', async () => {
    const mine = await queue(northwindClinician, {}, { meta: { under_care: true } });
    const expected = await careTeamPatients('clinician@northwind.demo.example');
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(mine).sort((a, b) => a - b)).toEqual(expected);
    const all = await queue(northwindClinician, {}, { meta: { under_care: false } });
    const tenantActive = (await activeRows()).filter((p) => p.tenant_id === northwind);
    expect(ids(all).sort((a, b) => a - b)).toEqual(sortedIds(tenantActive));
    expect(totalOf(all)).toBeGreaterThan(totalOf(mine));
  });

  test('an internal clinician in care of patients of both tenants sees them across tenants', async () => {
    const internal = await clientFor(t.app, 'internal.clinician@demo.example');
    const mine = await queue(internal, {}, { meta: { under_care: true } });
    const expected = await careTeamPatients('internal.clinician@demo.example');
    expect(ids(mine).sort((a, b) => a - b)).toEqual(expected);
    const tenants = new Set(rows(mine).map((r) => r.tenant_id));
    expect(tenants).toEqual(new Set([northwind, lakeside]));
  });

  test('under_care must be true or false', async () => {
    const answer = await queue(northwindClinician, {}, { meta: { under_care: 'yes' } });
    expect(answer.status).toBe(422);
    expect((answer.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['query', 'meta', 'under_care']);
  });
});

describe('tenant isolation', () => {
  test("a provider's queue holds its own patients only, whatever the filter asks", async () => {
    const own = await queue(lakesideAdmin);
    expect(rows(own).every((r) => r.tenant_id === lakeside)).toBe(true);
    const other = await queue(lakesideAdmin, { 'tenant_id[eq]': northwind });
    expect(other.status).toBe(200);
    expect(rows(other)).toEqual([]);
    expect(totalOf(other)).toBe(0);
  });

  test("observations expanded on another provider's patients are never reached", async () => {
    const northwindIds = (await activeRows()).filter((p) => p.tenant_id === northwind).map((p) => p.id);
    const answer = await queue(lakesideAdmin, { 'id[in]': northwindIds }, { meta: { expand: ['observations'] } });
    expect(rows(answer)).toEqual([]);
  });
});

describe('observations (meta expand)', () => {
  test('each row gets its latest observations in the order of the queue measures; without expand there are none', async () => {
    const answer = await queue(northwindAdmin, {}, { meta: { expand: ['profile', 'observations'] } });
    expect(answer.status).toBe(200);
    for (const row of rows(answer)) {
      const names = (row.observations as { name: string }[]).map((o) => o.name);
      expect(names.length).toBeGreaterThan(0);
      const order = names.map((n) => QUEUE_MEASURES.indexOf(n as (typeof QUEUE_MEASURES)[number]));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    const plain = await queue(northwindAdmin);
    expect(rows(plain).every((r) => !('observations' in r))).toBe(true);
  });

  test("a reading outside the patient's monitoring limits, else the provider's, is marked out of range", async () => {
    const withHeartRate = await sql<{ patient_id: number; value: number }>`select o.patient_id, (o.observations->'heart_rate'->>'value')::float as value
      from patient_latest_observations o join patients p on p.id = o.patient_id
      where p.patient_status = 'active' and p.tenant_id = ${northwind} and o.observations ? 'heart_rate' order by o.patient_id limit 2`.execute(t.app.db);
    const [byProvider, byOwnLimit] = withHeartRate.rows as [{ patient_id: number; value: number }, { patient_id: number; value: number }];
    const tenant = await t.app.db.selectFrom('tenants').select('settings').where('id', '=', northwind).executeTakeFirstOrThrow();
    const ownPlan = await t.app.db.selectFrom('patients').select('care_plan').where('id', '=', byOwnLimit.patient_id).executeTakeFirstOrThrow();
    // The provider's limit puts every heart rate above it; the second patient's own limit allows theirs.
    await t.app.db
      .updateTable('tenants')
      .set({
        settings: JSON.stringify({ ...(tenant.settings as object), monitoring_limits: [{ parameter: 'heart_rate', sub_parameter: null, min: 10, max: 20 }] }),
      })
      .where('id', '=', northwind)
      .execute();
    await t.app.db
      .updateTable('patients')
      .set({ care_plan: JSON.stringify({ monitoring_limits: [{ parameter: 'heart_rate', min: 10, max: 500 }] }) })
      .where('id', '=', byOwnLimit.patient_id)
      .execute();
    try {
      const answer = await queue(northwindAdmin, { 'id[in]': [byProvider.patient_id, byOwnLimit.patient_id] }, { meta: { expand: ['observations'] } });
      const heartRate = (id: number) => ((rows(answer).find((r) => r.id === id) as Row).observations as Row[]).find((o) => o.name === 'heart_rate');
      expect(heartRate(byProvider.patient_id)).toMatchObject({ value: byProvider.value, out_of_range: { range: 'high', limit: 20 } });
      expect(heartRate(byOwnLimit.patient_id)).toMatchObject({ value: byOwnLimit.value });
      expect(heartRate(byOwnLimit.patient_id)).not.toHaveProperty('out_of_range');
    } finally {
      await t.app.db
        .updateTable('tenants')
        .set({ settings: JSON.stringify(tenant.settings) })
        .where('id', '=', northwind)
        .execute();
      await t.app.db
        .updateTable('patients')
        .set({ care_plan: ownPlan.care_plan === null ? null : JSON.stringify(ownPlan.care_plan) })
        .where('id', '=', byOwnLimit.patient_id)
        .execute();
    }
  });

  test('expand must be a list of names', async () => {
    const answer = await queue(northwindAdmin, {}, { meta: { expand: 'observations' } });
    expect(answer.status).toBe(422);
    expect((answer.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['query', 'meta', 'expand']);
  });

  test('a new device measurement becomes the latest observation and puts the patient back to pending review', async () => {
    const device = await sql<{ id: number; patient_id: number }>`select d.id, d.patient_id from devices d join patients p on p.id = d.patient_id
      where p.patient_status = 'active' and p.tenant_id = ${northwind} and d.device_type = 'pulse_oximeter' order by d.id limit 1`.execute(t.app.db);
    const { id: deviceId, patient_id: patientId } = device.rows[0] as { id: number; patient_id: number };
    await t.app.db.updateTable('patients').set({ rpm_review_status: 'reviewed', general_review_status: 'reviewed' }).where('id', '=', patientId).execute();
    const reading = JSON.stringify([{ name: 'oxygen_saturation', value: 93.6, unit: { text: '%' } }]);
    await t.app.db
      .insertInto('device_activities')
      .values({
        device_id: deviceId,
        tenant_id: northwind,
        patient_id: patientId,
        activity_type: 'measurement',
        created_on: new Date(Date.now() + 60_000),
        value: reading,
      })
      .execute();
    const answer = await queue(northwindAdmin, { 'id[eq]': patientId }, { meta: { expand: ['observations'] } });
    const row = rows(answer)[0] as Row;
    const spo2 = (row.observations as Row[]).find((o) => o.name === 'oxygen_saturation');
    expect(spo2).toMatchObject({ value: 93.6, unit: '%' });
    expect(row.rpm_review_status).toBe('pending');
    expect(row.general_review_status).toBe('pending');
    // An older reading of the same measure does not replace the newer one.
    await t.app.db
      .insertInto('device_activities')
      .values({
        device_id: deviceId,
        tenant_id: northwind,
        patient_id: patientId,
        activity_type: 'measurement',
        created_on: new Date(Date.now() - 86_400_000 * 30),
        value: JSON.stringify([{ name: 'oxygen_saturation', value: 80, unit: { text: '%' } }]),
      })
      .execute();
    const again = rows(await queue(northwindAdmin, { 'id[eq]': patientId }, { meta: { expand: ['observations'] } }))[0] as Row;
    expect((again.observations as Row[]).find((o) => o.name === 'oxygen_saturation')).toMatchObject({ value: 93.6 });
  });

  test('an activity whose value is not a reading is recorded and changes no observation', async () => {
    const device = await t.app.db.selectFrom('devices').select(['id', 'patient_id', 'tenant_id']).where('patient_id', 'is not', null).executeTakeFirstOrThrow();
    const before = await t.app.db
      .selectFrom('patient_latest_observations')
      .selectAll()
      .where('patient_id', '=', device.patient_id as number)
      .executeTakeFirst();
    await t.app.db
      .insertInto('device_activities')
      .values({
        device_id: device.id,
        tenant_id: device.tenant_id,
        patient_id: device.patient_id,
        activity_type: 'measurement',
        value: JSON.stringify({ broken: true }),
      })
      .execute();
    const after = await t.app.db
      .selectFrom('patient_latest_observations')
      .selectAll()
      .where('patient_id', '=', device.patient_id as number)
      .executeTakeFirst();
    expect(after?.observations).toEqual(before?.observations);
  });
});

describe('care program flags follow the care programs', () => {
  test('adding, deactivating and removing a pcm program turns has_pcm on and off', async () => {
    const patient = (await activeRows()).find((p) => p.tenant_id === northwind && !p.has_pcm) as { id: number };
    const flag = async () => (await t.app.db.selectFrom('patients').select('has_pcm').where('id', '=', patient.id).executeTakeFirstOrThrow()).has_pcm;
    const program = await t.app.db
      .insertInto('service_instances')
      .values({ patient_id: patient.id, tenant_id: northwind, type: 'pcm', start: '2026-01-01', is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await flag()).toBe(true);
    expect(ids(await queue(northwindAdmin, { 'has_pcm[eq]': true }))).toContain(patient.id);
    await t.app.db.updateTable('service_instances').set({ is_active: false, end: '2026-02-01' }).where('id', '=', program.id).execute();
    expect(await flag()).toBe(false);
    await t.app.db.updateTable('service_instances').set({ is_active: true, end: null }).where('id', '=', program.id).execute();
    expect(await flag()).toBe(true);
    await t.app.db.deleteFrom('service_instances').where('id', '=', program.id).execute();
    expect(await flag()).toBe(false);
  });
});
