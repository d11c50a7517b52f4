import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TEXTS, OUT_OF_RANGE_REASON_REQUIRED } from '../../src/domain/clinicalActivities';
import { zonedDay } from '../../src/domain/zonedDays';
import { PATIENT_NOT_ACTIVE, CLINICIAN_TYPE_REFUSED } from '../../src/server/services/clinicalActivities/availability';
import { REVIEW_TEXTS } from '../../src/server/services/clinicalActivities/review';
import { RUN_DATA_TEXTS } from '../../src/server/services/clinicalActivities/runData';
import { RUN_TEXTS } from '../../src/server/services/clinicalActivities/runs';
import { insertTemplate, textItem, yesNo, type InsertedTemplate } from './clinicalActivityInstances.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Runs of clinical activities (issue 23; spec 001 sections 4, 5, 7; 002 sections 4, 6, 7;
 * src/server/routes/clinicalActivities/README.md "Runs"): start and resume, autosave, completion
 * with the runner's checks, review (approve with time overrides, reject), delete, the lists and a
 * read, and what a run writes: its notes (care time in the month's services) and the records its
 * answers ask for. Templates are written straight to the tables (clinicalActivityInstances.helpers.ts).
 */
type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let clinician: Client; // Northwind, registered nurse
let reyes: Client; // Northwind clinician, qualified healthcare professional
let lakeside: Client; // Lakeside clinician
let staff: Client; // Northwind staff: no clinical_activities key
let internalAdmin: Client; // approve and delete, every provider
let billing: Client; // internal billing admin: runs activities (support staff), neither approves nor deletes
let ids: { northwind: number; lakeside: number; clinician: number; reyes: number; internalAdmin: number };
const db = () => t.app.db;

let checkIn: InsertedTemplate; // the scenario: a yes/no enabling a follow-up, 5 to 10 minutes of RPM time; 1 a week
let reviewed: InsertedTemplate; // always requires review
let records: InsertedTemplate; // yes answers ask for a task, an encounter, a care plan and an assessment
let nursesOnly: InsertedTemplate;
let draftTemplate: InsertedTemplate;
let switchedOff: InsertedTemplate;

const spare: number[] = [];
/** A Northwind active patient no other test uses. */
const freshPatient = () => {
  const id = spare.shift();
  if (id === undefined) throw new Error('out of patients');
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  reyes = await clientFor(t.app, 'dr.reyes@northwind.demo.example');
  lakeside = await clientFor(t.app, 'clinician@lakeside.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  ids = {
    ...(await tenantIds(t.app)),
    clinician: await userId('clinician@northwind.demo.example'),
    reyes: await userId('dr.reyes@northwind.demo.example'),
    internalAdmin: await userId('internal.admin@demo.example'),
  };
  const patients = await db()
    .selectFrom('patients')
    .select('id')
    .where('tenant_id', '=', ids.northwind)
    .where('patient_status', '=', 'active')
    .orderBy('id')
    .execute();
  spare.push(...patients.map((p) => p.id));

  checkIn = await insertTemplate(t.app, {
    title: 'Weekly symptom check-in',
    steps: [
      {
        key: 'symptoms',
        range: [300, 600],
        types: ['rpm_99457_99458'],
        items: [yesNo('short_of_breath'), textItem('breath_details', { required: true, enabled_when: [{ item_id: 'short_of_breath', value: 'true' }] })],
      },
      {
        key: 'medication',
        range: [60, 300],
        types: ['ccm_99490_99439'],
        items: [
          yesNo('taking_meds', {
            resource_creation: { resource_type: 'tasks', value: false, display_text: 'Call the pharmacy about refills', reference_field: 'med_notes' },
          }),
          textItem('med_notes'),
        ],
      },
    ],
    config: {
      scheduling: { frequency_limit: { limit_type: 'period', period_type: 'weeks', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' } },
    },
  });
  reviewed = await insertTemplate(t.app, {
    title: 'Reviewed data review',
    steps: [{ key: 'review_step', range: [300, 900], types: ['rpm_99457_99458'], items: [yesNo('feels_well')] }],
    config: { always_require_review: true },
  });
  records = await insertTemplate(t.app, {
    title: 'Care coordination',
    steps: [
      {
        key: 'plan',
        range: [60, 600],
        items: [
          yesNo('needs_task', {
            resource_creation: { resource_type: 'tasks', value: true, display_text: 'Call the patient back about readings', reference_field: 'details' },
          }),
          yesNo('needs_visit', {
            resource_creation: { resource_type: 'encounters', value: true, display_text: 'Video follow-up on symptoms', reference_field: 'details' },
          }),
          yesNo('needs_plan', {
            resource_creation: { resource_type: 'care_plans', value: true, display_text: 'Plan from the check-in', reference_field: 'details' },
          }),
          yesNo('needs_assessment', { resource_creation: { resource_type: 'assessments', value: true, display_text: 'PHQ-4', reference_field: 'details' } }),
          textItem('details'),
        ],
      },
    ],
  });
  nursesOnly = await insertTemplate(t.app, {
    title: 'Nurse medication review',
    steps: [{ key: 'meds', items: [yesNo('reviewed')] }],
    config: { clinician_types: ['registered_nurse'] },
  });
  draftTemplate = await insertTemplate(t.app, { title: 'Unfinished draft', steps: [{ key: 'only', items: [yesNo('done')] }], draft: true });
  switchedOff = await insertTemplate(t.app, { title: 'Switched off', steps: [{ key: 'only', items: [yesNo('done')] }], enabled: false });
});
afterAll(async () => t?.close());

const RUNS = '/api/clinical-activity-instances';
const start = (client: Client, patientId: number, template: InsertedTemplate, extra: Record<string, unknown> = {}) =>
  client.send('POST', RUNS, { patient_id: patientId, activity_template_id: template.id, ...extra });
const body = (answer: ApiAnswer) => answer.body as Row;
const detail = (answer: ApiAnswer) => (answer.body as { detail: unknown }).detail;

/** The scenario's answers: no breathing trouble, taking the medication; 400 s and 120 s. */
const validCheckIn = (over: Record<string, unknown> = {}) => ({
  symptoms: { time_taken: 400, answers: { short_of_breath: false } },
  medication: { time_taken: 120, answers: { taking_meds: true } },
  ...over,
});

async function startedRun(client: Client, patientId: number, template: InsertedTemplate): Promise<Row> {
  const answer = await start(client, patientId, template);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return body(answer);
}

const complete = (client: Client, id: number, data: unknown) => client.send('POST', `${RUNS}/${String(id)}/complete`, { data_json: data });
const notesOf = (runId: number) =>
  db().selectFrom('monitoring_activities').selectAll().where('clinical_activity_instance_id', '=', runId).orderBy('id').execute();
const auditRows = (resource: string, recordId: number, action: string) =>
  db()
    .selectFrom('audit_logs')
    .select(['actor_id', 'patient_id'])
    .where('resource', '=', resource)
    .where('record_id', '=', String(recordId))
    .where('action', '=', action)
    .where('outcome', '=', 'allowed')
    .execute();

describe('POST clinical-activity-instances: start a run', () => {
  it('starts a draft for the patient: the provider, the caller as clinician, the title and family of the template, no answers yet', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    expect(run).toMatchObject({
      status: 'draft',
      patient_id: patientId,
      tenant_id: ids.northwind,
      practitioner_id: ids.clinician,
      activity_template_id: checkIn.id,
      activity_template_family_id: checkIn.familyId,
      title: checkIn.title,
      data_json: {},
      completed_at: null,
      completion_percent: 0,
      activity_duration: 0,
      practitioner: { id: ids.clinician },
      provider: { id: ids.northwind },
    });
    expect((run.activity_template as { activity_template_steps: unknown[] }).activity_template_steps).toHaveLength(2);
    expect(await auditRows('clinical-activity-instances', run.id, 'create')).toEqual([
      expect.objectContaining({ actor_id: ids.clinician, patient_id: patientId }),
    ]);
  });

  it("reuses the caller's pending run of the activity (200, the same run); another clinician starts their own", async () => {
    const patientId = freshPatient();
    const first = await startedRun(clinician, patientId, checkIn);
    const again = await start(clinician, patientId, checkIn);
    expect(again).toMatchObject({ status: 200, body: { id: first.id, status: 'draft' } });
    const other = await start(reyes, patientId, checkIn);
    expect(other.status).toBe(201);
    expect(body(other).id).not.toBe(first.id);
  });

  it("an internal clinician starts a run for any provider's patient: the run is that provider's", async () => {
    const lakesidePatient = (
      await db()
        .selectFrom('patients')
        .select('id')
        .where('tenant_id', '=', ids.lakeside)
        .where('patient_status', '=', 'active')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const run = await startedRun(billing, lakesidePatient, records);
    expect(run).toMatchObject({ tenant_id: ids.lakeside, patient_id: lakesidePatient });
  });

  it("refuses, changing nothing: no session 401, no key 403, a bad body 422, another provider's or a missing patient 422", async () => {
    const patientId = freshPatient();
    const before = await tableFingerprint(t.app, 'clinical_activity_instances');
    expect((await t.app.inject({ method: 'POST', url: RUNS, payload: { patient_id: patientId, activity_template_id: checkIn.id } })).statusCode).toBe(401);
    expect(await start(staff, patientId, checkIn)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(isValidationError(await clinician.send('POST', RUNS, { patient_id: patientId }), ['body', 'activity_template_id'])).toBe(true);
    expect(isValidationError(await start(lakeside, patientId, checkIn), ['body', 'patient_id'])).toBe(true);
    expect(detail(await start(lakeside, patientId, checkIn))).toEqual([expect.objectContaining({ msg: 'The referenced record does not exist' })]);
    expect(isValidationError(await start(clinician, 2_000_000_000, checkIn), ['body', 'patient_id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'clinical_activity_instances')).toBe(before);
  });

  it('only active or consented patients have activities', async () => {
    const pending = await db()
      .selectFrom('patients')
      .select('id')
      .where('tenant_id', '=', ids.northwind)
      .where('patient_status', '=', 'pending_enrollment')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const answer = await start(clinician, pending.id, checkIn);
    expect(isValidationError(answer, ['body', 'patient_id'])).toBe(true);
    expect(detail(answer)).toEqual([expect.objectContaining({ msg: PATIENT_NOT_ACTIVE })]);
  });

  it('a draft, switched-off or unknown template is not runnable: 422 as a missing record', async () => {
    const patientId = freshPatient();
    for (const template of [draftTemplate, switchedOff, { id: 2_000_000_000, familyId: 0, title: '' }]) {
      const answer = await start(clinician, patientId, template);
      expect(isValidationError(answer, ['body', 'activity_template_id'])).toBe(true);
      expect(detail(answer)).toEqual([expect.objectContaining({ msg: 'The referenced record does not exist' })]);
    }
  });

  it("a template for other clinician types is refused with 'Not available for your clinician type'", async () => {
    const patientId = freshPatient();
    const answer = await start(reyes, patientId, nursesOnly);
    expect(isValidationError(answer, ['body', 'activity_template_id'])).toBe(true);
    expect(detail(answer)).toEqual([expect.objectContaining({ msg: CLINICIAN_TYPE_REFUSED })]);
    expect((await start(clinician, patientId, nursesOnly)).status).toBe(201);
  });

  it('answers may be given at start, and must fit the steps', async () => {
    const patientId = freshPatient();
    const answer = await start(clinician, patientId, checkIn, { data_json: { symptoms: { time_taken: 30, answers: { short_of_breath: true } } } });
    expect(answer).toMatchObject({ status: 201, body: { data_json: { symptoms: { time_taken: 30 } } } });
    expect(isValidationError(await start(reyes, patientId, checkIn, { data_json: { nope: {} } }), ['body', 'data_json', 'nope'])).toBe(true);
  });
});

describe('PUT clinical-activity-instances/{id}: autosave', () => {
  it("stores the answers of the clinician's own draft and answers the run with its share and duration", async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const data = { symptoms: { time_taken: 120, answers: { short_of_breath: true, breath_details: 'Worse on stairs' } } };
    const saved = await clinician.send('PUT', `${RUNS}/${String(run.id)}`, { data_json: data });
    // Enabled items: short_of_breath, breath_details (enabled by yes), taking_meds, med_notes: 2 of 4 answered.
    expect(saved).toMatchObject({ status: 200, body: { id: run.id, data_json: data, completion_percent: 50, activity_duration: 120 } });
    expect(await clinician.get(`${RUNS}/${String(run.id)}`)).toMatchObject({ status: 200, body: { data_json: data } });
    expect(await auditRows('clinical-activity-instances', run.id, 'update')).toHaveLength(1);
  });

  it("refuses answers that do not fit the steps (422 at their place), and time overrides, which are the reviewer's", async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const put = (data: unknown) => clinician.send('PUT', `${RUNS}/${String(run.id)}`, { data_json: data });
    expect(isValidationError(await put({ unknown_step: {} }), ['body', 'data_json', 'unknown_step'])).toBe(true);
    expect(detail(await put({ unknown_step: {} }))).toEqual([expect.objectContaining({ msg: RUN_DATA_TEXTS.unknownStep })]);
    expect(isValidationError(await put({ symptoms: { answers: { not_an_item: true } } }), ['body', 'data_json', 'symptoms', 'answers', 'not_an_item'])).toBe(
      true,
    );
    expect(
      isValidationError(await put({ symptoms: { answers: { short_of_breath: 'yes' } } }), ['body', 'data_json', 'symptoms', 'answers', 'short_of_breath']),
    ).toBe(true);
    expect(isValidationError(await put({ time_overrides: { symptoms: 60 } }), ['body', 'data_json', 'time_overrides'])).toBe(true);
    expect(isValidationError(await put({ symptoms: { time_taken: -1 } }), ['body', 'data_json', 'symptoms', 'time_taken'])).toBe(true);
    expect(isValidationError(await put({ symptoms: { additional_notes: 'x'.repeat(5001) } }), ['body', 'data_json', 'symptoms', 'additional_notes'])).toBe(
      true,
    );
    expect(isValidationError(await clinician.send('PUT', `${RUNS}/${String(run.id)}`, { data_json: {}, status: 'complete' }), ['body', 'status'])).toBe(true);
    expect(body(await clinician.get(`${RUNS}/${String(run.id)}`)).data_json).toEqual({});
  });

  it("another clinician's draft answers 404, another provider's too; no key 403; a submitted run 409", async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const url = `${RUNS}/${String(run.id)}`;
    expect(await reyes.send('PUT', url, { data_json: {} })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakeside.send('PUT', url, { data_json: {} })).toMatchObject({ status: 404 });
    expect(await internalAdmin.send('PUT', url, { data_json: {} })).toMatchObject({ status: 404 });
    expect(await staff.send('PUT', url, { data_json: {} })).toMatchObject({ status: 403 });
    expect((await complete(clinician, run.id, validCheckIn())).status).toBe(200);
    expect(await clinician.send('PUT', url, { data_json: {} })).toMatchObject({ status: 409, body: { detail: RUN_TEXTS.notDraft } });
  });
});

describe('POST clinical-activity-instances/{id}/complete', () => {
  it('refuses an incomplete run with a validation_check 422 per field at body.data_json.{step}.{field}', async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const answer = await complete(clinician, run.id, {
      symptoms: { time_taken: 400, answers: {} },
      medication: { time_taken: 120, answers: { taking_meds: true } },
    });
    expect(answer.status).toBe(422);
    expect(detail(answer)).toEqual([{ loc: ['body', 'data_json', 'symptoms', 'short_of_breath'], msg: 'Required', type: 'validation_check' }]);
    expect(body(await clinician.get(`${RUNS}/${String(run.id)}`))).toMatchObject({ status: 'draft', completed_at: null });
  });

  it('a follow-up is required only when its condition holds (enabled_when)', async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const withYes = validCheckIn({ symptoms: { time_taken: 400, answers: { short_of_breath: true } } });
    expect(detail(await complete(clinician, run.id, withYes))).toEqual([
      { loc: ['body', 'data_json', 'symptoms', 'breath_details'], msg: 'Required', type: 'validation_check' },
    ]);
    // With "no", the follow-up is not enabled: neither required nor written into the note.
    const answer = await complete(
      clinician,
      run.id,
      validCheckIn({ symptoms: { time_taken: 400, answers: { short_of_breath: false, breath_details: 'ignored' } } }),
    );
    expect(answer.status).toBe(200);
    const [symptomsNote] = await notesOf(run.id);
    expect(symptomsNote?.description).toContain('Question short_of_breath: No');
    expect(symptomsNote?.description).not.toContain('ignored');
  });

  it('a step of 20 minutes (range 5 to 10) needs a reason: refused without one, accepted with it', async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const long = (reason?: string) =>
      validCheckIn({ symptoms: { time_taken: 1200, answers: { short_of_breath: false }, ...(reason ? { time_taken_out_of_range_reason: reason } : {}) } });
    expect(detail(await complete(clinician, run.id, long()))).toEqual([
      { loc: ['body', 'data_json', 'symptoms', 'time_taken_out_of_range_reason'], msg: OUT_OF_RANGE_REASON_REQUIRED, type: 'validation_check' },
    ]);
    const answer = await complete(clinician, run.id, long('The patient had many questions'));
    expect(answer).toMatchObject({ status: 200, body: { status: 'complete', activity_duration: 1320 } });
  });

  it('the activity lasts 30 seconds to 60 minutes', async () => {
    const run = await startedRun(clinician, freshPatient(), records);
    const plan = (seconds: number, reason = 'Long call') => ({
      plan: {
        time_taken: seconds,
        time_taken_out_of_range_reason: reason,
        answers: { needs_task: false, needs_visit: false, needs_plan: false, needs_assessment: false },
      },
    });
    for (const seconds of [29, 3601]) {
      expect(detail(await complete(clinician, run.id, plan(seconds)))).toEqual([
        { loc: ['body', 'data_json', '_activity', 'duration'], msg: ACTIVITY_TEXTS.duration, type: 'validation_check' },
      ]);
    }
    expect((await complete(clinician, run.id, plan(30))).status).toBe(200);
  });

  it("completes a nurse's run at once: dated today in the provider's zone, its notes written with their time and types", async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    const answer = await complete(clinician, run.id, validCheckIn());
    const timezone = (await db().selectFrom('tenants').select('timezone').where('id', '=', ids.northwind).executeTakeFirstOrThrow()).timezone;
    expect(answer).toMatchObject({
      status: 200,
      body: { status: 'complete', completion_date: zonedDay(new Date(), timezone), completion_percent: 66, activity_duration: 520 },
    });
    expect(Date.now() - Date.parse(String(body(answer).completed_at))).toBeLessThan(60_000);
    const notes = await notesOf(run.id);
    expect(notes.map((n) => [n.type, n.duration, n.practitioner_id, n.patient_id])).toEqual([
      ['rpm_99457_99458', 400, ids.clinician, patientId],
      ['ccm_99490_99439', 120, ids.clinician, patientId],
    ]);
    expect(notes[0]?.description).toBe(`${checkIn.title}: Step symptoms\nQuestion short_of_breath: No`);
    expect(new Date(notes[0]!.reviewed_on).toISOString()).toBe(new Date(String(body(answer).completed_at)).toISOString());
    for (const note of notes) expect(await auditRows('monitoring-activities', note.id, 'create')).toHaveLength(1);
    expect(await complete(clinician, run.id, validCheckIn())).toMatchObject({ status: 409, body: { detail: RUN_TEXTS.notDraft } });
  });

  it('goes to review when the template always requires it, or when run by a medical assistant; no notes until approved', async () => {
    const patientId = freshPatient();
    const byTemplate = await startedRun(clinician, patientId, reviewed);
    expect(await complete(clinician, byTemplate.id, { review_step: { time_taken: 400, answers: { feels_well: true } } })).toMatchObject({
      status: 200,
      body: { status: 'pending_review' },
    });
    expect(await notesOf(byTemplate.id)).toEqual([]);

    await db().updateTable('users').set({ staff_type: 'medical_assistant' }).where('id', '=', ids.reyes).execute();
    try {
      const byAssistant = await startedRun(reyes, freshPatient(), checkIn);
      expect(await complete(reyes, byAssistant.id, validCheckIn())).toMatchObject({ status: 200, body: { status: 'pending_review' } });
      expect(await notesOf(byAssistant.id)).toEqual([]);
    } finally {
      await db().updateTable('users').set({ staff_type: 'qualified_healthcare_professional' }).where('id', '=', ids.reyes).execute();
    }
  });

  it('only the clinician completes their draft: 404 for others, 403 without the key', async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    expect((await complete(reyes, run.id, validCheckIn())).status).toBe(404);
    expect((await complete(lakeside, run.id, validCheckIn())).status).toBe(404);
    expect((await complete(staff, run.id, validCheckIn())).status).toBe(403);
    expect((await complete(clinician, 2_000_000_000, validCheckIn())).status).toBe(404);
    expect(body(await clinician.get(`${RUNS}/${String(run.id)}`)).status).toBe('draft');
  });

  it('creates the records its yes answers ask for, each naming the run: a task, an encounter, a care plan and an assessment task', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, records);
    const answers = { needs_task: true, needs_visit: true, needs_plan: true, needs_assessment: true, details: 'Dizzy in the mornings' };
    expect((await complete(clinician, run.id, { plan: { time_taken: 120, answers } })).status).toBe(200);
    const tasks = await db().selectFrom('tasks').selectAll().where('clinical_activity_instance_id', '=', run.id).orderBy('id').execute();
    expect(tasks.map((task) => [task.title, task.assigned_to_id, task.complete, task.patient_id])).toEqual([
      ['Call the patient back about readings', ids.clinician, false, patientId],
      ['Complete the assessment PHQ-4', ids.clinician, false, patientId],
    ]);
    expect(tasks[0]?.description).toContain('Describe details: Dizzy in the mornings');
    const encounter = await db().selectFrom('encounters').selectAll().where('clinical_activity_instance_id', '=', run.id).executeTakeFirstOrThrow();
    expect(encounter).toMatchObject({
      encounter_class: 'virtual',
      encounter_type: 'follow_up_visit',
      status: 'planned',
      source: 'product',
      patient_id: patientId,
    });
    const plan = await db().selectFrom('care_plans').selectAll().where('clinical_activity_instance_id', '=', run.id).executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ plan_name: 'Plan from the check-in', is_active: false, patient_id: patientId, tenant_id: ids.northwind });
    for (const task of tasks) expect(await auditRows('tasks', task.id, 'create')).toHaveLength(1);
    expect(await auditRows('encounters', encounter.id, 'create')).toHaveLength(1);
  });

  it('a "no" asks for nothing', async () => {
    const run = await startedRun(clinician, freshPatient(), records);
    const answers = { needs_task: false, needs_visit: false, needs_plan: false, needs_assessment: false };
    expect((await complete(clinician, run.id, { plan: { time_taken: 120, answers } })).status).toBe(200);
    expect(await db().selectFrom('tasks').select('id').where('clinical_activity_instance_id', '=', run.id).execute()).toEqual([]);
  });
});

