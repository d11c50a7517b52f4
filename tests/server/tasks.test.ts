import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INCOMPLETE_REASON_REQUIRED, NOTE_TOO_LONG, TITLE_NOT_DESCRIPTIVE, TITLE_REQUIRED, COMPLETION_NOTE_REQUIRED } from '../../src/domain/tasks';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { ASSIGNEE_IS_PATIENT, AUTO_COMPLETE_UNCONFIRMED, TASK_STAYS_WITH_PATIENT } from '../../src/server/resources/definitions/tasks';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Tasks (spec 001 sections 3, 4, 5 and 7, "Tasks"): every call the console makes (GET, POST and
 * updates of tasks, DELETE, GET task-activities), each refusal with the spec's words, the
 * activities each change leaves, and another provider's tasks, which are not there.
 */
type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let internalClinician: Client;
let ids: Record<'clinician' | 'admin' | 'staff' | 'internalClinician' | 'lakesideStaff' | 'patientAccount', number>;
let patientId: number;
let otherPatientId: number;
let counter = 0;
const db = () => t.app.db;

const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** A fresh active patient of the provider, with no tasks. */
async function newPatient(tenantId: number): Promise<{ patient: number; account: number }> {
  counter += 1;
  const user = await db()
    .insertInto('users')
    .values({
      email: `task.${counter}.${Date.now()}@patients.example`,
      first_name: 'Task',
      last_name: `Patient${counter}`,
      role: 'patient',
      tenant_id: tenantId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: 'active', birthdate: '1950-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { patient: patient.id, account: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const tenants = await tenantIds(t.app);
  northwind = tenants.northwind;
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
  const mine = await newPatient(northwind);
  patientId = mine.patient;
  otherPatientId = (await newPatient(northwind)).patient;
  ids = {
    clinician: await userId('clinician@northwind.demo.example'),
    admin: await userId('admin@northwind.demo.example'),
    staff: await userId('staff@northwind.demo.example'),
    internalClinician: await userId('internal.clinician@demo.example'),
    lakesideStaff: await userId('staff@lakeside.demo.example'),
    patientAccount: mine.account,
  };
});
afterAll(async () => t?.close());

const rows = (answer: ApiAnswer) => answer.body as Row[];
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
const rowOf = async (id: number) => (await sql<{ row: string }>`select t::text as row from tasks t where id = ${id}`.execute(db())).rows[0]?.row;
const activitiesOf = (taskId: number) =>
  db().selectFrom('task_activities').selectAll().where('task_id', '=', taskId).orderBy('performed_at', 'desc').orderBy('id', 'desc').execute();

const NEW_TASK = { title: 'Review the latest blood pressure readings', due_on: '2026-07-01', priority: 2 };

/** A task of the test patient added through the API by `client` (the clinician unless told). */
async function newTask(body: Row = {}, client: Client = clinician): Promise<Row & { id: number }> {
  const answer = await client.send('POST', '/api/tasks', { ...NEW_TASK, patient_id: patientId, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Row & { id: number };
}

describe('adding a task (POST tasks)', () => {
  test("the task belongs to the patient's provider, is added by the caller, and leaves created and assigned activities", async () => {
    const answer = await clinician.send('POST', '/api/tasks', {
      ...NEW_TASK,
      patient_id: patientId,
      assigned_to_id: ids.staff,
      description: 'Readings look high.',
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        ...NEW_TASK,
        patient_id: patientId,
        tenant_id: northwind,
        added_by_id: ids.clinician,
        added_by_name: expect.any(String) as unknown,
        assigned_to_id: ids.staff,
        assigned_to_name: expect.any(String) as unknown,
        complete: false,
        completed_by_id: null,
        completed_at: null,
        task_type: 'one_off',
        can_be_auto_completed: false,
      },
    });
    const task = answer.body as Row & { id: number };
    expect(await activitiesOf(task.id)).toEqual([
      expect.objectContaining({ activity_type: 'assigned', description: `Assigned to ${String(task.assigned_to_name)}`, performed_by_id: ids.clinician }),
      expect.objectContaining({
        activity_type: 'created',
        performed_by_id: ids.clinician,
        is_system_generated: false,
        patient_id: patientId,
        tenant_id: northwind,
      }),
    ]);
  });

  test('under the patient (POST patients/{id}/tasks) the path names the patient; a task without an assignee has only its created activity', async () => {
    const answer = await staff.send('POST', `/api/patients/${patientId}/tasks`, NEW_TASK);
    expect(answer).toMatchObject({ status: 201, body: { patient_id: patientId, added_by_id: ids.staff, assigned_to_id: null } });
    expect((await activitiesOf((answer.body as { id: number }).id)).map((a) => a.activity_type)).toEqual(['created']);
  });

  test("internal staff may be assigned a task of any provider; internal users add tasks for the patient's provider", async () => {
    const task = await newTask({ assigned_to_id: ids.internalClinician });
    expect(task).toMatchObject({ assigned_to_id: ids.internalClinician, tenant_id: northwind });
    const byInternal = await newTask({ assigned_to_id: ids.clinician }, internalClinician);
    expect(byInternal).toMatchObject({ tenant_id: northwind, added_by_id: ids.internalClinician });
  });

  test("refusals: a short title (the spec's words), no due day, no priority, priority 4; nothing is written", async () => {
    const before = await tableFingerprint(t.app, 'tasks');
    const send = (body: Row) => clinician.send('POST', '/api/tasks', { ...NEW_TASK, patient_id: patientId, ...body });
    for (const title of ['Call her', '  Call  him   ']) {
      const short = await send({ title });
      expect(short).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'title'], msg: TITLE_NOT_DESCRIPTIVE }] } });
    }
    expect(TITLE_NOT_DESCRIPTIVE).toBe('Come on, you can do better! Be descriptive!');
    expect((await send({ title: '1234567890' })).status).toBe(201);
    const { due_on: _due, ...noDueDay } = NEW_TASK;
    const { priority: _priority, ...noPriority } = NEW_TASK;
    expect(await clinician.send('POST', '/api/tasks', { ...noDueDay, patient_id: patientId })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'due_on'], msg: 'Field required', type: 'missing' }] },
    });
    expect(await clinician.send('POST', '/api/tasks', { ...noPriority, patient_id: patientId })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'priority'], msg: 'Field required', type: 'missing' }] },
    });
    expect(isValidationError(await send({ priority: 4 }), ['body', 'priority'])).toBe(true);
    expect(isValidationError(await send({ priority: 0 }), ['body', 'priority'])).toBe(true);
    const { title: _title, ...noTitle } = NEW_TASK;
    expect(isValidationError(await clinician.send('POST', '/api/tasks', { ...noTitle, patient_id: patientId }), ['body', 'title'])).toBe(true);
    // The server says who added the task and which provider it belongs to.
    expect(isValidationError(await send({ added_by_id: ids.admin }), ['body', 'added_by_id'])).toBe(true);
    expect(isValidationError(await send({ tenant_id: northwind }), ['body', 'tenant_id'])).toBe(true);
    await db().deleteFrom('tasks').where('title', '=', '1234567890').execute();
    expect(await tableFingerprint(t.app, 'tasks')).toBe(before);
  });

  test("an assignee of another provider answers like an id that exists nowhere; a patient's account is no assignee", async () => {
    const before = await tableFingerprint(t.app, 'tasks');
    const send = (assignee: number) => clinician.send('POST', '/api/tasks', { ...NEW_TASK, patient_id: patientId, assigned_to_id: assignee });
    const unknown = await send(2147483000);
    expect(unknown).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'assigned_to_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } });
    const theirs = await send(ids.lakesideStaff);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: unknown.status, body: unknown.body });
    // An internal user sees Lakeside's staff, and still may not put them on a Northwind task.
    const internalTheirs = await internalClinician.send('POST', '/api/tasks', { ...NEW_TASK, patient_id: patientId, assigned_to_id: ids.lakesideStaff });
    expect({ status: internalTheirs.status, body: internalTheirs.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(await send(ids.patientAccount)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'assigned_to_id'], msg: ASSIGNEE_IS_PATIENT }] } });
    // Another provider's patient is no patient either.
    const lakesidePatient = await db().selectFrom('patients').select('id').where('tenant_id', '<>', northwind).orderBy('id').executeTakeFirstOrThrow();
    expect(await clinician.send('POST', '/api/tasks', { ...NEW_TASK, patient_id: lakesidePatient.id })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE }] },
    });
    expect((await clinician.send('POST', `/api/patients/${lakesidePatient.id}/tasks`, NEW_TASK)).status).toBe(404);
    expect(await tableFingerprint(t.app, 'tasks')).toBe(before);
  });
});

