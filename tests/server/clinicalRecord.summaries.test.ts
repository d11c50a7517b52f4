import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SUMMARY_FOOTER, type SummaryFacts } from '../../src/domain/clinical/summary';
import { addDays, zonedDay } from '../../src/domain/zonedDays';
import { HttpError } from '../../src/server/errors';
import type { ClinicalPatient } from '../../src/server/services/clinical/clinicalPatient';
import { SUMMARIES_DISABLED } from '../../src/server/services/clinical/summaries/createPatientSummary';
import { modelSummariser } from '../../src/server/services/clinical/summaries/modelSummariser';
import { summaryFacts } from '../../src/server/services/clinical/summaries/summaryFacts';
import { addReadings, anonymous, auditOf, DAY_MS, DEMO_ZONE, HOUR_MS, newDevice, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * AI summaries of a patient's period (spec 001 sections 2, 3 "AI summary", 5 and 7;
 * services/clinical/summaries/README.md): whether the provider enabled them, who may generate one
 * (internal users only), the period (a form period or dates, at most a year), the summaries list, the
 * audit trail, and another provider's patients. The model summariser is tested on its own with a
 * fake fetch: what it sends (the facts only) and what it makes of the answers.
 */

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let internalAdmin: Client;
let superadmin: Client;
let internalAdminId: number;
let patientId: number;
const db = () => t.app.db;

const SUMMARY_URL = '/api/foundation-model-responses/patient-summary';
const enabledOf = (client: Client, patient = patientId) => client.get('/api/foundation-model-responses/summary-enabled', { patient_id: String(patient) });
const setEnabled = (tenantId: number, enabled: boolean) =>
  db().updateTable('tenants').set({ llm_summary_enabled: enabled }).where('id', '=', tenantId).execute();
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
const today = () => zonedDay(new Date(), DEMO_ZONE);

/** Runs a refused call and checks that it stored no summary. */
async function refused(call: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const before = await tableFingerprint(t.app, 'foundation_model_responses');
  const answer = await call();
  expect(await tableFingerprint(t.app, 'foundation_model_responses')).toBe(before);
  return answer;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  internalAdminId = await userId(t.app, 'internal.admin@demo.example');
  patientId = await newPatient(t.app, northwind);
  const device = { id: await newDevice(t.app, northwind, patientId), tenantId: northwind, patientId };
  await addReadings(t.app, device, [
    { at: new Date(Date.now() - 2 * DAY_MS), name: 'heart_rate', value: 72 },
    { at: new Date(Date.now() - HOUR_MS), name: 'heart_rate', value: 76 },
  ]);
  // The demo enables summaries for its providers (seed/clinical.ts); a provider's default is off (migration 0001).
  await setEnabled(northwind, false);
}, 120_000);
afterAll(async () => t?.close());

describe('GET foundation-model-responses/summary-enabled', () => {
  test("follows the provider's switch (tenants.llm_summary_enabled)", async () => {
    expect(await enabledOf(clinician)).toMatchObject({ status: 200, body: { enabled: false } });
    expect(await enabledOf(internalAdmin)).toMatchObject({ status: 200, body: { enabled: false } });
    await setEnabled(northwind, true);
    try {
      expect(await enabledOf(clinician)).toMatchObject({ status: 200, body: { enabled: true } });
      expect(await enabledOf(internalAdmin)).toMatchObject({ status: 200, body: { enabled: true } });
    } finally {
      await setEnabled(northwind, false);
    }
  });

  test("a patient is required; another provider's patient is 404; staff 403; no token 401", async () => {
    expect(isValidationError(await clinician.get('/api/foundation-model-responses/summary-enabled'), ['query', 'patient_id'])).toBe(true);
    expect(await lakesideAdmin.get('/api/foundation-model-responses/summary-enabled', { patient_id: String(patientId) })).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect((await clinician.get('/api/foundation-model-responses/summary-enabled', { patient_id: '2147483000' })).status).toBe(404);
    expect(await enabledOf(staff)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await anonymous(t.app, 'GET', `/api/foundation-model-responses/summary-enabled?patient_id=${patientId}`)).toMatchObject({ status: 401 });
  });
});