describe('review: approve and reject', () => {
  /** A Northwind rpm patient with no 99457 time of its own, so that the run's time is all there is. */
  async function rpmPatient(): Promise<number> {
    const row = await db()
      .selectFrom('patients as p')
      .innerJoin('service_instances as s', 's.patient_id', 'p.id')
      .select('p.id')
      .where('p.tenant_id', '=', ids.northwind)
      .where('p.patient_status', '=', 'active')
      .where('s.type', '=', 'rpm')
      .where('s.is_active', '=', true)
      .where('s.end', 'is', null)
      .where('p.id', 'in', spare)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('monitoring_activities as m').select('m.id').whereRef('m.patient_id', '=', 'p.id').where('m.type', '=', 'rpm_99457_99458')),
        ),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    spare.splice(spare.indexOf(row.id), 1);
    return row.id;
  }
  const month = async () => {
    const { timezone } = await db().selectFrom('tenants').select('timezone').where('id', '=', ids.northwind).executeTakeFirstOrThrow();
    return zonedDay(new Date(), timezone).slice(0, 7);
  };
  const rpmSeconds = async (patientId: number) => {
    const answer = await internalAdmin.get('/api/services', { filter: { patient_id: patientId, start_date: `${await month()}-01`, cpt_code: '99457' } });
    expect(answer.status).toBe(200);
    return (answer.body as { value: number }[])[0]?.value ?? 0;
  };
  const submitted = async (patientId: number, seconds = 1200, reason = 'Long conversation') => {
    const run = await startedRun(clinician, patientId, reviewed);
    const answer = await complete(clinician, run.id, {
      review_step: { time_taken: seconds, time_taken_out_of_range_reason: reason, answers: { feels_well: true } },
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 'pending_review' } });
    return run;
  };
  const approve = (client: Client, id: number, overrides?: Record<string, number>) =>
    client.send('POST', `${RUNS}/${String(id)}/approve`, overrides === undefined ? {} : { time_overrides: overrides });

  it("approving with a 12-minute override writes the run's note with 720 seconds, which the patient's services count", async () => {
    const patientId = await rpmPatient();
    const before = await rpmSeconds(patientId);
    const run = await submitted(patientId);
    expect(await rpmSeconds(patientId)).toBe(before);
    const answer = await approve(internalAdmin, run.id, { review_step: 720 });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        status: 'complete',
        reviewed_by_id: ids.internalAdmin,
        reviewed_by: { id: ids.internalAdmin },
        activity_duration: 720,
        data_json: { time_overrides: { review_step: 720 } },
      },
    });
    expect(Date.now() - Date.parse(String(body(answer).reviewed_at))).toBeLessThan(60_000);
    const notes = await notesOf(run.id);
    expect(notes.map((n) => [n.type, n.duration, n.practitioner_id, n.created_by_id])).toEqual([['rpm_99457_99458', 720, ids.clinician, ids.internalAdmin]]);
    expect(await rpmSeconds(patientId)).toBe(before + 720);
    expect(await approve(internalAdmin, run.id, { review_step: 720 })).toMatchObject({ status: 409, body: { detail: REVIEW_TEXTS.notPending } });
  });

  it("approving without overrides keeps the clinician's times", async () => {
    const run = await submitted(freshPatient(), 400);
    expect((await approve(internalAdmin, run.id)).status).toBe(200);
    expect((await notesOf(run.id)).map((n) => n.duration)).toEqual([400]);
  });

  it('refuses: no key 403, an unknown step or a negative time 422, a draft 409, another provider or none 404', async () => {
    const run = await submitted(freshPatient());
    expect(await approve(clinician, run.id, { review_step: 60 })).toMatchObject({ status: 403 });
    expect(await approve(billing, run.id, { review_step: 60 })).toMatchObject({ status: 403 });
    expect(isValidationError(await approve(internalAdmin, run.id, { other_step: 60 }), ['body', 'time_overrides', 'other_step'])).toBe(true);
    expect(isValidationError(await approve(internalAdmin, run.id, { review_step: -1 }), ['body', 'time_overrides', 'review_step'])).toBe(true);
    expect((await approve(internalAdmin, 2_000_000_000)).status).toBe(404);
    const draft = await startedRun(clinician, freshPatient(), reviewed);
    expect(await approve(internalAdmin, draft.id)).toMatchObject({ status: 409 });
    expect(body(await internalAdmin.get(`${RUNS}/${String(run.id)}`)).status).toBe('pending_review');
  });

  it('rejecting keeps the reason; a rejected run counts no care time', async () => {
    const run = await submitted(freshPatient());
    const reject = (client: Client, payload: unknown) => client.send('POST', `${RUNS}/${String(run.id)}/reject`, payload);
    expect((await reject(clinician, {})).status).toBe(403);
    expect(await reject(internalAdmin, { reason: '  Times do not match the call log  ' })).toMatchObject({
      status: 200,
      body: { status: 'rejected', rejection_reason: 'Times do not match the call log', reviewed_by_id: ids.internalAdmin },
    });
    expect(await notesOf(run.id)).toEqual([]);
    expect((await reject(internalAdmin, {})).status).toBe(409);
  });
});

