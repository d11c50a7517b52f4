import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '../../src/domain/zonedDays';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * GET monitoring-progress (spec 001 section 7, "Monitoring"; issue 13): one row per patient and
 * month of the caller's provider, filtered by month and year, "in my care" through meta
 * under_care, and kept current by the notes.
 */
let t: TestApp;
let clinician: Client;
let lakeside: Client;
let northwind: number;
let clinicianId: number;
let year: number;
let month: number;

type Row = {
  patient_id: number;
  tenant_id: number;
  year: number;
  month: number;
  progress_rpm: number | null;
  progress_all: number | null;
  patient: { user_full_name: string | null };
};

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakeside = await clientFor(t.app, 'admin@lakeside.demo.example');
  ({ northwind } = await tenantIds(t.app));
  clinicianId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow()).id;
  const zone = (await t.app.db.selectFrom('tenants').select('timezone').where('id', '=', northwind).executeTakeFirstOrThrow()).timezone;
  const today = zonedDay(new Date(), zone);
  year = Number(today.slice(0, 4));
  month = Number(today.slice(5, 7));
});
afterAll(async () => t.close());

const progressOf = async (client: Client, query: Record<string, unknown> = {}) => {
  const answer = await client.get('/api/monitoring-progress', { filter: { year, month }, limit: 500, ...query });
  expect(answer.status).toBe(200);
  return answer.body as Row[];
};

describe('the monitoring progress of a month', () => {
  it("lists the provider's patients of that month, with their names, and no other provider's", async () => {
    const rows = await progressOf(clinician);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ tenant_id: northwind, year, month });
    expect(rows.every((row) => typeof row.patient.user_full_name === 'string')).toBe(true);
    const theirs = await progressOf(lakeside);
    expect(theirs.some((row) => rows.some((mine) => mine.patient_id === row.patient_id))).toBe(false);
  });

  it('moves with a note: 20 minutes of rpm_99457_99458 fill the time half of the rpm bar', async () => {
    const [row] = await progressOf(clinician, {
      filter: { year, month, progress_rpm: [0, 0.5].length ? undefined : undefined },
      sort: 'progress_rpm',
      order: 'asc',
    });
    const patient = row!.patient_id;
    const before = (await progressOf(clinician, { filter: { year, month, patient_id: patient } }))[0]!;
    const note = await clinician.send('POST', '/api/monitoring-activities', {
      patient_id: patient,
      type: 'rpm_99457_99458',
      description: 'Reviewed the readings.',
      duration: 20 * 60,
      data_reviewed: true,
      patient_contacted: true,
    });
    expect(note.status).toBe(201);
    const after = (await progressOf(clinician, { filter: { year, month, patient_id: patient } }))[0]!;
    // Two measures (reading days, care time): the care time's best track is now full.
    const days = await t.app.db
      .selectFrom('services')
      .select('progress')
      .where('patient_id', '=', patient)
      .where('cpt_code', '=', '99454')
      .where('start_date', '=', `${year}-${String(month).padStart(2, '0')}-01`)
      .executeTakeFirstOrThrow();
    expect(after.progress_rpm).toBeCloseTo((days.progress + 1) / 2, 5);
    expect(after.progress_rpm!).toBeGreaterThan(before.progress_rpm ?? 0);
  });

  it('keeps to the patients in my care with meta under_care', async () => {
    const all = await progressOf(clinician);
    const team = await t.app.db
      .selectFrom('care_team_members')
      .select('patient_id')
      .where('practitioner_id', '=', clinicianId)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', new Date().toISOString().slice(0, 10))]))
      .execute();
    const mine = new Set(team.map((r) => r.patient_id));
    const inMyCare = await progressOf(clinician, { meta: { under_care: true } });
    expect(inMyCare.map((r) => r.patient_id).sort()).toEqual(
      all
        .filter((r) => mine.has(r.patient_id))
        .map((r) => r.patient_id)
        .sort(),
    );
    expect(inMyCare.length).toBeLessThan(all.length);
  });
});

describe('a care program moves the ledger, and the rows carry their services and forecast', () => {
  it('a new care program gives the patient a row for this month; removing it removes its codes', async () => {
    const candidates = await clinician.get('/api/patients', { filter: { has_no_care_program: true, 'patient_status[eq]': 'consented' }, limit: 1 });
    const patient = (candidates.body as { id: number }[])[0]!.id;
    expect(await progressOf(clinician, { filter: { year, month, patient_id: patient } })).toEqual([]);
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const added = await clinician.send('POST', `/api/patients/${patient}/service-instances`, { type: 'ccm', start: first, practitioner_id: clinicianId });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [row] = await progressOf(clinician, { filter: { year, month, patient_id: patient }, meta: { expand: ['services'] } });
    expect(row).toMatchObject({ progress_ccm: 0, progress_all: 0, progress_rpm: null });
    const codes = (row as unknown as { services: { cpt_code: string; program: string; status: string }[] }).services;
    expect(codes.map((s) => s.cpt_code)).toContain('99490');
    expect(codes.every((s) => s.program === 'ccm' && s.status === 'not_started')).toBe(true);
    // Care time alone stays winnable to the month's last day.
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    expect((row as unknown as { reachable_until: string }).reachable_until).toBe(last);

    const program = (added.body as { id: number }).id;
    // Deleting a care program is an admin's (the permission table).
    const admin = await clientFor(t.app, 'admin@northwind.demo.example');
    const gone = await admin.send('DELETE', `/api/service-instances/${program}`);
    expect(gone.status).toBe(200);
    // No program in the month: neither services nor a progress row.
    expect(await progressOf(clinician, { filter: { year, month, patient_id: patient } })).toEqual([]);
    const left = await clinician.get('/api/services', { filter: { patient_id: patient, start_date: first } });
    expect(left.body).toEqual([]);
  });

  it('filters the month by its forecast: reachable_until before a day is "no longer reachable"', async () => {
    const all = await progressOf(clinician, { meta: { expand: ['services'] } });
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const lost = await progressOf(clinician, { filter: { year, month, 'reachable_until[lt]': last } });
    type Forecast = { patient_id: number; reachable_until: string | null };
    const expected = (all as unknown as Forecast[]).filter((r) => r.reachable_until !== null && r.reachable_until < last).map((r) => r.patient_id);
    expect(lost.map((r) => r.patient_id).sort()).toEqual(expected.sort());
    // Someone in the demo cannot get 16 reading days in before the month's last day.
    expect(expected.length).toBeGreaterThan(0);
  });

  it("another provider's rows and services never come with the expansion", async () => {
    const theirs = await progressOf(lakeside, { meta: { expand: ['services'] } });
    for (const row of theirs as unknown as { tenant_id: number; services: unknown[] }[]) expect(row.tenant_id).not.toBe(northwind);
  });
});
