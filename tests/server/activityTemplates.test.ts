import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACTIVITY_TEXTS, DEFAULT_ACTIVITY_CONFIG, TEMPLATE_TRANSITIONS, TRIGGER_CUES } from '../../src/domain/clinicalActivities';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let superadmin: Client;
let providerAdmin: Client;
let providerClinician: Client;
let internalClinician: Client;
let staff: Client;
const db = () => t.app.db;

const KEY_RULE = 'Must be lowercase, unique and separated by underscores';
const MISSING = 'The referenced record does not exist';
const NEVER_CHANGES = 'A published template never changes: clone it to make a new draft';
const ALREADY_PUBLISHED = 'The template is already published';
const ONLY_DRAFTS = 'Only drafts can be deleted';
const STILL_USED = 'The record is still in use by other records.';
const PUBLISHED_STEPS_ONLY = 'A published activity may only use published steps';
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };

const A = '/api/activity-templates';
const S = '/api/step-templates';
let serial = 0;
/** A unique title, so that searches in a shared database find only this test's rows. */
const unique = (text: string) => `${text} ${++serial}-${Date.now().toString(36)}`;

/** A valid step template body: one yes/no with a follow-up shown on yes. */
const stepBody = (extra: Row = {}): Row => ({
  step_key: `step_${++serial}`,
  step_title: unique('Symptoms'),
  step_description: 'How the week went',
  expected_time_range: { min: 300, max: 600 },
  monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
  activity_items_json: [
    { item_id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no' },
    { item_id: 'breath_details', text: 'Since when?', type: 'text', enabled_when: [{ item_id: 'short_of_breath', value: 'true' }] },
  ],
  ...extra,
});

const activityBody = (stepIds: number[], extra: Row = {}): Row => ({
  activity_title: unique('Weekly check-in'),
  activity_description: 'A test activity',
  estimated_duration: 10,
  steps: stepIds.map((id, i) => ({ step_number: i + 1, step_template_id: id })),
  ...extra,
});

const body = (answer: ApiAnswer) => answer.body as Row;
const ok = (answer: ApiAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return body(answer);
};

async function createStep(extra: Row = {}, publish = false): Promise<Row> {
  const created = ok(await admin.send('POST', S, stepBody(extra)), 201);
  return publish ? ok(await admin.send('POST', `${S}/${String(created.id)}/promote`)) : created;
}
async function createActivity(stepIds: number[], extra: Row = {}): Promise<Row> {
  return ok(await admin.send('POST', A, activityBody(stepIds, extra)), 201);
}
const rowOf = (table: 'activity_templates' | 'step_templates', id: number) => db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = (resource: string, id: number) =>
  db()
    .selectFrom('audit_logs')
    .select(['action', 'tenant_id', 'patient_id', 'actor_role'])
    .where('resource', '=', resource)
    .where('record_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  [admin, superadmin, providerAdmin, providerClinician, internalClinician, staff] = await Promise.all([
    clientFor(t.app, 'internal.admin@demo.example'),
    clientFor(t.app, 'superadmin@demo.example'),
    clientFor(t.app, 'admin@northwind.demo.example'),
    clientFor(t.app, 'clinician@northwind.demo.example'),
    clientFor(t.app, 'internal.clinician@demo.example'),
    clientFor(t.app, 'staff@northwind.demo.example'),
  ]);
});
afterAll(async () => t?.close());

describe('the seeded templates', () => {
  test('four published, recommended activities for the primary conditions and one draft, each with its published steps', async () => {
    const published = await admin.get(A, { filter: { 'is_draft[eq]': false, 'is_latest[eq]': true }, sort: 'activity_title', order: 'asc' });
    const rows = ok(published) as unknown as Row[];
    expect(rows.map((r) => r.activity_title)).toEqual([
      'Asthma control check-in',
      'COPD weekly check-in',
      'Diabetes monthly review',
      'Heart failure weekly check-in',
    ]);
    expect(published.headers['content-range']).toBe('activity-templates 0-3/4');
    expect(rows.every((r) => r.steps_count === 2 && r.is_enabled === true && r.version_number === 1)).toBe(true);
    const cues = rows.map((r) => (r.activity_config_json as typeof DEFAULT_ACTIVITY_CONFIG).recommendation);
    expect(cues.map((c) => [c.enabled, c.trigger_cues])).toEqual([
      [true, ['condition_asthma']],
      [true, ['condition_copd']],
      [true, ['condition_diabetes']],
      [true, ['condition_heart_failure']],
    ]);
    const drafts = ok(await admin.get(A, { filter: { 'is_draft[eq]': true, q: 'General wellbeing' } })) as unknown as Row[];
    expect(drafts.map((r) => r.activity_title)).toEqual(['General wellbeing check-in']);

    const copd = ok(await admin.get(`${A}/${String(rows[1]!.id)}`));
    const steps = copd.activity_template_steps as { step_number: number; step_template: Row }[];
    expect(steps.map((s) => [s.step_number, s.step_template.step_key, s.step_template.is_draft])).toEqual([
      [1, 'copd_breathing', false],
      [2, 'copd_readings', false],
    ]);
    const items = steps[0]!.step_template.activity_items_json as Row[];
    expect(items.find((i) => i.item_id === 'breathing_change')).toMatchObject({
      type: 'dropdown',
      enabled_when: [{ item_id: 'breathing_worse', value: 'true' }],
    });
    expect(items.find((i) => i.item_id === 'sputum_change')).toMatchObject({ resource_creation: { resource_type: 'tasks', value: true } });
    const diabetes = ok(await admin.get(`${A}/${String(rows[2]!.id)}`));
    const types = (diabetes.activity_template_steps as { step_template: { monitoring_activity_rules: { monitoring_types: string[] } } }[]).map(
      (s) => s.step_template.monitoring_activity_rules.monitoring_types,
    );
    expect(types).toEqual([['ccm_99490_99439'], ['ccm_99490_99439']]);
  });

  test('a seeded published template sent back as read is accepted and stays as it was', async () => {
    const [copd] = ok(await admin.get(A, { filter: { q: 'COPD weekly', 'is_draft[eq]': false } })) as unknown as Row[];
    const read = ok(await admin.get(`${A}/${String(copd!.id)}`));
    const before = await rowOf('activity_templates', read.id as number);
    expect(ok(await admin.send('PUT', `${A}/${String(read.id)}`, read))).toEqual(read);
    expect(await rowOf('activity_templates', read.id as number)).toEqual(before);
    const step = (read.activity_template_steps as { step_template: Row }[])[0]!.step_template;
    expect(ok(await admin.send('PUT', `${S}/${String(step.id)}`, step))).toEqual(step);
  });
});