describe('DELETE clinical-activity-instances/{id}', () => {
  it("the clinician discards their own draft; others' drafts answer 404, without the key 403", async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    const url = `${RUNS}/${String(run.id)}`;
    expect((await reyes.send('DELETE', url)).status).toBe(404);
    expect((await billing.send('DELETE', url)).status).toBe(404);
    expect((await lakeside.send('DELETE', url)).status).toBe(404);
    expect((await staff.send('DELETE', url)).status).toBe(403);
    expect(await clinician.send('DELETE', url)).toMatchObject({ status: 200, body: { id: run.id, status: 'draft' } });
    expect((await clinician.get(url)).status).toBe(404);
    expect(await auditRows('clinical-activity-instances', run.id, 'delete')).toHaveLength(1);
    // The refused attempts are on the trail too.
    const denied = await db()
      .selectFrom('audit_logs')
      .select('actor_id')
      .where('resource', '=', 'clinical-activity-instances')
      .where('record_id', '=', String(run.id))
      .where('action', '=', 'delete')
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied).toHaveLength(4);
  });

  it("a submitted run is not the clinician's to delete", async () => {
    const run = await startedRun(clinician, freshPatient(), checkIn);
    expect((await complete(clinician, run.id, validCheckIn())).status).toBe(200);
    expect((await clinician.send('DELETE', `${RUNS}/${String(run.id)}`)).status).toBe(404);
  });

  it('a reviewer deletes a complete run: its notes and their care time go, the records it created stay', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    // "Not taking the medication" asks for a task.
    const data = validCheckIn({ medication: { time_taken: 120, answers: { taking_meds: false, med_notes: 'Ran out' } } });
    expect((await complete(clinician, run.id, data)).status).toBe(200);
    const notes = await notesOf(run.id);
    expect(notes).toHaveLength(2);
    const task = await db().selectFrom('tasks').select('id').where('clinical_activity_instance_id', '=', run.id).executeTakeFirstOrThrow();
    expect(await internalAdmin.send('DELETE', `${RUNS}/${String(run.id)}`)).toMatchObject({ status: 200, body: { id: run.id, status: 'complete' } });
    expect(
      await db()
        .selectFrom('monitoring_activities')
        .select('id')
        .where(
          'id',
          'in',
          notes.map((n) => n.id),
        )
        .execute(),
    ).toEqual([]);
    for (const note of notes) expect(await auditRows('monitoring-activities', note.id, 'delete')).toHaveLength(1);
    expect(await db().selectFrom('tasks').select(['id', 'clinical_activity_instance_id']).where('id', '=', task.id).executeTakeFirst()).toEqual({
      id: task.id,
      clinical_activity_instance_id: null,
    });
  });
});