describe('listing tasks (GET tasks)', () => {
  let listed: { patient: number; tasks: (Row & { id: number })[] };

  beforeAll(async () => {
    const { patient } = await newPatient(northwind);
    const add = async (body: Row) => {
      const answer = await clinician.send('POST', `/api/patients/${patient}/tasks`, { ...NEW_TASK, ...body });
      expect(answer.status).toBe(201);
      return answer.body as Row & { id: number };
    };
    const tasks = [];
    for (let day = 1; day <= 12; day++) {
      tasks.push(
        await add({ due_on: `2026-03-${String(day).padStart(2, '0')}`, assigned_to_id: day % 2 ? ids.clinician : ids.staff, priority: 1 + (day % 3) }),
      );
    }
    const done = tasks[0] as { id: number };
    expect((await clinician.send('PATCH', `/api/tasks/${done.id}`, { complete: true, update_reason: 'Reviewed with the patient.' })).status).toBe(200);
    listed = { patient, tasks };
  });

  test('by patient, a page of 10 by due day, with the total in content-range', async () => {
    const answer = await clinician.get('/api/tasks', { filter: { patient_id: listed.patient }, limit: '10' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('tasks 0-9/12');
    expect(rows(answer).map((r) => r.due_on)).toEqual(listed.tasks.slice(0, 10).map((r) => r.due_on));
    const next = await clinician.get('/api/tasks', { filter: { patient_id: listed.patient }, skip: '10', limit: '10' });
    expect(next.headers['content-range']).toBe('tasks 10-11/12');
    // The record's Tasks tab, the same list under the patient ("with subject provider": a parameter the list ignores).
    const nested = await clinician.get(`/api/patients/${listed.patient}/tasks`, { subject: 'provider', limit: '10' });
    expect(nested.headers['content-range']).toBe('tasks 0-9/12');
  });

  test('by completion, assignee and due day range (the due presets are ranges of due_on)', async () => {
    const filter = (extra: Row) => clinician.get('/api/tasks', { filter: { patient_id: listed.patient, ...extra }, limit: '500' });
    expect(rows(await filter({ complete: true })).map((r) => r.id)).toEqual([listed.tasks[0]?.id]);
    expect(rows(await filter({ complete: false }))).toHaveLength(11);
    const mine = rows(await filter({ 'assigned_to_id[eq]': ids.clinician, complete: false }));
    expect(mine.map((r) => r.id)).toEqual(listed.tasks.filter((r, i) => i > 0 && r.assigned_to_id === ids.clinician).map((r) => r.id));
    const week = rows(await filter({ 'due_on[gte]': '2026-03-02', 'due_on[lte]': '2026-03-08' }));
    expect(week.map((r) => r.due_on)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    const overdue = rows(await filter({ 'due_on[lt]': '2026-03-04', complete: false }));
    expect(overdue.map((r) => r.due_on)).toEqual(['2026-03-02', '2026-03-03']);
    // The badge: one row, open, assigned to the caller.
    const badge = await clinician.get('/api/tasks', { filter: { patient_id: listed.patient, complete: false, assigned_to_id: ids.clinician }, limit: '1' });
    expect(badge.headers['content-range']).toBe(`tasks 0-0/${String(mine.length)}`);
    expect(await lakesideAdmin.get('/api/tasks', { filter: { patient_id: listed.patient } })).toMatchObject({ status: 200, body: [] });
  });
});

describe('completing and reopening a task (update tasks: complete, update_reason)', () => {
  test('completing needs a note of at most 500 characters; it sets who and when, and leaves a completed activity with the note', async () => {
    const task = await newTask({ assigned_to_id: ids.clinician });
    const before = await rowOf(task.id);
    const withoutNote = await staff.send('PATCH', `/api/tasks/${task.id}`, { complete: true });
    expect(withoutNote).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'update_reason'], msg: COMPLETION_NOTE_REQUIRED, type: 'missing' }] } });
    expect((await staff.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: '   ' })).status).toBe(422);
    const tooLong = await staff.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'x'.repeat(501) });
    expect(tooLong).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'update_reason'], msg: 'Note should be less than 500 characters' }] } });
    expect(NOTE_TOO_LONG).toBe('Note should be less than 500 characters');
    expect(await rowOf(task.id)).toBe(before);

    const note = 'n'.repeat(500);
    const done = await staff.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: note });
    expect(done).toMatchObject({
      status: 200,
      body: {
        complete: true,
        update_reason: note,
        completed_by_id: ids.staff,
        completed_by_name: expect.any(String) as unknown,
        completed_at: expect.any(String) as unknown,
      },
    });
    const [latest] = await activitiesOf(task.id);
    expect(latest).toMatchObject({ activity_type: 'completed', description: note, performed_by_id: ids.staff });
    // Sending the completed task back unchanged (react-admin's PUT) is no second completion.
    const again = await staff.send('PUT', `/api/tasks/${task.id}`, done.body);
    expect(again).toMatchObject({ status: 200, body: { complete: true, completed_by_id: ids.staff } });
    expect((await activitiesOf(task.id)).filter((a) => a.activity_type === 'completed')).toHaveLength(1);
  });

  test('marking incomplete needs a reason; it clears who completed it and when, and leaves an uncompleted activity with the reason', async () => {
    const task = await newTask();
    await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Called the patient.' });
    const withoutReason = await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: false });
    expect(withoutReason).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'update_reason'], msg: INCOMPLETE_REASON_REQUIRED }] } });
    const tooLong = await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: false, update_reason: 'y'.repeat(501) });
    expect(detailOf(tooLong)[0]?.msg).toBe(NOTE_TOO_LONG);
    const reopened = await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: false, update_reason: 'The patient did not answer.' });
    expect(reopened).toMatchObject({
      status: 200,
      body: { complete: false, completed_by_id: null, completed_by_name: null, completed_at: null, update_reason: 'The patient did not answer.' },
    });
    expect((await activitiesOf(task.id)).map((a) => [a.activity_type, a.description])).toEqual([
      ['uncompleted', 'The patient did not answer.'],
      ['completed', 'Called the patient.'],
      ['created', `Task created: ${NEW_TASK.title}`],
    ]);
  });

  test('an auto-completable task is completed by hand only with confirm_auto_complete, which is not stored', async () => {
    const task = await newTask({ task_type: 'voice_call', can_be_auto_completed: true });
    const before = await rowOf(task.id);
    const unconfirmed = await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Called.' });
    expect(unconfirmed).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'confirm_auto_complete'], msg: AUTO_COMPLETE_UNCONFIRMED }] } });
    expect((await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Called.', confirm_auto_complete: false })).status).toBe(
      422,
    );
    expect(await rowOf(task.id)).toBe(before);
    const confirmed = await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Called.', confirm_auto_complete: true });
    expect(confirmed).toMatchObject({ status: 200, body: { complete: true, completed_by_id: ids.clinician } });
    expect(confirmed.body).not.toHaveProperty('confirm_auto_complete');
    // Reopening it needs no confirmation.
    expect((await clinician.send('PATCH', `/api/tasks/${task.id}`, { complete: false, update_reason: 'Not reached.' })).status).toBe(200);
  });
});