describe('POST foundation-model-responses/patient-summary', () => {
  test("refused while the patient's provider has not enabled summaries", async () => {
    const answer = await refused(() => internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_month' }));
    expect(answer).toMatchObject({ status: 403, body: { detail: 'AI summaries are not enabled for this provider' } });
    expect(SUMMARIES_DISABLED).toBe('AI summaries are not enabled for this provider');
  });

  describe('with summaries enabled', () => {
    beforeAll(async () => setEnabled(northwind, true));
    afterAll(async () => setEnabled(northwind, false));

    test("provider users, even the provider's admin, may not generate one: 403 'Only internal users can do this'", async () => {
      for (const client of [admin, clinician, lakesideAdmin]) {
        const answer = await refused(() => client.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_month' }));
        expect(answer).toMatchObject({ status: 403, body: { detail: 'Only internal users can do this' } });
      }
      expect(await refused(() => staff.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_month' }))).toMatchObject({
        status: 403,
        body: { detail: 'Not enough permissions' },
      });
      expect(await anonymous(t.app, 'POST', SUMMARY_URL, { patient_id: patientId, period: 'past_month' })).toMatchObject({ status: 401 });
    });

    test("past_month: the 30 days to today in the provider's zone, written by the built-in summariser, audited", async () => {
      const answer = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_month' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const summary = answer.body as Row & { id: number; content: string };
      const end = today();
      expect(summary).toMatchObject({
        patient_id: patientId,
        tenant_id: northwind,
        start_date: addDays(end, -29),
        end_date: end,
        method: 'built-in',
        author_id: internalAdminId,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      });
      expect(summary.content.startsWith(`Summary of ${addDays(end, -29)} to ${end}.`)).toBe(true);
      expect(summary.content.endsWith(SUMMARY_FOOTER)).toBe(true);
      expect(summary.content).toContain('Heart Rate: 2 readings');
      expect(await auditOf(t.app, answer)).toEqual([
        expect.objectContaining({
          action: 'create',
          resource: 'foundation-model-responses',
          record_id: String(summary.id),
          patient_id: patientId,
          tenant_id: northwind,
          actor_id: internalAdminId,
        }),
      ]);
      const stored = await db().selectFrom('foundation_model_responses').selectAll().where('id', '=', summary.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ content: summary.content, method: 'built-in', kind: 'patient_summary' });
    });

    test('past_week and past_year count back 7 and 365 days, today included', async () => {
      const end = today();
      const week = await superadmin.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_week' });
      expect(week).toMatchObject({ status: 201, body: { start_date: addDays(end, -6), end_date: end } });
      const year = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_year' });
      expect(year).toMatchObject({ status: 201, body: { start_date: addDays(end, -364), end_date: end } });
    });

    test('start_date and end_date, up to a year of days (366 in a leap year)', async () => {
      const dates = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, start_date: '2025-01-06', end_date: '2025-01-12' });
      expect(dates).toMatchObject({ status: 201, body: { start_date: '2025-01-06', end_date: '2025-01-12', method: 'built-in' } });
      expect((dates.body as { content: string }).content).toContain('No readings were recorded in this period.');
      const leapYear = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, start_date: '2024-01-01', end_date: '2024-12-31' });
      expect(leapYear).toMatchObject({ status: 201, body: { start_date: '2024-01-01', end_date: '2024-12-31' } });
      const oneDay = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, start_date: '2025-01-06', end_date: '2025-01-06' });
      expect(oneDay.status).toBe(201);
    });

    test('an end before the start, more than a year, or no period at all: 422 at the field, nothing stored', async () => {
      const post = (body: Row) => refused(() => internalAdmin.send('POST', SUMMARY_URL, { patient_id: patientId, ...body }));
      const reversed = await post({ start_date: '2025-01-12', end_date: '2025-01-06' });
      expect(isValidationError(reversed, ['body', 'end_date'])).toBe(true);
      const tooLong = await post({ start_date: '2024-01-01', end_date: '2025-01-01' });
      expect(isValidationError(tooLong, ['body', 'start_date'])).toBe(true);
      expect(detailOf(tooLong)[0]?.msg).toBe('A summary covers at most a year');
      expect(isValidationError(await post({}), ['body', 'period'])).toBe(true);
      expect(isValidationError(await post({ start_date: '2025-01-06' }), ['body', 'end_date'])).toBe(true);
      expect(isValidationError(await post({ end_date: '2025-01-06' }), ['body', 'start_date'])).toBe(true);
      expect(isValidationError(await post({ period: 'past_decade' }), ['body', 'period'])).toBe(true);
      expect(isValidationError(await post({ start_date: '2025-02-30', end_date: '2025-03-01' }), ['body', 'start_date'])).toBe(true);
      expect(isValidationError(await refused(() => internalAdmin.send('POST', SUMMARY_URL, { period: 'past_week' })), ['body', 'patient_id'])).toBe(true);
    });

    test("a patient out of the caller's reach is 404, and nothing is stored", async () => {
      expect(await refused(() => internalAdmin.send('POST', SUMMARY_URL, { patient_id: 2147483000, period: 'past_week' }))).toMatchObject({
        status: 404,
        body: { detail: 'Not found' },
      });
      // An internal user limited to Lakeside (patient_access_level tenant_scoped) reaches no Northwind patient.
      const billingId = await userId(t.app, 'internal.billing@demo.example');
      await db().updateTable('users').set({ patient_access_level: 'tenant_scoped' }).where('id', '=', billingId).execute();
      await db().insertInto('tenant_user_roles').values({ user_id: billingId, tenant_id: lakeside }).execute();
      try {
        const billing = await clientFor(t.app, 'internal.billing@demo.example');
        expect(await refused(() => billing.send('POST', SUMMARY_URL, { patient_id: patientId, period: 'past_week' }))).toMatchObject({
          status: 404,
          body: { detail: 'Not found' },
        });
        expect(await enabledOf(billing)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
        const lakesidePatient = await newPatient(t.app, lakeside);
        await setEnabled(lakeside, true);
        expect(await billing.send('POST', SUMMARY_URL, { patient_id: lakesidePatient, period: 'past_week' })).toMatchObject({
          status: 201,
          body: { tenant_id: lakeside, patient_id: lakesidePatient },
        });
      } finally {
        await db().deleteFrom('tenant_user_roles').where('user_id', '=', billingId).execute();
        await db().updateTable('users').set({ patient_access_level: 'all' }).where('id', '=', billingId).execute();
      }
    });
  });
});