describe('lists', () => {
  test('newest first, 10 a page, with the total in Content-Range; title search, Enabled and draft filters', async () => {
    const step = await createStep({}, true);
    // More than a page: the seeded five and these ten.
    for (let i = 0; i < 8; i++) await createActivity([step.id as number]);
    const first = await createActivity([step.id as number], { activity_title: unique('Zebra list check') });
    const second = await createActivity([step.id as number], { activity_title: unique('zebra LIST check'), is_enabled: false });

    const all = await admin.get(A);
    expect(all.status).toBe(200);
    const page = all.body as Row[];
    expect(page.length).toBe(10);
    expect(page.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(all.headers['content-range']).toMatch(/^activity-templates 0-9\/\d+$/);

    const search = ok(await admin.get(A, { filter: { q: 'ZEBRA list' } })) as unknown as Row[];
    expect(search.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(search[0]).toMatchObject({ steps_count: 1, is_draft: true, is_latest: true });
    expect(search[0]).not.toHaveProperty('activity_template_steps');
    const enabled = ok(await admin.get(A, { filter: { q: 'zebra list', 'is_enabled[eq]': false } })) as unknown as Row[];
    expect(enabled.map((r) => r.id)).toEqual([second.id]);
    const paged = await admin.get(A, { filter: { q: 'zebra list' }, skip: '1', limit: '1' });
    expect((paged.body as Row[]).map((r) => r.id)).toEqual([first.id]);
    expect(paged.headers['content-range']).toBe('activity-templates 1-1/2');
    const none = await admin.get(A, { filter: { q: 'zebra list', 'is_draft[eq]': false } });
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('activity-templates */0');

    expect(isValidationError(await admin.get(A, { filter: { 'nope[eq]': 1 } }), ['query', 'filter', 'nope[eq]'])).toBe(true);
    expect(isValidationError(await admin.get(A, { filter: { 'is_latest[eq]': 'maybe' } }), ['query', 'filter', 'is_latest[eq]'])).toBe(true);
    expect(isValidationError(await admin.get(A, { sort: 'activity_config_json' }), ['query', 'sort'])).toBe(true);
    expect(isValidationError(await admin.get(A, { limit: '501' }), ['query', 'limit'])).toBe(true);
  });

  test("the builder's step picker: latest versions, 100 a page; a step is found by title or key", async () => {
    const step = await createStep({ step_key: 'picker_probe_key' });
    const picker = await admin.get(S, { filter: { 'is_latest[eq]': true }, skip: '0', limit: '100' });
    const rows = ok(picker) as unknown as Row[];
    expect(rows.every((r) => r.is_latest === true)).toBe(true);
    expect(rows.map((r) => r.id)).toContain(step.id);
    expect(rows.map((r) => r.step_key)).toEqual(expect.arrayContaining(['copd_breathing', 'hf_symptoms', 'general_wellbeing']));
    expect(ok(await admin.get(S, { filter: { q: 'PICKER_probe' } }))).toEqual([expect.objectContaining({ id: step.id, step_key: 'picker_probe_key' })]);
    const published = ok(await admin.get(S, { filter: { 'is_draft[eq]': false, 'step_key[eq]': 'copd_readings' } })) as unknown as Row[];
    expect(published.map((r) => r.step_title)).toEqual(['Readings and inhalers']);
  });
});

describe('who may call', () => {
  test('signed out: 401 on every call', async () => {
    for (const [method, url] of [
      ['GET', A],
      ['GET', `${A}/1`],
      ['GET', `${A}/trigger-cues`],
      ['POST', A],
      ['PUT', `${A}/1`],
      ['DELETE', `${A}/1`],
      ['POST', `${A}/1/clone`],
      ['POST', `${A}/1/promote`],
      ['POST', `${A}/1/preview-notes`],
      ['GET', S],
      ['POST', `${S}/1/promote`],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect([url, answer.statusCode]).toEqual([url, 401]);
    }
  });

  test('provider roles do not build templates; internal clinicians and billing admins do not write them', async () => {
    const step = await createStep();
    const activity = await createActivity([step.id as number]);
    const billing = await clientFor(t.app, 'internal.billing@demo.example');
    const before = await tableFingerprint(t.app, 'activity_templates');
    for (const client of [providerAdmin, providerClinician, staff]) {
      expect(await client.get(A)).toMatchObject(FORBIDDEN);
      expect(await client.get(S)).toMatchObject(FORBIDDEN);
      expect(await client.get(`${A}/trigger-cues`)).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', `${A}/${String(activity.id)}/preview-notes`, { data_json: {} })).toMatchObject(FORBIDDEN);
    }
    for (const client of [providerAdmin, internalClinician, billing]) {
      expect(await client.send('POST', A, activityBody([step.id as number]))).toMatchObject(FORBIDDEN);
      expect(await client.send('PUT', `${A}/${String(activity.id)}`, activityBody([step.id as number], { activity_config_json: {} }))).toMatchObject(FORBIDDEN);
      expect(await client.send('DELETE', `${A}/${String(activity.id)}`)).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', `${A}/${String(activity.id)}/clone`)).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', `${A}/${String(activity.id)}/promote`)).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', S, stepBody())).toMatchObject(FORBIDDEN);
      expect(await client.send('POST', `${S}/${String(step.id)}/promote`)).toMatchObject(FORBIDDEN);
      expect(await client.send('DELETE', `${S}/${String(step.id)}`)).toMatchObject(FORBIDDEN);
    }
    // Staff run no activities: not even a published template is theirs to read.
    expect(await staff.get(`${A}/${String(activity.id)}`)).toMatchObject(FORBIDDEN);
    expect(await tableFingerprint(t.app, 'activity_templates')).toBe(before);
  });

  test('a clinician reads a published template and its steps; a draft is 404 to them', async () => {
    const [copd] = ok(await admin.get(A, { filter: { q: 'COPD weekly', 'is_draft[eq]': false } })) as unknown as Row[];
    for (const clinician of [providerClinician, internalClinician]) {
      const read = ok(await clinician.get(`${A}/${String(copd!.id)}`));
      expect(read.activity_title).toBe('COPD weekly check-in');
      const stepId = (read.activity_template_steps as { step_template_id: number }[])[0]!.step_template_id;
      expect(ok(await clinician.get(`${S}/${String(stepId)}`)).step_key).toBe('copd_breathing');
    }
    const draftStep = await createStep();
    const draft = await createActivity([draftStep.id as number]);
    expect(await providerClinician.get(`${A}/${String(draft.id)}`)).toMatchObject(NOT_FOUND);
    expect(await providerClinician.get(`${S}/${String(draftStep.id)}`)).toMatchObject(NOT_FOUND);
    expect(ok(await admin.get(`${A}/${String(draft.id)}`)).is_draft).toBe(true);
    expect(ok(await superadmin.get(`${S}/${String(draftStep.id)}`)).is_draft).toBe(true);
  });

  test('an unknown id is 404 on every call; a malformed one 422 at the path', async () => {
    for (const [method, url] of [
      ['GET', `${A}/999999`],
      ['PUT', `${A}/999999`],
      ['DELETE', `${A}/999999`],
      ['POST', `${A}/999999/clone`],
      ['POST', `${A}/999999/promote`],
      ['POST', `${A}/999999/preview-notes`],
      ['GET', `${S}/999999`],
      ['PUT', `${S}/999999`],
      ['DELETE', `${S}/999999`],
      ['POST', `${S}/999999/clone`],
      ['POST', `${S}/999999/promote`],
    ] as const) {
      const payload =
        method === 'PUT'
          ? url.startsWith(A)
            ? activityBody([1], { activity_config_json: {} })
            : stepBody()
          : url.endsWith('preview-notes')
            ? { data_json: {} }
            : undefined;
      const answer = method === 'GET' ? await admin.get(url) : await admin.send(method, url, payload);
      expect([url, answer.status, answer.body]).toEqual([url, 404, { detail: 'Not found' }]);
    }
    expect(isValidationError(await admin.get(`${A}/abc`), ['path', 'id'])).toBe(true);
    expect(isValidationError(await admin.send('POST', `${S}/1e3/promote`), ['path', 'id'])).toBe(true);
  });
});

describe('step templates', () => {
  test('a new step is version 1 of a new family, a draft and latest; the write is audited without tenant or patient', async () => {
    const created = await admin.send('POST', S, stepBody({ step_title: '  Breathing  ', step_description: '   ' }));
    const step = ok(created, 201);
    expect(step).toMatchObject({
      step_template_family_id: step.id,
      version_number: 1,
      is_draft: true,
      is_latest: true,
      step_title: 'Breathing',
      step_description: null,
    });
    expect(await auditRows('step-templates', step.id as number)).toEqual([
      { action: 'create', tenant_id: null, patient_id: null, actor_role: 'internal_admin' },
    ]);
    // Items may be left out on create: none yet.
    const bare = ok(await admin.send('POST', S, { ...stepBody(), activity_items_json: undefined }), 201);
    expect(bare.activity_items_json).toEqual([]);
  });

  test("the builder's rules answer one 422 at every broken field, and nothing is written", async () => {
    const before = await tableFingerprint(t.app, 'step_templates');
    const badKey = await admin.send('POST', S, stepBody({ step_key: 'Bad Key' }));
    expect(isValidationError(badKey, ['body', 'step_key'])).toBe(true);
    expect(body(badKey).detail).toEqual([{ loc: ['body', 'step_key'], msg: KEY_RULE, type: 'value_error' }]);

    const items = [
      { item_id: 'same', text: 'One', type: 'yes_no' },
      { item_id: 'same', text: 'Two', type: 'dropdown', options: [] },
      { item_id: 'later', text: 'Three', type: 'text', enabled_when: [{ item_id: 'nowhere', value: 'x' }] },
    ];
    const many = await admin.send('POST', S, stepBody({ step_title: '  ', expected_time_range: { min: 600, max: 60 }, activity_items_json: items }));
    expect(many.status).toBe(422);
    expect(body(many).detail).toEqual([
      { loc: ['body', 'step_title'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'expected_time_range', 'max'], msg: 'The maximum time must not be less than the minimum', type: 'value_error' },
      { loc: ['body', 'activity_items_json', 1, 'item_id'], msg: KEY_RULE, type: 'value_error' },
      { loc: ['body', 'activity_items_json', 1, 'options'], msg: 'Add at least one option', type: 'value_error' },
      { loc: ['body', 'activity_items_json', 2, 'enabled_when', 0, 'item_id'], msg: 'Must name an earlier item of this step', type: 'value_error' },
    ]);
    // The JSON Schema: types, enums, required and unknown fields, at the field.
    expect(
      isValidationError(await admin.send('POST', S, stepBody({ expected_time_range: { min: -1, max: 10 } })), ['body', 'expected_time_range', 'min']),
    ).toBe(true);
    expect(isValidationError(await admin.send('POST', S, { ...stepBody(), expected_time_range: undefined }), ['body', 'expected_time_range'])).toBe(true);
    const unknownType = stepBody({ activity_items_json: [{ item_id: 'a', text: 'A', type: 'essay' }] });
    expect(isValidationError(await admin.send('POST', S, unknownType), ['body', 'activity_items_json', 0, 'type'])).toBe(true);
    const extra = await admin.send('POST', S, stepBody({ version_number: 3 }));
    expect(body(extra).detail).toEqual([{ loc: ['body', 'version_number'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }]);
    const creation = stepBody({
      activity_items_json: [
        { item_id: 'fall', text: 'Fallen?', type: 'yes_no', resource_creation: { resource_type: 'tasks', value: true, reference_field: 'fall' } },
      ],
    });
    expect(isValidationError(await admin.send('POST', S, creation), ['body', 'activity_items_json', 0, 'resource_creation', 'display_text'])).toBe(true);
    expect(await tableFingerprint(t.app, 'step_templates')).toBe(before);
  });

  test('a draft is edited; promoted it never changes again; a clone is the next draft; promote again is 409', async () => {
    const step = await createStep();
    const id = step.id as number;
    const edited = ok(await admin.send('PUT', `${S}/${String(id)}`, { ...step, step_title: 'Edited title', expected_time_range: { min: 60, max: 120 } }));
    expect(edited).toMatchObject({ id, step_title: 'Edited title', expected_time_range: { min: 60, max: 120 }, version_number: 1, is_draft: true });
    expect(isValidationError(await admin.send('PUT', `${S}/${String(id)}`, { ...edited, step_key: 'NO' }), ['body', 'step_key'])).toBe(true);

    const promoted = ok(await admin.send('POST', `${S}/${String(id)}/promote`));
    expect(promoted).toMatchObject({ id, is_draft: false, is_latest: true });
    const stored = await rowOf('step_templates', id);
    expect(await admin.send('PUT', `${S}/${String(id)}`, { ...promoted, step_title: 'Changed after publishing' })).toMatchObject({
      status: 409,
      body: { detail: NEVER_CHANGES },
    });
    expect(await admin.send('POST', `${S}/${String(id)}/promote`)).toMatchObject({ status: 409, body: { detail: ALREADY_PUBLISHED } });
    expect(await admin.send('DELETE', `${S}/${String(id)}`)).toMatchObject({ status: 409, body: { detail: ONLY_DRAFTS } });
    // Sent back as read, in another key order and with null for a missing key: the same content.
    const reordered = Object.fromEntries(Object.entries(promoted).reverse());
    const items = (promoted.activity_items_json as Row[]).map((item) => ({ prompt: null, ...item }));
    expect(ok(await admin.send('PUT', `${S}/${String(id)}`, { ...reordered, activity_items_json: items }))).toEqual(promoted);
    expect(await rowOf('step_templates', id)).toEqual(stored);

    const clone = ok(await admin.send('POST', `${S}/${String(id)}/clone`), 201);
    expect(clone).toMatchObject({ step_template_family_id: id, version_number: 2, is_draft: true, is_latest: false, step_title: 'Edited title' });
    ok(await admin.send('PUT', `${S}/${String(clone.id)}`, { ...clone, step_title: 'Version two' }));
    expect(await rowOf('step_templates', id)).toEqual(stored);
    const promotedTwo = ok(await admin.send('POST', `${S}/${String(clone.id)}/promote`));
    expect(promotedTwo).toMatchObject({ version_number: 2, is_latest: true });
    expect(ok(await admin.get(`${S}/${String(id)}`)).is_latest).toBe(false);
    expect(await auditRows('step-templates', clone.id as number)).toEqual([
      expect.objectContaining({ action: 'create' }),
      expect.objectContaining({ action: 'update' }),
      expect.objectContaining({ action: 'update' }),
    ]);
  });

  test('a draft step is deleted unless an activity names it; the family keeps one latest', async () => {
    const step = await createStep({}, true);
    const draft = ok(await admin.send('POST', `${S}/${String(step.id)}/clone`), 201);
    const used = await createActivity([draft.id as number]);
    expect(await admin.send('DELETE', `${S}/${String(draft.id)}`)).toMatchObject({ status: 409, body: { detail: STILL_USED } });
    ok(await admin.send('DELETE', `${A}/${String(used.id)}`));
    const deleted = ok(await admin.send('DELETE', `${S}/${String(draft.id)}`));
    expect(deleted).toMatchObject({ id: draft.id, version_number: 2 });
    expect(await admin.get(`${S}/${String(draft.id)}`)).toMatchObject(NOT_FOUND);
    expect(ok(await admin.get(`${S}/${String(step.id)}`)).is_latest).toBe(true);

    // A family of drafts: the newest draft is latest, and the previous one again once it is deleted.
    const first = await createStep();
    const second = ok(await admin.send('POST', `${S}/${String(first.id)}/clone`), 201);
    expect(second.is_latest).toBe(true);
    expect(ok(await admin.get(`${S}/${String(first.id)}`)).is_latest).toBe(false);
    ok(await admin.send('DELETE', `${S}/${String(second.id)}`));
    expect(ok(await admin.get(`${S}/${String(first.id)}`)).is_latest).toBe(true);
    expect(await auditRows('step-templates', second.id as number)).toEqual([
      expect.objectContaining({ action: 'create' }),
      expect.objectContaining({ action: 'delete' }),
    ]);
  });
});

describe('activity templates', () => {
  test('a new activity: version 1 of a new family, a draft with its steps in order; the configuration defaults to the domain’s', async () => {
    const [one, two] = [await createStep({}, true), await createStep()];
    const created = await createActivity([two.id as number, one.id as number], {
      steps: [
        { step_number: 2, step_template_id: one.id },
        { step_number: 1, step_template_id: two.id },
      ],
    });
    expect(created).toMatchObject({ activity_template_family_id: created.id, version_number: 1, is_draft: true, is_latest: true, is_enabled: true });
    expect(created.activity_config_json).toEqual(DEFAULT_ACTIVITY_CONFIG);
    expect((created.activity_template_steps as Row[]).map((s) => [s.step_number, s.step_template_id, (s.step_template as Row).step_key])).toEqual([
      [1, two.id, two.step_key],
      [2, one.id, one.step_key],
    ]);
    expect(await auditRows('activity-templates', created.id as number)).toEqual([
      { action: 'create', tenant_id: null, patient_id: null, actor_role: 'internal_admin' },
    ]);

    const partial = await createActivity([one.id as number], { activity_config_json: { recommendation: { enabled: true, trigger_cues: ['condition_copd'] } } });
    expect(partial.activity_config_json).toEqual({
      ...DEFAULT_ACTIVITY_CONFIG,
      recommendation: { ...DEFAULT_ACTIVITY_CONFIG.recommendation, enabled: true, trigger_cues: ['condition_copd'] },
    });
  });

  test('bad bodies: 422 at the field, the missing step, the domain’s problems; nothing is written', async () => {
    const step = await createStep({}, true);
    const before = await tableFingerprint(t.app, 'activity_templates');
    const missing = await admin.send('POST', A, activityBody([step.id as number, 999999]));
    expect(body(missing).detail).toEqual([{ loc: ['body', 'steps', 1, 'step_template_id'], msg: MISSING, type: 'foreign_key' }]);
    expect(isValidationError(await admin.send('POST', A, activityBody([])), ['body', 'steps'])).toBe(true);
    expect(body(await admin.send('POST', A, activityBody([]))).detail).toEqual([{ loc: ['body', 'steps'], msg: 'Add at least one step', type: 'value_error' }]);
    const twice = await admin.send('POST', A, activityBody([step.id as number, step.id as number]));
    expect(body(twice).detail).toEqual([{ loc: ['body', 'steps'], msg: 'Two steps of an activity may not share a step key', type: 'value_error' }]);
    const gap = await admin.send('POST', A, activityBody([], { steps: [{ step_number: 2, step_template_id: step.id }] }));
    expect(body(gap).detail).toEqual([{ loc: ['body', 'steps'], msg: 'Steps must be numbered 1, 2, 3… without gaps', type: 'value_error' }]);
    const priority = await admin.send('POST', A, activityBody([step.id as number], { activity_config_json: { recommendation: { priority_score: 150 } } }));
    expect(isValidationError(priority, ['body', 'activity_config_json', 'recommendation', 'priority_score'])).toBe(true);
    expect(isValidationError(await admin.send('POST', A, activityBody([step.id as number], { activity_title: ' ' })), ['body', 'activity_title'])).toBe(true);
    const period = { scheduling: { frequency_limit: { limit_type: 'period', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' } } };
    const noPeriodType = await admin.send('POST', A, activityBody([step.id as number], { activity_config_json: period }));
    expect(isValidationError(noPeriodType, ['body', 'activity_config_json', 'scheduling', 'frequency_limit', 'period_type'])).toBe(true);
    const total = { scheduling: { frequency_limit: { limit_type: 'total', total_occurrences_limit: 0 } } };
    expect(
      isValidationError(await admin.send('POST', A, activityBody([step.id as number], { activity_config_json: total })), [
        'body',
        'activity_config_json',
        'scheduling',
        'frequency_limit',
        'total_occurrences_limit',
      ]),
    ).toBe(true);
    const cue = { recommendation: { trigger_cues: ['full_moon'] } };
    expect(
      isValidationError(await admin.send('POST', A, activityBody([step.id as number], { activity_config_json: cue })), [
        'body',
        'activity_config_json',
        'recommendation',
        'trigger_cues',
        0,
      ]),
    ).toBe(true);
    expect(isValidationError(await admin.send('POST', A, activityBody([step.id as number], { is_draft: false })), ['body', 'is_draft'])).toBe(true);
    expect(await tableFingerprint(t.app, 'activity_templates')).toBe(before);
  });

  test('versions: edit a draft, promote, a published version never changes (but Enabled), clone to v2, promote v2 moves latest', async () => {
    const [one, two] = [await createStep({}, true), await createStep({}, true)];
    const v1 = await createActivity([one.id as number]);
    const id = v1.id as number;
    const edited = ok(
      await admin.send('PUT', `${A}/${String(id)}`, {
        ...v1,
        activity_title: 'Heart check, first version',
        steps: [
          { step_number: 1, step_template_id: one.id },
          { step_number: 2, step_template_id: two.id },
        ],
      }),
    );
    expect(edited).toMatchObject({ activity_title: 'Heart check, first version', version_number: 1, is_draft: true });
    expect((edited.activity_template_steps as Row[]).map((s) => s.step_template_id)).toEqual([one.id, two.id]);
    // Leaving steps out keeps them.
    expect((ok(await admin.send('PUT', `${A}/${String(id)}`, { ...edited, estimated_duration: 12 })).activity_template_steps as Row[]).length).toBe(2);

    const published = ok(await admin.send('POST', `${A}/${String(id)}/promote`));
    expect(published).toMatchObject({ id, is_draft: false, is_latest: true, estimated_duration: 12 });
    const stored = await rowOf('activity_templates', id);

    const changes: Row[] = [
      { activity_title: 'Changed' },
      { activity_description: 'Changed' },
      { estimated_duration: 30 },
      { activity_config_json: { ...DEFAULT_ACTIVITY_CONFIG, is_essential: true } },
      { steps: [{ step_number: 1, step_template_id: one.id }] },
      { activity_title: 'Changed', is_enabled: false },
    ];
    for (const change of changes) {
      expect(await admin.send('PUT', `${A}/${String(id)}`, { ...published, ...change })).toMatchObject({ status: 409, body: { detail: NEVER_CHANGES } });
    }
    expect(await rowOf('activity_templates', id)).toEqual(stored);
    expect(NEVER_CHANGES).toBe((TEMPLATE_TRANSITIONS.published.update as { refused: string }).refused);
    expect(await admin.send('POST', `${A}/${String(id)}/promote`)).toMatchObject({ status: 409, body: { detail: ALREADY_PUBLISHED } });
    expect(await admin.send('DELETE', `${A}/${String(id)}`)).toMatchObject({ status: 409, body: { detail: ONLY_DRAFTS } });

    // The Enabled switch is no content: it changes on a published version, and nothing else does.
    const disabled = ok(await admin.send('PUT', `${A}/${String(id)}`, { ...published, is_enabled: false }));
    expect(disabled).toEqual({ ...published, is_enabled: false, updated_at: disabled.updated_at });
    expect(ok(await admin.get(A, { filter: { 'id[eq]': id, 'is_enabled[eq]': false } }))).toHaveLength(1);
    const enabled = ok(await admin.send('PUT', `${A}/${String(id)}`, { ...disabled, is_enabled: true }));
    expect(enabled.is_enabled).toBe(true);

    const v2 = ok(await admin.send('POST', `${A}/${String(id)}/clone`), 201);
    expect(v2).toMatchObject({
      activity_template_family_id: id,
      version_number: 2,
      is_draft: true,
      is_latest: false,
      activity_title: 'Heart check, first version',
    });
    expect((v2.activity_template_steps as Row[]).map((s) => s.step_template_id)).toEqual([one.id, two.id]);
    ok(
      await admin.send('PUT', `${A}/${String(v2.id)}`, {
        ...v2,
        activity_title: 'Heart check, second version',
        steps: [{ step_number: 1, step_template_id: two.id }],
      }),
    );
    const v1Now = ok(await admin.get(`${A}/${String(id)}`));
    expect(v1Now).toMatchObject({ activity_title: 'Heart check, first version', is_latest: true, is_draft: false });
    expect((v1Now.activity_template_steps as Row[]).map((s) => s.step_template_id)).toEqual([one.id, two.id]);

    const family = { 'activity_template_family_id[eq]': id };
    const latestBefore = ok(await admin.get(A, { filter: { ...family, 'is_latest[eq]': true } })) as unknown as Row[];
    expect(latestBefore.map((r) => r.version_number)).toEqual([1]);
    ok(await admin.send('POST', `${A}/${String(v2.id)}/promote`));
    const latestAfter = ok(await admin.get(A, { filter: { ...family, 'is_latest[eq]': true } })) as unknown as Row[];
    expect(latestAfter.map((r) => [r.version_number, r.activity_title])).toEqual([[2, 'Heart check, second version']]);
    expect(ok(await admin.get(`${A}/${String(id)}`)).is_latest).toBe(false);

    // Cloning an older version still takes the family's next number; deleting that draft leaves v2 latest.
    const v3 = ok(await admin.send('POST', `${A}/${String(id)}/clone`), 201);
    expect(v3).toMatchObject({ version_number: 3, is_latest: false, activity_title: 'Heart check, first version' });
    expect(ok(await admin.send('DELETE', `${A}/${String(v3.id)}`))).toMatchObject({ id: v3.id, version_number: 3 });
    expect(await admin.get(`${A}/${String(v3.id)}`)).toMatchObject(NOT_FOUND);
    expect((ok(await admin.get(A, { filter: { ...family, 'is_latest[eq]': true } })) as unknown as Row[]).map((r) => r.version_number)).toEqual([2]);
    expect(await auditRows('activity-templates', v3.id as number)).toEqual([
      expect.objectContaining({ action: 'create' }),
      expect.objectContaining({ action: 'delete' }),
    ]);
  });

  test('promote refuses draft steps (422 at the step) and keeps the template a draft', async () => {
    const [published, draft] = [await createStep({}, true), await createStep()];
    const activity = await createActivity([published.id as number, draft.id as number]);
    const refused = await admin.send('POST', `${A}/${String(activity.id)}/promote`);
    expect(refused).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'steps', 1, 'step_template_id'], msg: PUBLISHED_STEPS_ONLY, type: 'value_error' }] },
    });
    expect(ok(await admin.get(`${A}/${String(activity.id)}`))).toMatchObject({ is_draft: true });
    ok(await admin.send('POST', `${S}/${String(draft.id)}/promote`));
    expect(ok(await admin.send('POST', `${A}/${String(activity.id)}/promote`)).is_draft).toBe(false);
  });

  test('a draft that a run names is not deleted', async () => {
    const step = await createStep();
    const activity = await createActivity([step.id as number]);
    const patient = await db().selectFrom('patients').select(['id', 'tenant_id']).orderBy('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('clinical_activity_instances')
      .values({ tenant_id: patient.tenant_id, patient_id: patient.id, title: 'Run', status: 'draft', activity_template_id: activity.id as number })
      .execute();
    expect(await admin.send('DELETE', `${A}/${String(activity.id)}`)).toMatchObject({ status: 409, body: { detail: STILL_USED } });
    expect(ok(await admin.get(`${A}/${String(activity.id)}`)).id).toBe(activity.id);
  });
});