describe('editing a task', () => {
  test('the title is required (not emptied) but may be short; the assignee changes with an assigned activity; the patient stays', async () => {
    const task = await newTask({ assigned_to_id: ids.clinician });
    expect(await clinician.send('PATCH', `/api/tasks/${task.id}`, { title: '  ' })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'title'], msg: TITLE_REQUIRED }] },
    });
    expect(
      isValidationError(await clinician.send('PUT', `/api/tasks/${task.id}`, { patient_id: patientId, priority: 1, due_on: '2026-07-02' }), ['body', 'title']),
    ).toBe(true);
    const edited = await clinician.send('PATCH', `/api/tasks/${task.id}`, { title: 'Call Ann', priority: 1, assigned_to_id: ids.admin });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Call Ann', priority: 1, assigned_to_id: ids.admin } });
    const [assigned] = await activitiesOf(task.id);
    expect(assigned).toMatchObject({ activity_type: 'assigned', description: `Assigned to ${String((edited.body as Row).assigned_to_name)}` });
    const unassigned = await clinician.send('PATCH', `/api/tasks/${task.id}`, { assigned_to_id: null });
    expect(unassigned).toMatchObject({ status: 200, body: { assigned_to_id: null, assigned_to_name: null } });
    expect((await activitiesOf(task.id))[0]).toMatchObject({ activity_type: 'assigned', description: 'Unassigned' });
    expect(await clinician.send('PATCH', `/api/tasks/${task.id}`, { assigned_to_id: ids.patientAccount })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'assigned_to_id'], msg: ASSIGNEE_IS_PATIENT }] },
    });
    expect(await clinician.send('PATCH', `/api/tasks/${task.id}`, { patient_id: otherPatientId })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'patient_id'], msg: TASK_STAYS_WITH_PATIENT }] },
    });
    // Under another patient's path the task is not there.
    expect(await clinician.send('PATCH', `/api/patients/${otherPatientId}/tasks/${task.id}`, { priority: 3 })).toMatchObject({ status: 404 });
    expect(await clinician.send('PATCH', `/api/patients/${patientId}/tasks/${task.id}`, { priority: 3 })).toMatchObject({ status: 200, body: { priority: 3 } });
  });
});

