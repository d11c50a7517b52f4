import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARE_PLAN_SECTIONS, CARE_PLAN_TEMPLATES, findCarePlanTemplate } from '../../src/domain/clinical/carePlans';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { ALREADY_ACTIVE, DEACTIVATED, NOT_ACTIVE, NOT_EDITABLE } from '../../src/server/services/medicalHistory/carePlans';
import { anonymous, auditOf, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { detailOf, type Row } from './medicalHistory.helpers';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Care plans (spec 001 sections 2 to 4 and 7; src/server/routes/medicalHistory/README.md): the
 * templates (GET care-plan-templates), a plan created inactive from a template, activated (the
 * patient's previous active plan is deactivated, at most one active), reviewed without changes or
 * revised while active (a revision counts as a review), edited while a draft, read only once
 * deactivated; its revisions, the patient's plans newest first, the active plan (or null), and
 * another provider's plan, which is not there.
 */

type Plan = Row & { id: number; content: Record<string, Row>; revision: number; is_active: boolean };

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let clinicianId: number;
let clinicianName: string;
let adminName: string;
const db = () => t.app.db;

const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const HEART_FAILURE = findCarePlanTemplate('heart-failure')!;
const PLAN_TABLES = ['care_plans', 'care_plan_revisions', 'patients'];

async function newPlan(patient: number, body: Row = {}, client = clinician): Promise<Plan> {
  const answer = await client.send('POST', '/api/care-plans', { patient_id: patient, care_plan_template_id: 'heart-failure', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Plan;
}
const activate = (id: number, client = clinician) => client.send('POST', `/api/care-plans/${id}/activate`);
const review = (id: number, client = clinician) => client.send('POST', `/api/care-plans/${id}/review`);
const plan = async (id: number) => (await clinician.get(`/api/care-plans/${id}`)).body as Plan;
const activePlan = (patient: number, client = clinician) => client.get(`/api/patients/${patient}/active-care-plan`);
const lastReviewed = async (patient: number) => ((await clinician.get(`/api/patients/${patient}`)).body as Row).care_plan_last_reviewed;

/** The plan's content with one section changed. */
const changed = (content: Record<string, Row>, text = 'Weigh every morning; call if up 2 kg in 3 days') => ({
  ...content,
  symptom_management: { ...content.symptom_management, caregiver_instructions: text },
});

/** Runs a refused write and checks that it changed no plan, no revision, no patient. */
async function refused(write: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const before = await Promise.all(PLAN_TABLES.map((table) => tableFingerprint(t.app, table)));
  const answer = await write();
  expect(await Promise.all(PLAN_TABLES.map((table) => tableFingerprint(t.app, table))), `unchanged after ${JSON.stringify(answer.body)}`).toEqual(before);
  return answer;
}

const later = (a: unknown, b: unknown) => Date.parse(String(a)) > Date.parse(String(b));

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
  const name = async (email: string) => (await db().selectFrom('users').select('full_name').where('email', '=', email).executeTakeFirstOrThrow()).full_name;
  clinicianName = String(await name('clinician@northwind.demo.example'));
  adminName = String(await name('admin@northwind.demo.example'));
}, 120_000);
afterAll(async () => t?.close());

describe('the templates (GET care-plan-templates)', () => {
  test('at least the 7 templates, each with the 12 sections, with the total in Content-Range', async () => {
    const answer = await clinician.get('/api/care-plan-templates');
    expect(answer.status).toBe(200);
    const templates = answer.body as (Row & { content: Row })[];
    expect(templates.length).toBeGreaterThanOrEqual(7);
    expect(answer.headers['content-range']).toBe(`care-plan-templates 0-${templates.length - 1}/${templates.length}`);
    for (const template of templates) {
      expect(template, String(template.id)).toMatchObject({ id: expect.any(String) as unknown, name: expect.any(String) as unknown });
      expect(Object.keys(template.content).sort(), String(template.id)).toEqual([...CARE_PLAN_SECTIONS].sort());
    }
    expect(templates.map((t) => t.id)).toEqual(
      expect.arrayContaining(['heart-failure', 'copd', 'asthma', 'diabetes', 'chronic-kidney-disease', 'hypertension', 'general-monitoring']),
    );
    expect(templates.find((t) => t.id === 'heart-failure')).toMatchObject({
      name: 'Heart Failure Care Plan',
      content: HEART_FAILURE.content,
    });
  });

  test('filtered by key (id[in]) or by name (q); an unknown filter key is 422', async () => {
    const copd = await clinician.get('/api/care-plan-templates', { filter: { 'id[in]': ['copd'] } });
    expect(copd.headers['content-range']).toBe('care-plan-templates 0-0/1');
    expect((copd.body as Row[]).map((t) => t.id)).toEqual(['copd']);
    const two = await clinician.get('/api/care-plan-templates', { filter: { 'id[in]': ['copd', 'asthma', 'nope'] } });
    expect((two.body as Row[]).map((t) => t.id).sort()).toEqual(['asthma', 'copd']);
    const heart = await clinician.get('/api/care-plan-templates', { filter: { q: 'heart' } });
    expect((heart.body as Row[]).map((t) => t.id)).toEqual(['heart-failure']);
    const none = await clinician.get('/api/care-plan-templates', { filter: { 'id[in]': ['nope'] } });
    expect(none).toMatchObject({ status: 200, body: [] });
    expect(none.headers['content-range']).toBe('care-plan-templates */0');

    const unknown = await clinician.get('/api/care-plan-templates', { filter: { colour: 'red' } });
    expect(isValidationError(unknown, ['query', 'filter', 'colour']), JSON.stringify(unknown.body)).toBe(true);
    expect(isValidationError(await clinician.get('/api/care-plan-templates', { filter: { 'id[in]': 'copd' } }), ['query', 'filter', 'id[in]'])).toBe(true);
  });

  test('staff (no patients.queue): 403; no token: 401', async () => {
    expect(await staff.get('/api/care-plan-templates')).toMatchObject(FORBIDDEN);
    expect(await anonymous(t.app, 'GET', '/api/care-plan-templates')).toMatchObject({ status: 401 });
  });
});

describe('creating a plan (POST care-plans)', () => {
  test("inactive, at revision 1, with the template's name and 12 sections, of the patient's provider, added by the caller", async () => {
    const patient = await newPatient(t.app, northwind);
    const answer = await clinician.send('POST', '/api/care-plans', { patient_id: patient, care_plan_template_id: 'heart-failure', added_by: 1 });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        patient_id: patient,
        tenant_id: northwind,
        care_plan_template_id: 'heart-failure',
        plan_name: 'Heart Failure Care Plan',
        is_active: false,
        activated_at: null,
        deactivated_at: null,
        last_reviewed_at: null,
        revision: 1,
        added_by: clinicianId,
        content: HEART_FAILURE.content,
      },
    });
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'care-plans',
        record_id: String((answer.body as Plan).id),
        patient_id: patient,
        outcome: 'allowed',
      }),
    ]);
    // Creating one does not activate it: the patient has no active plan yet.
    expect(await activePlan(patient)).toMatchObject({ status: 200, body: null });
  });

  test("a blank name takes the template's; a name is trimmed", async () => {
    const patient = await newPatient(t.app, northwind);
    expect((await newPlan(patient, { plan_name: '  ' })).plan_name).toBe('Heart Failure Care Plan');
    expect((await newPlan(patient, { plan_name: null, care_plan_template_id: 'copd' })).plan_name).toBe('COPD Care Plan');
    expect((await newPlan(patient, { plan_name: '  Winter plan  ' })).plan_name).toBe('Winter plan');
  });

  test("an unknown template: 422; another provider's patient or none: 422 'The referenced record does not exist', alike; nothing written", async () => {
    const patient = await newPatient(t.app, northwind);
    const template = await refused(() => clinician.send('POST', '/api/care-plans', { patient_id: patient, care_plan_template_id: 'gout' }));
    expect(isValidationError(template, ['body', 'care_plan_template_id'])).toBe(true);
    expect(detailOf(template)[0]?.msg).toBe('Unknown care plan template');
    const missing = { status: 422, body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } };
    const lakesidePatient = await newPatient(t.app, lakeside);
    for (const patientId of [lakesidePatient, 2147483000]) {
      expect(await refused(() => clinician.send('POST', '/api/care-plans', { patient_id: patientId, care_plan_template_id: 'heart-failure' }))).toEqual(
        expect.objectContaining(missing),
      );
    }
    expect(await refused(() => lakesideAdmin.send('POST', '/api/care-plans', { patient_id: patient, care_plan_template_id: 'heart-failure' }))).toEqual(
      expect.objectContaining(missing),
    );
    expect(MISSING_REFERENCE).toBe('The referenced record does not exist');
    // The schema's own refusals.
    expect(isValidationError(await refused(() => clinician.send('POST', '/api/care-plans', { patient_id: patient })), ['body', 'care_plan_template_id'])).toBe(
      true,
    );
    expect(await refused(() => staff.send('POST', '/api/care-plans', { patient_id: patient, care_plan_template_id: 'heart-failure' }))).toMatchObject(
      FORBIDDEN,
    );
  });
});