describe('preview notes', () => {
  test('one note per step and monitoring type with the step’s time split, only enabled answers; consolidated by type when configured', async () => {
    const symptoms = await createStep({
      step_key: 'pv_symptoms',
      step_title: 'Symptoms',
      monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458', 'ccm_99490_99439'] },
      activity_items_json: [
        { item_id: 'short_of_breath', text: 'Short of breath?', type: 'yes_no' },
        { item_id: 'breath_details', text: 'Since when?', type: 'text', enabled_when: [{ item_id: 'short_of_breath', value: 'true' }] },
        { item_id: 'systolic', text: 'Systolic', type: 'number', unit: 'mmHg' },
      ],
    });
    const readings = await createStep({
      step_key: 'pv_readings',
      step_title: 'Readings',
      monitoring_activity_rules: { create_note: true, monitoring_types: ['rpm_99457_99458'] },
      activity_items_json: [{ item_id: 'weight_ok', text: 'Weight stable?', type: 'yes_no' }],
    });
    const silent = await createStep({ step_key: 'pv_silent', monitoring_activity_rules: { create_note: false, monitoring_types: [] } });
    const activity = await createActivity([symptoms.id as number, readings.id as number, silent.id as number], { activity_title: 'Preview check' });
    const url = `${A}/${String(activity.id)}/preview-notes`;
    const data_json = {
      pv_symptoms: { time_taken: 301, answers: { short_of_breath: false, breath_details: 'hidden when no', systolic: 128 }, additional_notes: 'Doing well' },
      pv_readings: { time_taken: 100, answers: { weight_ok: true } },
      pv_silent: { time_taken: 60, answers: {} },
    };
    const symptomsText = 'Preview check: Symptoms\nShort of breath?: No\nSystolic: 128 mmHg\nNotes: Doing well';
    expect(ok(await admin.send('POST', url, { data_json }))).toEqual({
      data: [
        { id: 'pv_symptoms:rpm_99457_99458', duration: 151, monitoring_activity_type: 'rpm_99457_99458', notes: symptomsText },
        { id: 'pv_symptoms:ccm_99490_99439', duration: 150, monitoring_activity_type: 'ccm_99490_99439', notes: symptomsText },
        {
          id: 'pv_readings:rpm_99457_99458',
          duration: 100,
          monitoring_activity_type: 'rpm_99457_99458',
          notes: 'Preview check: Readings\nWeight stable?: Yes',
        },
      ],
    });
    // A reviewer's override replaces the step's time.
    const overridden = ok(await admin.send('POST', url, { data_json: { ...data_json, time_overrides: { pv_readings: 720 } } }));
    expect((overridden.data as Row[])[2]).toMatchObject({ duration: 720 });

    ok(
      await admin.send('PUT', `${A}/${String(activity.id)}`, {
        ...activity,
        activity_config_json: { ...DEFAULT_ACTIVITY_CONFIG, consolidate_monitoring_activity: true },
      }),
    );
    expect(ok(await admin.send('POST', url, { data_json }))).toEqual({
      data: [
        {
          id: 'rpm_99457_99458',
          duration: 251,
          monitoring_activity_type: 'rpm_99457_99458',
          notes: `${symptomsText}\n\nPreview check: Readings\nWeight stable?: Yes`,
        },
        { id: 'ccm_99490_99439', duration: 150, monitoring_activity_type: 'ccm_99490_99439', notes: symptomsText },
      ],
    });
    expect(
      isValidationError(await admin.send('POST', url, { data_json: { pv_symptoms: { time_taken: 'long' } } }), [
        'body',
        'data_json',
        'pv_symptoms',
        'time_taken',
      ]),
    ).toBe(true);
    expect(isValidationError(await admin.send('POST', url, {}), ['body', 'data_json'])).toBe(true);
  });

  test('a seeded template: a step without monitoring types writes a note of type note', async () => {
    const [draft] = ok(await admin.get(A, { filter: { q: 'General wellbeing' } })) as unknown as Row[];
    const answer = ok(
      await admin.send('POST', `${A}/${String(draft!.id)}/preview-notes`, {
        data_json: { general_wellbeing: { time_taken: 90, answers: { overall: 'fair', concerns: true, concern_details: 'Sleeping badly' } } },
      }),
    );
    expect(answer.data).toEqual([
      {
        id: 'general_wellbeing:note',
        duration: 90,
        monitoring_activity_type: 'note',
        notes:
          'General wellbeing check-in: General wellbeing\nHow have you been feeling overall?: Fair\nAnything you would like the care team to know?: Yes\nTell us more: Sleeping badly',
      },
    ]);
  });
});

