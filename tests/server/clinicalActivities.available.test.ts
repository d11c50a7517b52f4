import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf, type ActivityAvailability } from '../../src/domain/clinicalActivities';
import { zonedDay } from '../../src/domain/zonedDays';
import { CLINICIAN_TYPE_REFUSED } from '../../src/server/services/clinicalActivities/availability';
import { insertTemplate, yesNo, type InsertedTemplate } from './clinicalActivityInstances.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * GET clinical-activities/available (issue 23; spec 001 sections 3 "Clinical activity
 * availability", 7 and 9): for each enabled, published, latest template and each active or
 * consented patient asked about, whether it is recommended (condition cues, days), eligible (the
 * frequency limit over the patient's completions), disabled (cues, clinician types), with the
 * caller's pending run and the last completion; 25 a page by title; another provider's patient is
 * 404; every read audited.
 */
let t: TestApp;
let clinician: Client; // Northwind, registered nurse
let reyes: Client; // Northwind, qualified healthcare professional
let staff: Client;
let lakeside: Client;
let internalAdmin: Client;
let ids: { northwind: number; lakeside: number; copd: number; diabetes: number; other: number; pending: number; lakesidePatient: number };
const db = () => t.app.db;

let copdCheck: InsertedTemplate;
let diabetesBlocked: InsertedTemplate;
let weekly: InsertedTemplate;
let nursesOnly: InsertedTemplate;
let today: InsertedTemplate;
let otherDay: InsertedTemplate;
let hidden: InsertedTemplate[];

const URL = '/api/clinical-activities/available';

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  reyes = await clientFor(t.app, 'dr.reyes@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakeside = await clientFor(t.app, 'clinician@lakeside.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  const tenants = await tenantIds(t.app);
  const patientOf = async (tenant: number, status: string, condition?: string, not: number[] = []) => {
    let query = db().selectFrom('patients').select('id').where('tenant_id', '=', tenant).where('patient_status', '=', status);
    if (condition) query = query.where('primary_condition', '=', condition);
    if (not.length > 0) query = query.where('id', 'not in', not);
    return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
  };
  const copd = await patientOf(tenants.northwind, 'active', 'COPD');
  const diabetes = await patientOf(tenants.northwind, 'active', 'Diabetes');
  ids = {
    ...tenants,
    copd,
    diabetes,
    other: await patientOf(tenants.northwind, 'active', 'COPD', [copd]),
    pending: await patientOf(tenants.northwind, 'pending_enrollment'),
    lakesidePatient: await patientOf(tenants.lakeside, 'active'),
  };
  const step = [{ key: 'check', range: [60, 600] as [number, number], types: ['rpm_99457_99458'], items: [yesNo('ok')] }];
  const { timezone } = await db().selectFrom('tenants').select('timezone').where('id', '=', tenants.northwind).executeTakeFirstOrThrow();
  const weekday = weekdayOf(zonedDay(new Date(), timezone));
  copdCheck = await insertTemplate(t.app, {
    title: 'AAA COPD breathing check',
    steps: step,
    config: { recommendation: { enabled: true, trigger_cues: ['condition_copd'], priority_score: 80 } },
  });
  diabetesBlocked = await insertTemplate(t.app, {
    title: 'AAB Not for diabetes',
    steps: step,
    config: { recommendation: { enabled: true, disabled_cues: ['condition_diabetes'], warning_cues: ['condition_copd'] } },
  });
  weekly = await insertTemplate(t.app, {
    title: 'AAC Weekly review',
    steps: step,
    config: {
      scheduling: { frequency_limit: { limit_type: 'period', period_type: 'weeks', period_value: 1, max_occurrences: 1, reset_trigger: 'rolling_period' } },
      recommendation: { enabled: true },
    },
  });
  nursesOnly = await insertTemplate(t.app, { title: 'AAD Nurses only', steps: step, config: { clinician_types: ['registered_nurse'] } });
  today = await insertTemplate(t.app, { title: 'AAE Today', steps: step, config: { recommendation: { enabled: true, day_of_week: [weekday] } } });
  otherDay = await insertTemplate(t.app, {
    title: 'AAF Another day',
    steps: step,
    config: { recommendation: { enabled: true, day_of_week: [(weekday + 1) % 7] } },
  });
  hidden = [
    await insertTemplate(t.app, { title: 'AAA0 Draft', steps: step, draft: true }),
    await insertTemplate(t.app, { title: 'AAA1 Switched off', steps: step, enabled: false }),
  ];
});
afterAll(async () => t?.close());

