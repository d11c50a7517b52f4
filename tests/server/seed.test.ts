import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MANUFACTURERS, DEVICE_STATUSES, DEVICE_TYPES, PATIENT_STATUSES } from '../../src/domain/enums';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { FIRST_NAMES_BY_SEX } from '../../src/server/db/seed/names';
import { seedDatabase } from '../../src/server/db/seed/seed';

const NOW = new Date('2026-11-21T10:00:00Z');

async function seeded(): Promise<Database> {
  const database = await createDatabase({ databaseUrl: undefined });
  await migrate(database.db);
  await seedDatabase(database.db, { now: NOW });
  return database;
}

const distinct = async (database: Database, query: string) => (await sql.raw<{ v: string }>(query).execute(database.db)).rows.map((r) => r.v).sort();

describe('demo seed', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = await Promise.all([seeded(), seeded()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic: two runs give the same rows', async () => {
    const digest = (d: Database) =>
      sql<{ h: string }>`select md5(string_agg(u.email || p.patient_status || coalesce(p.birthdate::text, ''), ',' order by p.id)) ||
        (select md5(string_agg(coalesce(external_id, '') || status || coalesce(patient_id::text, ''), ',' order by id)) from devices) ||
        (select md5(string_agg(device_id || activity_type || created_on::text || value::text, ',' order by id)) from device_activities) as h
        from patients p join users u on u.id = p.user_id`.execute(d.db);
    const [ha, hb] = await Promise.all([digest(a), digest(b)]);
    expect(ha.rows[0]?.h).toBe(hb.rows[0]?.h);
  });

  it('has the two named providers with 150+ patients each across every status', async () => {
    const rows = await sql<{ name: string; n: number; statuses: string[] }>`
      select t.name, count(*)::int as n, array_agg(distinct p.patient_status) as statuses
      from patients p join tenants t on t.id = p.tenant_id group by t.name order by t.name`.execute(a.db);
    expect(rows.rows.map((r) => r.name)).toEqual(['Lakeside Health', 'Northwind Clinic']);
    for (const row of rows.rows) {
      expect(row.n).toBeGreaterThanOrEqual(150);
      expect([...row.statuses].sort()).toEqual([...PATIENT_STATUSES].sort());
    }
  });

  it('has devices of every manufacturer, type and status', async () => {
    expect(await distinct(a, 'select distinct device_manufacturer as v from devices')).toEqual([...DEVICE_MANUFACTURERS].sort());
    expect(await distinct(a, 'select distinct device_type as v from devices')).toEqual([...DEVICE_TYPES].sort());
    expect(await distinct(a, 'select distinct status as v from devices')).toEqual([...DEVICE_STATUSES].sort());
  });

  it('keeps device rules: a device with a patient is neither shared nor decommissioned', async () => {
    const bad = await sql<{ n: number }>`select count(*)::int as n from devices
      where patient_id is not null and (is_shared_device or status not in ('active', 'inactive_with_patient'))`.execute(a.db);
    expect(bad.rows[0]?.n).toBe(0);
  });

  it('has 90 days of measurements, pings and issue reports ending on the seed day', async () => {
    const rows = await sql<{ activity_type: string; first: Date; last: Date }>`
      select activity_type, min(created_on) as first, max(created_on) as last
      from device_activities group by activity_type order by activity_type`.execute(a.db);
    expect(rows.rows.map((r) => r.activity_type)).toEqual(['device_ping', 'issue_report', 'measurement']);
    const measurement = rows.rows.find((r) => r.activity_type === 'measurement');
    const days = (NOW.getTime() - (measurement?.first.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThanOrEqual(91);
    expect(measurement?.last.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('gives each patient a sex at birth that goes with the first name', async () => {
    const rows = await sql<{ first_name: string; gender: 'Male' | 'Female' }>`
      select u.first_name, p.gender from patients p join users u on u.id = p.user_id`.execute(a.db);
    const sexOf = (name: string) =>
      (Object.keys(FIRST_NAMES_BY_SEX) as (keyof typeof FIRST_NAMES_BY_SEX)[]).find((sex) => (FIRST_NAMES_BY_SEX[sex] as readonly string[]).includes(name));
    const named = rows.rows.filter((r) => sexOf(r.first_name) !== undefined);
    expect(named.length).toBeGreaterThanOrEqual(300);
    expect(named.filter((r) => sexOf(r.first_name) !== r.gender)).toEqual([]);
    expect(new Set(named.map((r) => r.gender))).toEqual(new Set(['Male', 'Female']));
  });

  it('writes one monitoring activity, with its description, per status change', async () => {
    const { rows } = await sql<{ changes: number; activities: number; undescribed: number }>`select
        (select count(*)::int from patient_status_history) as changes,
        (select count(*)::int from monitoring_activities where type = 'activity') as activities,
        (select count(*)::int from monitoring_activities where type = 'activity' and coalesce(description, '') = '') as undescribed`.execute(a.db);
    expect(rows[0]?.changes).toBeGreaterThan(100);
    expect(rows[0]?.activities).toBe(rows[0]?.changes);
    expect(rows[0]?.undescribed).toBe(0);
  });

  it('creates every demo account with its role and tenant', async () => {
    const rows = await sql<{ email: string; role: string; slug: string | null; is_provider: boolean; has_password: boolean }>`
      select u.email, u.role, t.slug, u.is_provider, u.password_hash is not null as has_password
      from users u left join tenants t on t.id = u.tenant_id
      where u.email like '%@demo.example' or u.email like '%@northwind.demo.example' or u.email like '%@lakeside.demo.example'
      order by u.email`.execute(a.db);
    const byEmail = new Map(rows.rows.map((r) => [r.email, r]));
    const expected: [string, string, string | null][] = [
      ['superadmin@demo.example', 'superadmin', null],
      ['internal.admin@demo.example', 'internal_admin', null],
      ['internal.billing@demo.example', 'internal_billing_admin', null],
      ['internal.clinician@demo.example', 'internal_clinician', null],
      ['admin@northwind.demo.example', 'admin', 'northwind'],
      ['clinician@northwind.demo.example', 'clinician', 'northwind'],
      ['staff@northwind.demo.example', 'staff', 'northwind'],
      ['admin@lakeside.demo.example', 'admin', 'lakeside'],
      ['clinician@lakeside.demo.example', 'clinician', 'lakeside'],
      ['staff@lakeside.demo.example', 'staff', 'lakeside'],
      ['patient@northwind.demo.example', 'patient', 'northwind'],
    ];
    for (const [email, role, slug] of expected) {
      expect(byEmail.get(email), email).toMatchObject({ role, slug, has_password: true });
    }
    expect(byEmail.get('clinician@northwind.demo.example')?.is_provider).toBe(true);
  });
});
