import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { businessDaysBetween, incompatibleNoteTypes, isStale } from '../../src/domain/monitoringNotes';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * What the monitoring note form warns of (spec 001 section 8, "Warnings in the monitoring form"):
 * `meta={"expand": ["monitoring_facts"]}` on a patient's read, computed by the server from its
 * devices, readings, care programs and the notes of the last 30 days.
 */
type Facts = { devices: number; last_measurement: string | null; stale_measurements: boolean; billable: boolean; incompatible: Record<string, string[]> };

let t: TestApp;
let clinician: Client;
let lakeside: Client;
let northwind: number;
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakeside = await clientFor(t.app, 'admin@lakeside.demo.example');
}, 120_000);
afterAll(async () => t?.close());

async function factsOf(client: Client, id: number): Promise<Facts | undefined> {
  const answer = await client.get(`/api/patients/${id}`, { meta: { expand: ['monitoring_facts'] } });
  expect(answer.status).toBe(200);
  return (answer.body as { monitoring_facts?: Facts }).monitoring_facts;
}

describe('the facts behind the warnings', () => {
  test('no device assigned, no measurements, note only mode for a patient without programs', async () => {
    const patient = await db()
      .selectFrom('patients as p')
      .select('p.id')
      .where('p.tenant_id', '=', northwind)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('devices as d').select('d.id').whereRef('d.patient_id', '=', 'p.id'))))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('service_instances as s').select('s.id').whereRef('s.patient_id', '=', 'p.id').where('s.is_active', '=', true))),
      )
      .where((eb) => eb.not(eb.exists(eb.selectFrom('device_activities as a').select('a.id').whereRef('a.patient_id', '=', 'p.id'))))
      .executeTakeFirstOrThrow();
    expect(await factsOf(clinician, patient.id)).toEqual({ devices: 0, last_measurement: null, stale_measurements: false, billable: false, incompatible: {} });
  });

  test('stale after more than 7 business days without a reading', async () => {
    const patient = await db()
      .selectFrom('devices')
      .select(['patient_id', 'id'])
      .where('tenant_id', '=', northwind)
      .where('patient_id', 'is not', null)
      .where('last_measurement', 'is not', null)
      .executeTakeFirstOrThrow();
    const id = patient.patient_id!;
    expect(await factsOf(clinician, id)).toMatchObject({ stale_measurements: false });
    // Move the patient's readings twelve days back: at least 8 business days.
    await sql`update device_activities set created_on = created_on - interval '12 days' where patient_id = ${id}`.execute(db());
    const facts = await factsOf(clinician, id);
    expect(facts?.devices).toBeGreaterThan(0);
    expect(facts?.last_measurement).not.toBeNull();
    expect(facts?.stale_measurements).toBe(true);
  });

  test('a 99091 note of the last 30 days makes rpm_99457_99458 potentially incompatible, and the other way round', async () => {
    const patient = await db()
      .selectFrom('service_instances')
      .select('patient_id')
      .where('tenant_id', '=', northwind)
      .where('type', '=', 'rpm')
      .where('is_active', '=', true)
      .orderBy('patient_id', 'desc')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('monitoring_activities').where('patient_id', '=', patient.patient_id).execute();
    expect((await factsOf(clinician, patient.patient_id))?.incompatible).toEqual({});
    const note = await clinician.send('POST', '/api/monitoring-activities', {
      patient_id: patient.patient_id,
      type: 'rpm_99091',
      description: 'Reviewed the data.',
      duration: 600,
      data_reviewed: true,
      patient_contacted: false,
    });
    expect(note.status).toBe(201);
    const facts = await factsOf(clinician, patient.patient_id);
    expect(facts).toMatchObject({ billable: true, incompatible: { rpm_99457_99458: ['rpm_99091'] } });
  });

  test("another provider's patient is not found, facts or not", async () => {
    const theirs = await db().selectFrom('patients').select('id').where('tenant_id', '=', northwind).executeTakeFirstOrThrow();
    const answer = await lakeside.get(`/api/patients/${theirs.id}`, { meta: { expand: ['monitoring_facts'] } });
    expect(answer.status).toBe(404);
  });
});

describe('the rules', () => {
  test('business days skip weekends: Friday to the next Monday is 1, a fortnight is 10', () => {
    expect(businessDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(businessDaysBetween('2026-11-09', '2026-11-23')).toBe(10);
    expect(businessDaysBetween('2026-11-23', '2026-11-23')).toBe(0);
  });

  test('stale is more than 7 business days, not 7', () => {
    // 2026-11-12 (Thu) to 2026-11-23 (Mon): 7 business days; from the 11th: 8.
    expect(isStale('2026-11-12', '2026-11-23')).toBe(false);
    expect(isStale('2026-11-11', '2026-11-23')).toBe(true);
    expect(isStale(null, '2026-11-23')).toBe(false);
  });

  test('incompatible types come from the exclusions, never a type with itself', () => {
    const codes = [
      { code: '99457', monitoringType: 'rpm_99457_99458' },
      { code: '99470', monitoringType: 'rpm_99457_99458' },
      { code: '99091', monitoringType: 'rpm_99091' },
    ];
    const exclusions = [
      { code: '99457', excludes: '99091' },
      { code: '99457', excludes: '99470' },
    ];
    expect(incompatibleNoteTypes(codes, exclusions, ['rpm_99457_99458'])).toEqual({ rpm_99091: ['rpm_99457_99458'] });
    expect(incompatibleNoteTypes(codes, exclusions, [])).toEqual({});
  });
});
