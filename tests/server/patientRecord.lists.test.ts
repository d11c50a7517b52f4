import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let staff: Client;
let lakesideAdmin: Client;
let internal: Client;
let clinicianId: number;
let counter = 0;
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  clinicianId = (await db().selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

const rows = (answer: ApiAnswer) => answer.body as Row[];
const totalOf = (answer: ApiAnswer) => Number(String(answer.headers['content-range']).split('/')[1]);
const auditOf = (answer: ApiAnswer) => db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();

/** A fresh active patient of a demo provider, with nothing on its record. */
async function newPatient(tenantId: number, status = 'active'): Promise<number> {
  counter += 1;
  const user = await db()
    .insertInto('users')
    .values({ email: `record.${counter}.${Date.now()}@patients.example`, first_name: 'Rec', last_name: `Ord${counter}`, role: 'patient', tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (
    await db()
      .insertInto('patients')
      .values({ user_id: user.id, tenant_id: tenantId, patient_status: status, birthdate: '1950-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('tasks', () => {
  test("Your Tasks: the caller's open tasks, by due day, with the people's names", async () => {
    const answer = await clinician.get('/api/tasks', { filter: { complete: false, 'assigned_to_id[eq]': clinicianId }, limit: '500' });
    expect(answer.status).toBe(200);
    const expected = await db().selectFrom('tasks').select('id').where('assigned_to_id', '=', clinicianId).where('complete', '=', false).execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(
      rows(answer)
        .map((r) => r.id)
        .sort(),
    ).toEqual(expected.map((r) => r.id).sort());
    expect(totalOf(answer)).toBe(expected.length);
    const dueDays = rows(answer).map((r) => String(r.due_on));
    expect(dueDays).toEqual([...dueDays].sort());
    for (const task of rows(answer)) {
      expect(task).toMatchObject({
        complete: false,
        assigned_to_id: clinicianId,
        assigned_to_name: 'Robin Hale',
        added_by_name: 'Alex Northam',
        completed_by_name: null,
        tenant_id: northwind,
      });
      expect(String(task.due_on)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('completed tasks name who completed them; filters by type, due day and creation', async () => {
    const done = rows(await clinician.get('/api/tasks', { filter: { complete: true }, limit: '5' }));
    expect(done.length).toBeGreaterThan(0);
    for (const task of done)
      expect(task).toMatchObject({ complete: true, completed_by_name: expect.any(String) as unknown, completed_at: expect.any(String) as unknown });
    const calls = rows(
      await clinician.get('/api/tasks', {
        filter: { task_type: 'voice_call', 'due_on[lte]': '2100-01-01', 'created_on[gte]': '2000-01-01T00:00:00Z' },
        limit: '500',
      }),
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((r) => r.task_type))).toEqual(new Set(['voice_call']));
    expect(isValidationError(await clinician.get('/api/tasks', { filter: { task_type: 'errand' } }), ['query', 'filter', 'task_type'])).toBe(true);
    expect(isValidationError(await clinician.get('/api/tasks', { filter: { 'due_on[gte]': 'tomorrow' } }), ['query', 'filter', 'due_on[gte]'])).toBe(true);
  });

  test("a patient's tasks under /patients/{id}/tasks, and the badge's count of one page", async () => {
    const task = await db()
      .selectFrom('tasks')
      .selectAll()
      .where('tenant_id', '=', northwind)
      .where('complete', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const listed = await staff.get(`/api/patients/${task.patient_id}/tasks`);
    expect(listed.status).toBe(200);
    expect(rows(listed).every((r) => r.patient_id === task.patient_id)).toBe(true);
    expect(rows(listed).map((r) => r.id)).toContain(task.id);
    const badge = await clinician.get('/api/tasks', { filter: { patient_id: task.patient_id, complete: false }, limit: '1' });
    expect(rows(badge)).toHaveLength(1);
    const open = await db().selectFrom('tasks').select('id').where('patient_id', '=', task.patient_id).where('complete', '=', false).execute();
    expect(totalOf(badge)).toBe(open.length);
    expect(await lakesideAdmin.get(`/api/patients/${task.patient_id}/tasks`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });

  test('one task is read with the list permission and audited for its patient (writes: tasks.test.ts)', async () => {
    const task = await db().selectFrom('tasks').selectAll().where('tenant_id', '=', northwind).orderBy('id').executeTakeFirstOrThrow();
    const read = await staff.get(`/api/tasks/${task.id}`);
    expect(read).toMatchObject({ status: 200, body: { id: task.id, patient_id: task.patient_id, title: task.title } });
    expect(await auditOf(read)).toEqual([
      expect.objectContaining({ action: 'read', resource: 'tasks', patient_id: task.patient_id, record_id: String(task.id) }),
    ]);
    expect(await lakesideAdmin.get(`/api/tasks/${task.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });
});

describe('voice calls', () => {
  test("a patient's calls, newest first, with the clinician's name; another provider's are not there", async () => {
    const call = await db().selectFrom('voice_calls').selectAll().where('tenant_id', '=', northwind).orderBy('id').executeTakeFirstOrThrow();
    const answer = await clinician.get('/api/voice-calls', { filter: { patient_id: call.patient_id } });
    expect(answer.status).toBe(200);
    const starts = rows(answer).map((r) => Date.parse(String(r.start_time)));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const first = rows(answer)[0]!;
    expect(first).toMatchObject({ patient_id: call.patient_id, direction: expect.stringMatching(/^(inbound|outbound)$/) as unknown });
    // The clinician placed an outbound call and took an inbound one.
    expect(first.direction === 'outbound' ? first.caller_name : first.recipient_name).toBe('Robin Hale');
    expect(totalOf(answer)).toBe((await db().selectFrom('voice_calls').select('id').where('patient_id', '=', call.patient_id).execute()).length);
    expect(rows(await lakesideAdmin.get('/api/voice-calls', { filter: { patient_id: call.patient_id } }))).toEqual([]);
    expect(await lakesideAdmin.get(`/api/voice-calls/${call.id}`)).toMatchObject({ status: 404 });
    expect(rows(await lakesideAdmin.get('/api/voice-calls', { limit: '500' })).every((r) => r.tenant_id === lakeside)).toBe(true);
  });

  test('staff hold no voice_calls.list', async () => {
    expect(await staff.get('/api/voice-calls')).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });
});

describe('clinical activity instances', () => {
  test("the record's list: status not draft, [ne] and [notin], newest first", async () => {
    const notDraft = rows(await clinician.get('/api/clinical-activity-instances', { filter: { 'status[ne]': 'draft' }, limit: '500' }));
    expect(notDraft.length).toBeGreaterThan(0);
    expect(notDraft.some((r) => r.status === 'draft')).toBe(false);
    const created = notDraft.map((r) => Date.parse(String(r.created_at)));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const settled = rows(await clinician.get('/api/clinical-activity-instances', { filter: { 'status[notin]': ['draft', 'pending_review'] }, limit: '500' }));
    expect(new Set(settled.map((r) => r.status))).toEqual(new Set(['complete', 'rejected']));
    const instance = notDraft[0] as Row & { patient_id: number };
    const mine = rows(await clinician.get(`/api/patients/${instance.patient_id}/clinical-activity-instances`));
    expect(mine.every((r) => r.patient_id === instance.patient_id)).toBe(true);
    expect(isValidationError(await clinician.get('/api/clinical-activity-instances', { filter: { status: 'finished' } }), ['query', 'filter', 'status'])).toBe(
      true,
    );
    expect(await staff.get('/api/clinical-activity-instances')).toMatchObject({ status: 403 });
  });
});

describe('diagnoses on the patient record', () => {
  test('the distinct ICD-10 codes of the active care programs, sorted; ended programs and other patients do not count', async () => {
    const id = await newPatient(northwind);
    const other = await newPatient(northwind);
    const program = (patientId: number, type: string, codes: string[], active = true) =>
      db()
        .insertInto('service_instances')
        .values({
          patient_id: patientId,
          tenant_id: northwind,
          type,
          start: '2026-01-05',
          end: active ? null : '2026-02-01',
          is_active: active,
          icd10_ids: codes,
        })
        .execute();
    expect((await clinician.get(`/api/patients/${id}`)).body).toMatchObject({ id, diagnoses: [] });
    await program(id, 'rpm', ['J44.9', 'I10']);
    await program(id, 'ccm', ['I10', 'E11.9']);
    await program(id, 'pcm', ['Z99.81'], false);
    await program(other, 'rpm', ['N18.30']);
    expect((await clinician.get(`/api/patients/${id}`)).body).toMatchObject({ id, diagnoses: ['E11.9', 'I10', 'J44.9'] });
    const listed = rows(await clinician.get('/api/patients', { filter: { 'id[in]': [id, other] } }));
    expect(listed.find((r) => r.id === other)).toMatchObject({ diagnoses: ['N18.30'] });
    expect(listed.find((r) => r.id === id)).toMatchObject({ diagnoses: ['E11.9', 'I10', 'J44.9'] });
    // Read-only: a write that sends it back (a client saving the record it read) changes nothing of it.
    expect((await internal.send('PATCH', `/api/patients/${id}`, { diagnoses: ['I10'] })).status).toBe(200);
    expect((await clinician.get(`/api/patients/${id}`)).body).toMatchObject({ diagnoses: ['E11.9', 'I10', 'J44.9'] });
  });
});