describe('trigger cues', () => {
  test('the catalog’s cues as choices, 500 a page, filtered and searched like a list; the path is no template id', async () => {
    const all = await admin.get(`${A}/trigger-cues`);
    expect(ok(all)).toEqual(TRIGGER_CUES.map((c) => ({ id: c.key, name: c.label })));
    expect(all.headers['content-range']).toBe(`trigger-cues 0-${TRIGGER_CUES.length - 1}/${TRIGGER_CUES.length}`);
    const page = await admin.get(`${A}/trigger-cues`, { skip: '0', limit: '500' });
    expect((page.body as Row[]).length).toBe(TRIGGER_CUES.length);
    const some = await admin.get(`${A}/trigger-cues`, { filter: { 'id[in]': ['open_tasks', 'condition_copd'] } });
    expect(ok(some)).toEqual([
      { id: 'open_tasks', name: 'Has open tasks' },
      { id: 'condition_copd', name: 'Primary condition COPD' },
    ]);
    expect(ok(await admin.get(`${A}/trigger-cues`, { filter: { q: 'ASTHMA' } }))).toEqual([{ id: 'condition_asthma', name: 'Primary condition asthma' }]);
    const two = await admin.get(`${A}/trigger-cues`, { skip: '2', limit: '2', sort: 'id', order: 'desc' });
    expect(two.headers['content-range']).toBe(`trigger-cues 2-3/${TRIGGER_CUES.length}`);
    const sortedIds = TRIGGER_CUES.map((c) => c.key as string)
      .sort()
      .reverse();
    expect((two.body as Row[]).map((c) => c.id)).toEqual(sortedIds.slice(2, 4));
    expect(isValidationError(await admin.get(`${A}/trigger-cues`, { filter: { 'label[eq]': 'x' } }), ['query', 'filter', 'label[eq]'])).toBe(true);
    expect(ACTIVITY_TEXTS.keyRule).toBe(KEY_RULE);
  });
});
