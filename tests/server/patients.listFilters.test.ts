import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

// The filters of GET patients that spec 001 section 7 lists beside the queue's: consented_by_id,
// first_device_activity, care_program_types and has_no_care_program. Expected rows are read from
// the tables the filters summarise (service_instances, device_activities), not from the columns
// the filters read.

let t: TestApp;
let admin: Client;
let northwind: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t?.close());

/** The ids every page of GET /api/patients answers for `filter`, sorted. */
async function listed(filter: Record<string, unknown>): Promise<number[]> {
  const answer = await admin.get('/api/patients', { filter, limit: '500', sort: 'id' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { id: number }[]).map((p) => p.id);
}

const northwindPatients = async () =>
  (await t.app.db.selectFrom('patients').select('id').where('tenant_id', '=', northwind).orderBy('id').execute()).map((p) => p.id);

/** Northwind's patients by the types of their active care programs. */
async function activePrograms(): Promise<Map<number, Set<string>>> {
  const rows = await t.app.db
    .selectFrom('service_instances')
    .select(['patient_id', 'type'])
    .where('tenant_id', '=', northwind)
    .where('is_active', '=', true)
    .execute();
  const byPatient = new Map<number, Set<string>>();
  for (const row of rows) byPatient.set(row.patient_id, (byPatient.get(row.patient_id) ?? new Set()).add(row.type));
  return byPatient;
}

describe('care_program_types and has_no_care_program', () => {
  test('in: any of the types; inall: every one; notin: none; has_no_care_program: no active program', async () => {
    const all = await northwindPatients();
    const programs = await activePrograms();
    const types = (id: number) => programs.get(id) ?? new Set<string>();
    // The seed gives some patients two programs and leaves others without one.
    expect([...programs.values()].some((set) => set.size > 1)).toBe(true);
    expect(all.some((id) => types(id).size === 0)).toBe(true);

    expect(await listed({ 'care_program_types[in]': ['ccm', 'pcm'] })).toEqual(all.filter((id) => types(id).has('ccm') || types(id).has('pcm')));
    expect(await listed({ 'care_program_types[inall]': ['rpm', 'ccm'] })).toEqual(all.filter((id) => types(id).has('rpm') && types(id).has('ccm')));
    expect(await listed({ 'care_program_types[notin]': ['rpm'] })).toEqual(all.filter((id) => !types(id).has('rpm')));
    expect(await listed({ has_no_care_program: true })).toEqual(all.filter((id) => types(id).size === 0));
    expect(await listed({ 'has_no_care_program[eq]': false })).toEqual(all.filter((id) => types(id).size > 0));
  });

  test('follow the care programs as they are added and ended', async () => {
    const [id] = await listed({ has_no_care_program: true, 'patient_status[eq]': 'consented' });
    expect(id).toBeDefined();
    const provider = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', northwind)
      .where('role', '=', 'clinician')
      .executeTakeFirstOrThrow();
    const added = await admin.send('POST', `/api/patients/${id}/service-instances`, { type: 'pcm', start: '2026-03-01', practitioner_id: provider.id });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await admin.get(`/api/patients/${id}`)).toMatchObject({ body: { care_program_types: ['pcm'], has_no_care_program: false } });
    expect(await listed({ 'care_program_types[in]': ['pcm'] })).toContain(id);

    const program = (added.body as { id: number }).id;
    const ended = await admin.send('PATCH', `/api/service-instances/${program}`, { is_active: false, end: '2026-04-01' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(await admin.get(`/api/patients/${id}`)).toMatchObject({ body: { care_program_types: [], has_no_care_program: true } });
    expect(await listed({ 'care_program_types[in]': ['pcm'] })).not.toContain(id);
  });

  test('an empty list keeps nothing for in and everything for inall and notin', async () => {
    const all = await northwindPatients();
    expect(await listed({ 'care_program_types[in]': [] })).toEqual([]);
    expect(await listed({ 'care_program_types[inall]': [] })).toEqual(all);
    expect(await listed({ 'care_program_types[notin]': [] })).toEqual(all);
  });

  test('a type that is not a care program, or a value that is not a list, is a 422 at the filter', async () => {
    for (const filter of [
      { 'care_program_types[in]': ['xyz'] },
      { 'care_program_types[in]': 'rpm' },
      { 'care_program_types[like]': 'rpm' },
      { 'has_no_care_program[eq]': 'yes' },
    ]) {
      const answer = await admin.get('/api/patients', { filter });
      const key = Object.keys(filter)[0] as string;
      expect(isValidationError(answer, ['query', 'filter', key, ...(Array.isArray(Object.values(filter)[0]) ? [0] : [])]), JSON.stringify(answer.body)).toBe(
        true,
      );
    }
  });
});

describe('consented_by_id and first_device_activity', () => {
  test('consented_by_id keeps the patients one user consented', async () => {
    const rows = await t.app.db
      .selectFrom('patients')
      .select(['id', 'consented_by_id'])
      .where('tenant_id', '=', northwind)
      .where('consented_by_id', 'is not', null)
      .orderBy('id')
      .execute();
    const consenter = rows[0]?.consented_by_id as number;
    expect(consenter).toBeTypeOf('number');
    const expected = rows.filter((r) => r.consented_by_id === consenter).map((r) => r.id);
    expect(await listed({ 'consented_by_id[eq]': consenter })).toEqual(expected);
  });

  test("first_device_activity is the patient's earliest measurement", async () => {
    const firsts = await t.app.db
      .selectFrom('device_activities')
      .select(['patient_id', (eb) => eb.fn.min('created_on').as('first')])
      .where('tenant_id', '=', northwind)
      .where('activity_type', '=', 'measurement')
      .where('patient_id', 'is not', null)
      .groupBy('patient_id')
      .execute();
    // The median first reading as the bound, so that the filter keeps some patients and leaves others.
    const sorted = firsts.map((f) => new Date(f.first).getTime()).sort((a, b) => a - b);
    const bound = new Date(sorted[Math.floor(sorted.length / 2)] as number).toISOString();
    const expected = firsts
      .filter((f) => new Date(f.first) >= new Date(bound))
      .map((f) => f.patient_id as number)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(firsts.length);
    expect(await listed({ 'first_device_activity[gte]': bound })).toEqual(expected);
  });
});