describe('lists and reads', () => {
  it('lists runs with the names the review list shows, filtered by status, provider, clinician and patient, searched by patient name', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    expect((await complete(clinician, run.id, validCheckIn())).status).toBe(200);
    const patient = await db().selectFrom('patients').select('user_full_name').where('id', '=', patientId).executeTakeFirstOrThrow();
    const provider = await db().selectFrom('tenants').select('name').where('id', '=', ids.northwind).executeTakeFirstOrThrow();
    const list = await internalAdmin.get(RUNS, {
      filter: { 'status[in]': ['complete', 'pending_review'], tenant_id: ids.northwind, practitioner_id: ids.clinician, q: patient.user_full_name },
      limit: '100',
    });
    expect(list.status).toBe(200);
    const row = (list.body as Row[]).find((r) => r.id === run.id);
    expect(row).toMatchObject({
      title: checkIn.title,
      status: 'complete',
      patient: { id: patientId, user_full_name: patient.user_full_name },
      provider: { id: ids.northwind, name: provider.name },
      practitioner: { id: ids.clinician, full_name: 'Robin Hale' },
      reviewed_by: null,
      activity_duration: 520,
      // Enabled items: short_of_breath, taking_meds and med_notes (the follow-up is not enabled by "no"); med_notes is left empty.
      completion_percent: 66,
    });
    expect(
      (list.body as Row[]).every(
        (r) => r.patient_id === patientId || String((r.patient as { user_full_name: string }).user_full_name).includes(patient.user_full_name),
      ),
    ).toBe(true);
    expect(list.headers['content-range']).toMatch(/^clinical-activity-instances \d+-\d+\/\d+$/);
    const drafts = await internalAdmin.get(RUNS, { filter: { status: 'draft', patient_id: patientId } });
    expect(drafts.body).toEqual([]);
    expect(isValidationError(await internalAdmin.get(RUNS, { filter: { status: 'finished' } }), ['query', 'filter', 'status'])).toBe(true);
  });

  it("another provider sees none of them: list, read and the patient's list", async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    const listed = await lakeside.get(RUNS, { filter: { patient_id: patientId } });
    expect(listed).toMatchObject({ status: 200, body: [] });
    expect(await lakeside.get(`${RUNS}/${String(run.id)}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect((await lakeside.get(`/api/patients/${String(patientId)}/clinical-activity-instances`)).status).toBe(404);
    expect((await staff.get(RUNS)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: RUNS })).statusCode).toBe(401);
  });

  it('reads one run with its data and the exact template version with its steps, audited; also under its patient', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    const read = await reyes.get(`${RUNS}/${String(run.id)}`);
    expect(read).toMatchObject({ status: 200, body: { id: run.id, data_json: {}, activity_template: { id: checkIn.id, activity_title: checkIn.title } } });
    const steps = (body(read).activity_template as { activity_template_steps: { step_template: { step_key: string } }[] }).activity_template_steps;
    expect(steps.map((s) => s.step_template.step_key)).toEqual(['symptoms', 'medication']);
    expect(await auditRows('clinical-activity-instances', run.id, 'read')).toEqual([expect.objectContaining({ actor_id: ids.reyes, patient_id: patientId })]);
    expect(await reyes.get(`/api/patients/${String(patientId)}/clinical-activity-instances/${String(run.id)}`)).toMatchObject({
      status: 200,
      body: { id: run.id },
    });
    const other = spare[0]!;
    expect((await reyes.get(`/api/patients/${String(other)}/clinical-activity-instances/${String(run.id)}`)).status).toBe(404);
    const mine = await reyes.get(`/api/patients/${String(patientId)}/clinical-activity-instances`);
    expect((mine.body as Row[]).map((r) => r.id)).toEqual([run.id]);
  });
});

describe('frequency limits', () => {
  it('after one completion of a once-a-week activity the next start is refused with the reason', async () => {
    const patientId = freshPatient();
    const run = await startedRun(clinician, patientId, checkIn);
    expect((await complete(clinician, run.id, validCheckIn())).status).toBe(200);
    const again = await start(clinician, patientId, checkIn);
    expect(isValidationError(again, ['body', 'activity_template_id'])).toBe(true);
    expect(String((detail(again) as { msg: string }[])[0]?.msg)).toMatch(/^Limit of 1 per week reached; available again on \d{4}-\d{2}-\d{2}$/);
  });
});