describe('activating (POST care-plans/{id}/activate)', () => {
  test('activates the plan; activating a second deactivates the first; at most one is active; neither activates again', async () => {
    const patient = await newPatient(t.app, northwind);
    const first = await newPlan(patient);
    const activated = await activate(first.id);
    expect(activated).toMatchObject({ status: 200, body: { id: first.id, is_active: true, deactivated_at: null, revision: 1 } });
    expect(Date.parse(String((activated.body as Row).activated_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await activePlan(patient)).toMatchObject({ status: 200, body: { id: first.id, is_active: true } });

    const second = await newPlan(patient, { care_plan_template_id: 'copd' });
    const switched = await activate(second.id);
    expect(switched).toMatchObject({ status: 200, body: { id: second.id, is_active: true } });
    // Two audit rows: the second plan's activation and the first one's deactivation.
    expect(await auditOf(t.app, switched)).toEqual([
      expect.objectContaining({ action: 'update', resource: 'care-plans', record_id: String(first.id), patient_id: patient }),
      expect.objectContaining({ action: 'update', resource: 'care-plans', record_id: String(second.id), patient_id: patient }),
    ]);
    const old = await plan(first.id);
    expect(old).toMatchObject({ is_active: false });
    expect(old.deactivated_at).toEqual(expect.any(String));
    expect(await activePlan(patient)).toMatchObject({ status: 200, body: { id: second.id } });
    const actives = await clinician.get('/api/care-plans', { filter: { 'patient_id[eq]': patient, is_active: true } });
    expect((actives.body as Row[]).map((p) => p.id)).toEqual([second.id]);

    expect(await refused(() => activate(first.id))).toMatchObject({ status: 409, body: { detail: DEACTIVATED } });
    expect(await refused(() => activate(second.id))).toMatchObject({ status: 409, body: { detail: ALREADY_ACTIVE } });
  });
});

describe('reviewing without changes (POST care-plans/{id}/review)', () => {
  test("the active plan: last_reviewed_at and the patient's care_plan_last_reviewed set, the revision unchanged", async () => {
    const patient = await newPatient(t.app, northwind);
    const draft = await newPlan(patient);
    expect(await refused(() => review(draft.id))).toMatchObject({ status: 409, body: { detail: NOT_ACTIVE } });
    expect(await lastReviewed(patient)).toBeNull();

    await activate(draft.id);
    const answer = await review(draft.id);
    expect(answer).toMatchObject({ status: 200, body: { id: draft.id, revision: 1, is_active: true } });
    const reviewedAt = (answer.body as Row).last_reviewed_at;
    expect(Date.parse(String(reviewedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(String(await lastReviewed(patient)))).toBe(Date.parse(String(reviewedAt)));
    expect(await auditOf(t.app, answer)).toEqual([expect.objectContaining({ action: 'update', resource: 'care-plans', patient_id: patient })]);

    // Once deactivated, it is read only.
    await activate((await newPlan(patient)).id);
    expect(await refused(() => review(draft.id))).toMatchObject({ status: 409, body: { detail: NOT_EDITABLE } });
  });
});

describe('editing and revising (PUT care-plans/{id}, POST care-plans/{id}/revise)', () => {
  test('PUT on the active plan is a revision that counts as a review: revision 2, the content kept, last_reviewed_at moved', async () => {
    const patient = await newPatient(t.app, northwind);
    const created = await newPlan(patient);
    await activate(created.id);
    const reviewed = (await review(created.id)).body as Plan;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const content = changed(created.content);
    const answer = await admin.send('PUT', `/api/care-plans/${created.id}`, { plan_name: ' Heart failure, winter ', content });
    expect(answer).toMatchObject({ status: 200, body: { id: created.id, revision: 2, plan_name: 'Heart failure, winter', content, is_active: true } });
    const revisedAt = (answer.body as Row).last_reviewed_at;
    expect(later(revisedAt, reviewed.last_reviewed_at)).toBe(true);
    expect(Date.parse(String(await lastReviewed(patient)))).toBe(Date.parse(String(revisedAt)));
    expect(await plan(created.id)).toMatchObject({ revision: 2, content, plan_name: 'Heart failure, winter' });

    // POST revise does the same.
    const revised = await clinician.send('POST', `/api/care-plans/${created.id}/revise`, {
      plan_name: 'Heart failure',
      content: changed(content, 'Daily weights'),
    });
    expect(revised).toMatchObject({ status: 200, body: { revision: 3, plan_name: 'Heart failure' } });
    expect(later((revised.body as Row).last_reviewed_at, revisedAt)).toBe(true);

    // The history, oldest first, each change by its author.
    const history = await clinician.get(`/api/care-plans/${created.id}/revisions`);
    expect(history.status).toBe(200);
    expect((history.body as Row[]).map((r) => [r.kind, r.revision, r.author_name])).toEqual([
      ['created', 1, clinicianName],
      ['activated', 1, clinicianName],
      ['reviewed', 1, clinicianName],
      ['revised', 2, adminName],
      ['revised', 3, clinicianName],
    ]);
    expect((history.body as Row[])[3]).toMatchObject({
      care_plan_id: created.id,
      plan_name: 'Heart failure, winter',
      content,
      author_id: expect.any(Number) as unknown,
    });
    expect((history.body as Row[])[0]).toMatchObject({
      plan_name: 'Heart Failure Care Plan',
      content: HEART_FAILURE.content,
      author_id: clinicianId,
    });
    expect(await auditOf(t.app, history)).toEqual([
      expect.objectContaining({ action: 'read', resource: 'care-plans', record_id: String(created.id), patient_id: patient }),
    ]);
  });

  test('PUT on a draft is an edit: the revision moves, no review; revise on a draft is 409', async () => {
    const patient = await newPatient(t.app, northwind);
    const draft = await newPlan(patient);
    const content = changed(draft.content);
    const answer = await clinician.send('PUT', `/api/care-plans/${draft.id}`, { plan_name: 'Draft plan', content });
    expect(answer).toMatchObject({ status: 200, body: { revision: 2, plan_name: 'Draft plan', content, is_active: false, last_reviewed_at: null } });
    expect(await lastReviewed(patient)).toBeNull();
    expect(await refused(() => clinician.send('POST', `/api/care-plans/${draft.id}/revise`, { plan_name: 'Draft plan', content }))).toMatchObject({
      status: 409,
      body: { detail: NOT_ACTIVE },
    });
    const history = await clinician.get(`/api/care-plans/${draft.id}/revisions`);
    expect((history.body as Row[]).map((r) => [r.kind, r.revision])).toEqual([
      ['created', 1],
      ['edited', 2],
    ]);
  });

  test("a deactivated plan: 409 'A deactivated care plan cannot be edited', nothing changed", async () => {
    const patient = await newPatient(t.app, northwind);
    const old = await newPlan(patient);
    await activate(old.id);
    await activate((await newPlan(patient)).id);
    const body = { plan_name: 'Too late', content: changed(old.content) };
    for (const write of [
      () => clinician.send('PUT', `/api/care-plans/${old.id}`, body),
      () => clinician.send('POST', `/api/care-plans/${old.id}/revise`, body),
    ]) {
      expect(await refused(write)).toMatchObject({ status: 409, body: { detail: NOT_EDITABLE } });
    }
    expect(NOT_EDITABLE).toBe('A deactivated care plan cannot be edited');
    expect(await plan(old.id)).toMatchObject({ revision: 1, plan_name: 'Heart Failure Care Plan', content: old.content });
  });

  test('a blank name, a section missing, a section with an unknown field: 422, nothing changed', async () => {
    const patient = await newPatient(t.app, northwind);
    const created = await newPlan(patient);
    await activate(created.id);
    const { education: _education, ...withoutEducation } = created.content;
    const cases: [Row, (string | number)[], string?][] = [
      [{ plan_name: '', content: created.content }, ['body', 'plan_name'], 'Plan name is required'],
      [{ plan_name: '   ', content: created.content }, ['body', 'plan_name'], 'Plan name is required'],
      [{ content: created.content }, ['body', 'plan_name'], 'Field required'],
      [{ plan_name: 'Plan', content: withoutEducation }, ['body', 'content', 'education'], 'Field required'],
      [
        { plan_name: 'Plan', content: { ...created.content, diagnosis: { ...created.content.diagnosis, colour: 'red' } } },
        ['body', 'content', 'diagnosis', 'colour'],
      ],
      [{ plan_name: 'Plan', content: { ...created.content, extra_section: created.content.diagnosis } }, ['body', 'content', 'extra_section']],
    ];
    for (const [body, loc, message] of cases) {
      for (const path of [`/api/care-plans/${created.id}`, `/api/care-plans/${created.id}/revise`]) {
        const answer = await refused(() => clinician.send(path.endsWith('revise') ? 'POST' : 'PUT', path, body));
        expect(isValidationError(answer, loc), `${path} ${JSON.stringify(answer.body)}`).toBe(true);
        if (message) expect(detailOf(answer)[0]?.msg).toBe(message);
      }
    }
  });
});

describe("a patient's plans", () => {
  test('GET care-plans filtered by patient: newest first; the active plan, or null (200) when there is none', async () => {
    const patient = await newPatient(t.app, northwind);
    expect(await activePlan(patient)).toMatchObject({ status: 200, body: null });
    const ids: number[] = [];
    for (const template of ['heart-failure', 'copd', 'diabetes']) {
      ids.push((await newPlan(patient, { care_plan_template_id: template })).id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answer = await clinician.get('/api/care-plans', { filter: { 'patient_id[eq]': patient } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('care-plans 0-2/3');
    expect((answer.body as Row[]).map((p) => p.id)).toEqual([...ids].reverse());
    expect(await activePlan(patient)).toMatchObject({ status: 200, body: null });
    await activate(ids[1] as number);
    const active = await activePlan(patient);
    expect(active).toMatchObject({ status: 200, body: { id: ids[1], care_plan_template_id: 'copd' } });
    expect(await auditOf(t.app, active)).toEqual([expect.objectContaining({ action: 'read', resource: 'care-plans', patient_id: patient })]);
    // Under the patient too.
    const nested = await clinician.get(`/api/patients/${patient}/care-plans`);
    expect((nested.body as Row[]).map((p) => p.id)).toEqual([...ids].reverse());
  });

  test('the plans are written only by their own calls: no PATCH or DELETE of a plan', async () => {
    const patient = await newPatient(t.app, northwind);
    const created = await newPlan(patient);
    expect((await refused(() => clinician.send('PATCH', `/api/care-plans/${created.id}`, { plan_name: 'x' }))).status).toBe(404);
    expect((await refused(() => clinician.send('DELETE', `/api/care-plans/${created.id}`))).status).toBe(404);
  });
});

describe("another provider's plans", () => {
  let patient: number;
  let active: Plan;
  let draft: Plan;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
    active = await newPlan(patient);
    await activate(active.id);
    draft = await newPlan(patient);
  });

  test("Lakeside's admin: 404 for every call on a Northwind plan, as for a plan that does not exist; nothing changed", async () => {
    const body = { plan_name: 'Taken over', content: active.content };
    for (const id of [active.id, draft.id, 2147483000]) {
      const calls: [string, () => Promise<ApiAnswer>][] = [
        ['read', () => lakesideAdmin.get(`/api/care-plans/${id}`)],
        ['activate', () => activate(id, lakesideAdmin)],
        ['review', () => review(id, lakesideAdmin)],
        ['put', () => lakesideAdmin.send('PUT', `/api/care-plans/${id}`, body)],
        ['revise', () => lakesideAdmin.send('POST', `/api/care-plans/${id}/revise`, body)],
        ['revisions', () => lakesideAdmin.get(`/api/care-plans/${id}/revisions`)],
      ];
      for (const [name, call] of calls) expect(await refused(call), `${name} ${id}`).toEqual(expect.objectContaining(NOT_FOUND));
    }
    expect(await lakesideAdmin.get('/api/care-plans', { filter: { 'patient_id[eq]': patient } })).toMatchObject({ status: 200, body: [] });
    expect(await activePlan(patient, lakesideAdmin)).toMatchObject(NOT_FOUND);
    expect(await activePlan(2147483000)).toMatchObject(NOT_FOUND);
  });

  test('staff (no patients.queue): 403 for every call; no token: 401', async () => {
    const body = { plan_name: 'Staff plan', content: active.content };
    for (const call of [
      () => staff.get(`/api/care-plans/${active.id}`),
      () => staff.get('/api/care-plans', { filter: { 'patient_id[eq]': patient } }),
      () => activate(draft.id, staff),
      () => review(active.id, staff),
      () => staff.send('PUT', `/api/care-plans/${active.id}`, body),
      () => staff.send('POST', `/api/care-plans/${active.id}/revise`, body),
      () => staff.get(`/api/care-plans/${active.id}/revisions`),
      () => activePlan(patient, staff),
    ]) {
      expect(await refused(call)).toMatchObject(FORBIDDEN);
    }
    expect(await anonymous(t.app, 'POST', `/api/care-plans/${draft.id}/activate`)).toMatchObject({ status: 401 });
    expect(await anonymous(t.app, 'GET', `/api/patients/${patient}/active-care-plan`)).toMatchObject({ status: 401 });
  });

  test('the templates are the same for every provider', async () => {
    const theirs = await lakesideAdmin.get('/api/care-plan-templates');
    expect((theirs.body as Row[]).map((t) => t.id)).toEqual(CARE_PLAN_TEMPLATES.map((t) => t.key));
  });
});