const entries = (answer: ApiAnswer) => answer.body as ActivityAvailability[];
const entryOf = (answer: ApiAnswer, template: InsertedTemplate, patientId?: number) =>
  entries(answer).find((e) => e.activity_template.id === template.id && (patientId === undefined || e.patient_id === patientId));
const runnableCount = async () =>
  Number(
    (
      await db()
        .selectFrom('activity_templates')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_enabled', '=', true)
        .where('is_draft', '=', false)
        .where('is_latest', '=', true)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET clinical-activities/available', () => {
  it('lists every runnable template for the patient by title, with its recommendation, eligibility and the page in Content-Range', async () => {
    const answer = await clinician.get(URL, { patient_id: String(ids.copd) });
    expect(answer.status).toBe(200);
    const total = await runnableCount();
    expect(answer.headers['content-range']).toBe(`clinical-activities/available 0-${String(Math.min(total, 25) - 1)}/${String(total)}`);
    expect(entries(answer)).toHaveLength(Math.min(total, 25));
    expect(entries(answer).every((e) => e.patient_id === ids.copd)).toBe(true);
    const mine = entries(answer)
      .map((e) => e.activity_template.id)
      .filter((id) => [copdCheck, diabetesBlocked, weekly, nursesOnly, today, otherDay].some((tpl) => tpl.id === id));
    expect(mine).toEqual([copdCheck.id, diabetesBlocked.id, weekly.id, nursesOnly.id, today.id, otherDay.id]);
    for (const template of hidden) expect(entryOf(answer, template)).toBeUndefined();
    expect(entryOf(answer, copdCheck)).toEqual({
      activity_template: {
        id: copdCheck.id,
        activity_template_family_id: copdCheck.familyId,
        version_number: 1,
        activity_title: copdCheck.title,
        activity_description: `About ${copdCheck.title}`,
        estimated_duration: 10,
      },
      patient_id: ids.copd,
      is_recommended: true,
      is_eligible: true,
      priority_score: 80,
      pending_clinical_activity_instance_id: null,
      last_completed_at: null,
      warning_message: null,
      reason: null,
      disabled: false,
    });
  });

  it("the console's meta patient_ids asks for several patients; skip and limit page the entries", async () => {
    const both = await clinician.get(URL, { meta: { patient_ids: [ids.copd, ids.diabetes] }, limit: '100' });
    expect(both.status).toBe(200);
    const total = await runnableCount();
    expect(entries(both)).toHaveLength(2 * total);
    expect(entryOf(both, copdCheck, ids.diabetes)).toBeDefined();
    const page = await clinician.get(URL, { meta: { patient_ids: [ids.copd, ids.diabetes] }, skip: '2', limit: '3' });
    expect(page.headers['content-range']).toBe(`clinical-activities/available 2-4/${String(2 * total)}`);
    expect(entries(page)).toEqual(entries(both).slice(2, 5));
    const past = await clinician.get(URL, { patient_id: String(ids.copd), skip: '1000' });
    expect(past).toMatchObject({ status: 200, body: [] });
    expect(past.headers['content-range']).toBe(`clinical-activities/available */${String(total)}`);
  });

  it('recommends by the condition cue and the day; a disabled cue disables with its reason, a warning cue warns', async () => {
    const copd = await clinician.get(URL, { patient_id: String(ids.copd) });
    const diabetes = await clinician.get(URL, { patient_id: String(ids.diabetes) });
    expect(entryOf(copd, copdCheck)?.is_recommended).toBe(true);
    expect(entryOf(diabetes, copdCheck)?.is_recommended).toBe(false);
    expect(entryOf(diabetes, diabetesBlocked)).toMatchObject({ disabled: true, is_recommended: false, reason: 'Not available: Primary condition diabetes' });
    expect(entryOf(copd, diabetesBlocked)).toMatchObject({ disabled: false, is_recommended: true, warning_message: 'Primary condition COPD', reason: null });
    expect(entryOf(copd, today)?.is_recommended).toBe(true);
    expect(entryOf(copd, otherDay)?.is_recommended).toBe(false);
  });

  it("a template for other clinician types is disabled: 'Not available for your clinician type'", async () => {
    expect(entryOf(await reyes.get(URL, { patient_id: String(ids.copd) }), nursesOnly)).toMatchObject({
      disabled: true,
      is_recommended: false,
      reason: CLINICIAN_TYPE_REFUSED,
    });
    expect(entryOf(await clinician.get(URL, { patient_id: String(ids.copd) }), nursesOnly)).toMatchObject({ disabled: false, reason: null });
  });

  it("names the caller's pending run, and after a completion of a once-a-week activity it is no longer eligible", async () => {
    const patientId = ids.other;
    const started = await clinician.send('POST', '/api/clinical-activity-instances', { patient_id: patientId, activity_template_id: weekly.id });
    expect(started.status).toBe(201);
    const runId = (started.body as { id: number }).id;
    expect(entryOf(await clinician.get(URL, { patient_id: String(patientId) }), weekly)).toMatchObject({
      pending_clinical_activity_instance_id: runId,
      is_eligible: true,
    });
    expect(entryOf(await reyes.get(URL, { patient_id: String(patientId) }), weekly)?.pending_clinical_activity_instance_id).toBeNull();

    const completed = await clinician.send('POST', `/api/clinical-activity-instances/${String(runId)}/complete`, {
      data_json: { check: { time_taken: 120, answers: { ok: true } } },
    });
    expect(completed).toMatchObject({ status: 200, body: { status: 'complete' } });
    const entry = entryOf(await reyes.get(URL, { patient_id: String(patientId) }), weekly);
    expect(entry).toMatchObject({ is_eligible: false, is_recommended: false, pending_clinical_activity_instance_id: null, disabled: false });
    expect(entry?.reason).toMatch(/^Limit of 1 per week reached; available again on \d{4}-\d{2}-\d{2}$/);
    expect(entry?.last_completed_at).toBe(new Date(String((completed.body as { completed_at: string }).completed_at)).toISOString());
  });

  it('a patient who is neither active nor consented has no activities', async () => {
    const answer = await clinician.get(URL, { patient_id: String(ids.pending) });
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.headers['content-range']).toBe('clinical-activities/available */0');
  });

  it("another provider's patient answers 404 like a missing one; internal staff see every provider's", async () => {
    expect(await clinician.get(URL, { patient_id: String(ids.lakesidePatient) })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await clinician.get(URL, { patient_id: '2000000000' })).toMatchObject({ status: 404 });
    expect(await clinician.get(URL, { meta: { patient_ids: [ids.copd, ids.lakesidePatient] } })).toMatchObject({ status: 404 });
    expect(await lakeside.get(URL, { patient_id: String(ids.copd) })).toMatchObject({ status: 404 });
    expect((await internalAdmin.get(URL, { patient_id: String(ids.lakesidePatient) })).status).toBe(200);
  });

  it('refuses: no session 401, no key 403, no patient or a bad one 422', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${URL}?patient_id=${String(ids.copd)}` })).statusCode).toBe(401);
    expect(await staff.get(URL, { patient_id: String(ids.copd) })).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(isValidationError(await clinician.get(URL), ['query', 'patient_id'])).toBe(true);
    expect(isValidationError(await clinician.get(URL, { patient_id: 'abc' }), ['query', 'patient_id'])).toBe(true);
    expect(isValidationError(await clinician.get(URL, { meta: 'not json' }), ['query', 'meta'])).toBe(true);
    expect(isValidationError(await clinician.get(URL, { meta: { patient_ids: ['1'] } }), ['query', 'meta', 'patient_ids'])).toBe(true);
    expect(
      isValidationError(await clinician.get(URL, { meta: { patient_ids: Array.from({ length: 101 }, (_, i) => i + 1) } }), ['query', 'meta', 'patient_ids']),
    ).toBe(true);
    expect(isValidationError(await clinician.get(URL, { patient_id: String(ids.copd), limit: '0' }), ['query', 'limit'])).toBe(true);
  });

  it('is audited for each patient asked about', async () => {
    const before = await db()
      .selectFrom('audit_logs')
      .select('id')
      .where('resource', '=', 'clinical-activities/available')
      .where('patient_id', '=', ids.diabetes)
      .execute();
    expect((await clinician.get(URL, { patient_id: String(ids.diabetes) })).status).toBe(200);
    const after = await db()
      .selectFrom('audit_logs')
      .select(['id', 'action'])
      .where('resource', '=', 'clinical-activities/available')
      .where('patient_id', '=', ids.diabetes)
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.action).toBe('list');
  });
});