describe('task activities (GET task-activities)', () => {
  test("a task's activities, newest first, with who performed them; audited for the patient; another provider's are not there", async () => {
    const task = await newTask({ assigned_to_id: ids.staff });
    await staff.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Device set up.' });
    await admin.send('PATCH', `/api/tasks/${task.id}`, { complete: false, update_reason: 'Device missing a cuff.' });
    const answer = await staff.get('/api/task-activities', { filter: { task_id: task.id } });
    expect(answer.status).toBe(200);
    expect(rows(answer).map((a) => [a.activity_type, a.performed_by_id])).toEqual([
      ['uncompleted', ids.admin],
      ['completed', ids.staff],
      ['assigned', ids.clinician],
      ['created', ids.clinician],
    ]);
    expect(rows(answer)[0]).toMatchObject({
      task_id: task.id,
      patient_id: patientId,
      description: 'Device missing a cuff.',
      performed_by_name: expect.any(String) as unknown,
      is_system_generated: false,
    });
    const audit = await db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'list', resource: 'task-activities', patient_id: patientId })]);
    expect(await lakesideAdmin.get('/api/task-activities', { filter: { task_id: task.id } })).toMatchObject({ status: 200, body: [] });
    const first = rows(answer)[0] as { id: number };
    expect(await lakesideAdmin.get(`/api/task-activities/${first.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    // Written by the server only.
    expect((await admin.send('POST', '/api/task-activities', { task_id: task.id, activity_type: 'created' })).status).toBe(404);
  });
});

describe('deleting a task (DELETE tasks)', () => {
  test('an admin deletes a task with its activities; a clinician may not', async () => {
    const task = await newTask();
    const before = await rowOf(task.id);
    expect(await clinician.send('DELETE', `/api/tasks/${task.id}`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await staff.send('DELETE', `/api/tasks/${task.id}`)).toMatchObject({ status: 403 });
    expect(await rowOf(task.id)).toBe(before);
    const deleted = await admin.send('DELETE', `/api/tasks/${task.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: task.id } });
    expect(await rowOf(task.id)).toBeUndefined();
    expect(await activitiesOf(task.id)).toEqual([]);
  });
});

describe("another provider's task", () => {
  test('is not found for read, update and delete, and stays as it was', async () => {
    const task = await newTask();
    const before = await rowOf(task.id);
    const notFound = { status: 404, body: { detail: 'Not found' } };
    expect(await lakesideAdmin.get(`/api/tasks/${task.id}`)).toMatchObject(notFound);
    expect(await lakesideAdmin.send('PATCH', `/api/tasks/${task.id}`, { title: 'Taken over by another provider' })).toMatchObject(notFound);
    expect(await lakesideAdmin.send('PATCH', `/api/tasks/${task.id}`, { complete: true, update_reason: 'Not mine.' })).toMatchObject(notFound);
    expect(await lakesideAdmin.send('DELETE', `/api/tasks/${task.id}`)).toMatchObject(notFound);
    expect(await rowOf(task.id)).toBe(before);
    expect((await activitiesOf(task.id)).map((a) => a.activity_type)).toEqual(['created']);
  });
});