describe('GET foundation-model-responses', () => {
  let ids: number[];
  let listed: number;

  beforeAll(async () => {
    const patient = await newPatient(t.app, northwind);
    await setEnabled(northwind, true);
    ids = [];
    for (const period of ['past_week', 'past_month', 'past_year']) {
      const answer = await internalAdmin.send('POST', SUMMARY_URL, { patient_id: patient, period });
      ids.push((answer.body as { id: number }).id);
    }
    await setEnabled(northwind, false);
    listed = patient;
  });

  test("a patient's summaries, newest first, for internal users and the provider's clinicians; summaries stay readable when the switch is off", async () => {
    for (const client of [internalAdmin, clinician, admin]) {
      const answer = await client.get('/api/foundation-model-responses', { filter: { 'patient_id[eq]': listed } });
      expect(answer.status).toBe(200);
      expect((answer.body as Row[]).map((r) => r.id)).toEqual([...ids].reverse());
      expect(answer.headers['content-range']).toBe('foundation-model-responses 0-2/3');
    }
    const nested = await clinician.get(`/api/patients/${listed}/foundation-model-responses`);
    expect((nested.body as Row[]).map((r) => r.id)).toEqual([...ids].reverse());
    expect(await clinician.get(`/api/foundation-model-responses/${ids[0]}`)).toMatchObject({
      status: 200,
      body: { id: ids[0], patient_id: listed, method: 'built-in' },
    });
    const read = await clinician.get(`/api/foundation-model-responses/${ids[0]}`);
    expect(await auditOf(t.app, read)).toEqual([expect.objectContaining({ action: 'read', resource: 'foundation-model-responses', patient_id: listed })]);
  });

  test('another provider sees none of them; staff may not list them; they are never written through the engine', async () => {
    const theirs = await lakesideAdmin.get('/api/foundation-model-responses', { filter: { 'patient_id[eq]': listed } });
    expect(theirs).toMatchObject({ status: 200, body: [] });
    expect(await lakesideAdmin.get(`/api/foundation-model-responses/${ids[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakesideAdmin.get(`/api/patients/${listed}/foundation-model-responses`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await staff.get('/api/foundation-model-responses', { filter: { 'patient_id[eq]': listed } })).toMatchObject({ status: 403 });
    expect((await internalAdmin.send('POST', '/api/foundation-model-responses', { patient_id: listed, content: 'x' })).status).toBe(404);
    expect((await internalAdmin.send('DELETE', `/api/foundation-model-responses/${ids[0]}`)).status).toBe(404);
  });
});

describe('the model summariser (modelSummariser) with a fake endpoint', () => {
  const SETTINGS = { url: 'https://llm.example/v1/chat/completions', model: 'test-model', apiKey: 'secret-key', timeoutMs: 5000 };
  let facts: SummaryFacts;
  let named: { first: string; last: string; email: string };

  beforeAll(async () => {
    const patient = await newPatient(t.app, northwind);
    const account = await db().selectFrom('patients').select('user_id').where('id', '=', patient).executeTakeFirstOrThrow();
    named = { first: 'Zebulon', last: 'Quillfeather', email: `zebulon.${Date.now()}@patients.example` };
    await db().updateTable('users').set({ first_name: named.first, last_name: named.last, email: named.email }).where('id', '=', account.user_id).execute();
    const device = { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient };
    await addReadings(t.app, device, [
      { at: new Date(Date.now() - 3 * DAY_MS), name: 'blood_pressure', value: 138, value2: 88 },
      { at: new Date(Date.now() - HOUR_MS), name: 'heart_rate', value: 81 },
    ]);
    const tenant = await db().selectFrom('tenants').select(['settings']).where('id', '=', northwind).executeTakeFirstOrThrow();
    const clinical: ClinicalPatient = {
      id: patient,
      tenant_id: northwind,
      primary_condition: 'HeartFailure',
      timeZone: DEMO_ZONE,
      care_plan: null,
      providerSettings: tenant.settings,
      llm_summary_enabled: true,
    };
    facts = await summaryFacts(db(), clinical, addDays(today(), -6), today());
  });

  const answering = (status: number, body: unknown) => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, init: init ?? {} });
      return Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    }) as typeof fetch;
    return { calls, fetchImpl };
  };

  test("sends the period's facts only, as JSON, and returns the model's text with method 'model:{name}'", async () => {
    expect(facts.readings.map((r) => r.measure)).toEqual(['blood_pressure', 'heart_rate']);
    const { calls, fetchImpl } = answering(200, { choices: [{ message: { role: 'assistant', content: '  Heart rate was stable.  ' } }] });
    const written = await modelSummariser(SETTINGS, fetchImpl).summarise(facts);
    expect(written).toEqual({ content: 'Heart rate was stable.', method: 'model:test-model' });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(SETTINGS.url);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer secret-key' });
    // The summariser sends its body as a JSON string.
    const text = call?.init.body as string;
    expect(typeof text).toBe('string');
    const body = JSON.parse(text) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('test-model');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(body.messages[1]!.content)).toEqual(facts);
    // Nothing that names the patient travels.
    for (const word of [named.first, named.last, named.email, 'Zebulon']) expect(text).not.toContain(word);
    expect(Object.keys(facts).sort()).toEqual(
      ['assessments', 'daysWithReadings', 'deviceGaps', 'notes', 'outOfRangeDays', 'period', 'readings', 'symptoms', 'tasks', 'timeZone'].sort(),
    );
  });

  test('without a key no authorization header is sent', async () => {
    const { calls, fetchImpl } = answering(200, { choices: [{ message: { content: 'ok' } }] });
    await modelSummariser({ ...SETTINGS, apiKey: undefined }, fetchImpl).summarise(facts);
    expect(calls[0]?.init.headers).not.toHaveProperty('authorization');
  });

  test('an answer other than 200, no summary in it, or no answer at all is an HttpError 502', async () => {
    const failing = answering(500, { error: 'overloaded' });
    const error = await modelSummariser(SETTINGS, failing.fetchImpl)
      .summarise(facts)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 502, detail: 'The summary model answered 500' });

    const empty = answering(200, { choices: [{ message: { content: '   ' } }] });
    await expect(modelSummariser(SETTINGS, empty.fetchImpl).summarise(facts)).rejects.toMatchObject({
      statusCode: 502,
      detail: 'The summary model gave no summary',
    });
    const notJson = answering(200, 'not json');
    await expect(modelSummariser(SETTINGS, notJson.fetchImpl).summarise(facts)).rejects.toMatchObject({ statusCode: 502 });

    const unreachable = (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    await expect(modelSummariser(SETTINGS, unreachable).summarise(facts)).rejects.toMatchObject({
      statusCode: 502,
      detail: 'The summary model could not be reached',
    });
  });
});
