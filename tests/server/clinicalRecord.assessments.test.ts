import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findQuestionnaire, scoreResponse } from '../../src/domain/clinical/questionnaires';
import { exacerbationRisk } from '../../src/domain/clinical/scores';
import { addDays, zonedDay } from '../../src/domain/zonedDays';
import { WORKFLOW_NOT_FOUND } from '../../src/server/services/clinical/assessments';
import { addReadings, addSymptoms, anonymous, auditOf, DAY_MS, DEMO_ZONE, HOUR_MS, newDevice, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Assessments and what the record computes from a patient's data (spec 001 sections 2 to 4 and 9):
 * POST patients/{id}/assessments (scored and triaged by the server from the questionnaire data),
 * the runs list, one run, entered-in-error, the runs summary; the measure_reports expansion of a
 * patient (each measure's latest reading, baseline and trend, and the exacerbation-risk score, here
 * checked against the domain's rule over inputs this file constructs); and the symptoms grid.
 */

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let clinicianId: number;
/** A fresh Northwind patient with asthma, and another Northwind patient. */
let asthma: number;
let otherPatient: number;
const db = () => t.app.db;

const ASTHMA_CONTROL = findQuestionnaire('asthma-control')!;
/** Every asthma-control item answered with its lowest option (or false). */
const CALM = { symptom_days: 0, night_waking: 0, rescue_inhaler: 0, activity_limits: 0, oral_steroids: false, emergency_signs: false };
const assess = (client: Client, patient: number, workflow_name: string, answers: Row) =>
  client.send('POST', `/api/patients/${patient}/assessments`, { workflow_name, questionnaire_response: { answers } });
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;

/** A run written straight to the table (the seed's way), at a given age, for the summary's counts. */
async function insertRun(patient: number, run: { ageDays: number; triage: string; name: string; enteredInError?: boolean }): Promise<number> {
  const createdAt = new Date(Date.now() - run.ageDays * DAY_MS);
  const row = await db()
    .insertInto('assessment_runs')
    .values({
      tenant_id: northwind,
      patient_id: patient,
      workflow_name: 'phq-4',
      name: run.name,
      category: 'survey',
      result: JSON.stringify({ score: 0, max_score: 12, triage: run.triage, triage_label: '', interpretation: '' }),
      questionnaire: JSON.stringify({ id: 'phq-4', version: '1', title: run.name }),
      questionnaire_response: JSON.stringify({ answers: {} }),
      created_at: createdAt,
      ...(run.enteredInError ? { status: 'entered-in-error', entered_in_error_at: createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
  asthma = await newPatient(t.app, northwind, 'Asthma');
  otherPatient = await newPatient(t.app, northwind, 'Asthma');
}, 120_000);
afterAll(async () => t?.close());

describe('POST patients/{id}/assessments', () => {
  test("a questionnaire offered for the patient's condition is scored and triaged by the server, with the patient's risk at that moment", async () => {
    const answer = await assess(clinician, asthma, 'asthma-control', CALM);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const run = answer.body as Row;
    const scored = scoreResponse(ASTHMA_CONTROL, CALM);
    expect(run).toMatchObject({
      patient_id: asthma,
      tenant_id: northwind,
      workflow_name: 'asthma-control',
      name: ASTHMA_CONTROL.title,
      category: 'disease_assessment',
      status: 'final',
      source: 'product',
      result: { score: 0, max_score: 10, triage: 'LOW', triage_label: 'Low', interpretation: scored.interpretation },
      questionnaire: { id: 'asthma-control', version: ASTHMA_CONTROL.version, title: ASTHMA_CONTROL.title },
      questionnaire_response: { answers: CALM },
      author_id: clinicianId,
      author_name: expect.any(String) as unknown,
      entered_in_error_at: null,
    });
    expect(scored).toMatchObject({ score: 0, max_score: 10, triage: 'LOW' });
    // A patient without readings, symptoms or runs: nothing adds points.
    expect(run.predictions).toEqual([{ name: 'exacerbation_risk', value: 0, tier: 'Low' }]);
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'runs',
        record_id: String(run.id),
        patient_id: asthma,
        tenant_id: northwind,
        actor_id: clinicianId,
      }),
    ]);
  });

  test('the score is the sum of the answers; a red flag overrides the band', async () => {
    const banded = { ...CALM, symptom_days: 1, night_waking: 1, oral_steroids: true };
    const medium = (await assess(clinician, asthma, 'asthma-control', banded)).body as { result: Row };
    expect(medium.result).toEqual({ ...scoreResponse(ASTHMA_CONTROL, banded), triage_label: 'Medium' });
    expect(medium.result).toMatchObject({ score: 3, triage: 'MEDIUM' });
    const emergency = { ...CALM, emergency_signs: true };
    const er = (await assess(admin, asthma, 'asthma-control', emergency)).body as { result: Row };
    expect(er.result).toEqual({ ...scoreResponse(ASTHMA_CONTROL, emergency), triage_label: 'ER' });
    expect(er.result).toMatchObject({ score: 1, triage: 'ER_NOW' });
  });

  test('a questionnaire for every patient (PHQ-4) is offered too', async () => {
    const answer = await assess(clinician, asthma, 'phq-4', { nervous: 1, worrying: 1, feeling_down: 1, little_interest: 0 });
    expect(answer).toMatchObject({
      status: 201,
      body: { workflow_name: 'phq-4', category: 'survey', result: { score: 3, max_score: 12, triage: 'MEDIUM', triage_label: 'Medium' } },
    });
  });

  test("an unknown questionnaire, or one not offered for the patient's condition: 404 'Workflow not found for patient.', nothing stored", async () => {
    const before = await tableFingerprint(t.app, 'assessment_runs');
    for (const workflow of ['copd-symptom-check', 'heart-failure-daily', 'no-such-questionnaire']) {
      expect(await assess(clinician, asthma, workflow, CALM)).toMatchObject({ status: 404, body: { detail: 'Workflow not found for patient.' } });
    }
    expect(WORKFLOW_NOT_FOUND).toBe('Workflow not found for patient.');
    // A patient without a primary condition is offered only the questionnaires for everyone.
    const none = await newPatient(t.app, northwind, null);
    expect((await assess(clinician, none, 'asthma-control', CALM)).status).toBe(404);
    expect((await assess(clinician, none, 'phq-4', { nervous: 0, worrying: 0, feeling_down: 0, little_interest: 0 })).status).toBe(201);
    await db().deleteFrom('assessment_runs').where('patient_id', '=', none).execute();
    expect(await tableFingerprint(t.app, 'assessment_runs')).toBe(before);
  });

  test('a missing or invalid answer: 422 at ["body","questionnaire_response","answers",linkId], nothing stored', async () => {
    const before = await tableFingerprint(t.app, 'assessment_runs');
    const { night_waking: _, ...missing } = CALM;
    const answer = await assess(clinician, asthma, 'asthma-control', missing);
    expect(isValidationError(answer, ['body', 'questionnaire_response', 'answers', 'night_waking'])).toBe(true);
    expect(detailOf(answer)).toEqual([
      { loc: ['body', 'questionnaire_response', 'answers', 'night_waking'], msg: 'Field required', type: expect.any(String) as unknown },
    ]);

    const all = await assess(clinician, asthma, 'asthma-control', {});
    expect(detailOf(all).map((d) => d.loc.at(-1))).toEqual(ASTHMA_CONTROL.items.map((item) => item.linkId));

    const wrongChoice = await assess(clinician, asthma, 'asthma-control', { ...CALM, symptom_days: 5 });
    expect(isValidationError(wrongChoice, ['body', 'questionnaire_response', 'answers', 'symptom_days'])).toBe(true);
    const wrongKind = await assess(clinician, asthma, 'asthma-control', { ...CALM, oral_steroids: 'yes' });
    expect(isValidationError(wrongKind, ['body', 'questionnaire_response', 'answers', 'oral_steroids'])).toBe(true);
    const extra = await assess(clinician, asthma, 'asthma-control', { ...CALM, mood: 2 });
    expect(isValidationError(extra, ['body', 'questionnaire_response', 'answers', 'mood'])).toBe(true);
    expect(detailOf(extra)[0]?.msg).toBe('Extra inputs are not permitted');

    const noResponse = await clinician.send('POST', `/api/patients/${asthma}/assessments`, { workflow_name: 'asthma-control' });
    expect(isValidationError(noResponse, ['body', 'questionnaire_response'])).toBe(true);
    expect(await tableFingerprint(t.app, 'assessment_runs')).toBe(before);
  });

  test("another provider's admin: 404 (no hint the patient exists); staff: 403; no token: 401", async () => {
    const before = await tableFingerprint(t.app, 'assessment_runs');
    expect(await assess(lakesideAdmin, asthma, 'asthma-control', CALM)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await assess(staff, asthma, 'asthma-control', CALM)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(
      await anonymous(t.app, 'POST', `/api/patients/${asthma}/assessments`, { workflow_name: 'asthma-control', questionnaire_response: { answers: CALM } }),
    ).toMatchObject({
      status: 401,
    });
    expect(await tableFingerprint(t.app, 'assessment_runs')).toBe(before);
  });
});

describe('runs (GET patients/{id}/runs, runs/{id}, POST runs/{id}/entered-in-error)', () => {
  let patient: number;
  let runs: number[];

  beforeAll(async () => {
    patient = await newPatient(t.app, northwind, 'Asthma');
    runs = [];
    for (const answers of [CALM, { ...CALM, symptom_days: 1 }, { ...CALM, symptom_days: 2 }]) {
      const answer = await assess(clinician, patient, 'asthma-control', answers);
      runs.push((answer.body as { id: number }).id);
    }
  });

  test("the list is the engine's: newest first, paged, with the run's result and questionnaire", async () => {
    const answer = await clinician.get(`/api/patients/${patient}/runs`, { limit: '5' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('runs 0-2/3');
    const rows = answer.body as Row[];
    expect(rows.map((r) => r.id)).toEqual([...runs].reverse());
    expect(rows[0]).toMatchObject({
      patient_id: patient,
      name: ASTHMA_CONTROL.title,
      status: 'final',
      result: { triage: 'DOC', triage_label: 'Contact Physician' },
    });
    const page = await clinician.get(`/api/patients/${patient}/runs`, { limit: '2', skip: '2' });
    expect((page.body as Row[]).map((r) => r.id)).toEqual([runs[0]]);
  });

  test('one run, only under its own patient', async () => {
    expect(await clinician.get(`/api/patients/${patient}/runs/${runs[0]}`)).toMatchObject({ status: 200, body: { id: runs[0], patient_id: patient } });
    expect(await clinician.get(`/api/patients/${otherPatient}/runs/${runs[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakesideAdmin.get(`/api/patients/${patient}/runs/${runs[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakesideAdmin.get(`/api/runs/${runs[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await staff.get(`/api/patients/${patient}/runs`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });

  test('entered in error: the run keeps what it said, shows the status with who and when, and leaves the filtered list', async () => {
    const target = runs[1] as number;
    const before = (await clinician.get(`/api/patients/${patient}/runs/${target}`)).body as Row;
    const answer = await clinician.send('POST', `/api/patients/${patient}/runs/${target}/entered-in-error`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const run = answer.body as Row;
    expect(run).toMatchObject({
      id: target,
      status: 'entered-in-error',
      entered_in_error_by_id: clinicianId,
      result: before.result,
      predictions: before.predictions,
    });
    expect(Date.parse(String(run.entered_in_error_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({ action: 'update', resource: 'runs', record_id: String(target), patient_id: patient, actor_id: clinicianId }),
    ]);

    const shown = await clinician.get(`/api/patients/${patient}/runs`, { filter: { 'status[ne]': 'entered-in-error' } });
    expect((shown.body as Row[]).map((r) => r.id)).toEqual([runs[2], runs[0]]);
    const all = await clinician.get(`/api/patients/${patient}/runs`);
    expect((all.body as Row[]).map((r) => r.id)).toEqual([...runs].reverse());

    const again = await admin.send('POST', `/api/patients/${patient}/runs/${target}/entered-in-error`);
    expect(again).toMatchObject({ status: 409, body: { detail: 'This assessment is already marked as entered in error' } });
  });

  test("a run of another patient through this patient's path, or of another provider, or by staff: refused, unchanged", async () => {
    const foreign = await insertRun(otherPatient, { ageDays: 1, triage: 'LOW', name: 'PHQ-4' });
    const before = await tableFingerprint(t.app, 'assessment_runs');
    expect(await clinician.send('POST', `/api/patients/${patient}/runs/${foreign}/entered-in-error`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await clinician.send('POST', `/api/patients/${patient}/runs/2147483000/entered-in-error`)).toMatchObject({ status: 404 });
    expect(await lakesideAdmin.send('POST', `/api/patients/${patient}/runs/${runs[0]}/entered-in-error`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await staff.send('POST', `/api/patients/${patient}/runs/${runs[0]}/entered-in-error`)).toMatchObject({ status: 403 });
    expect(isValidationError(await clinician.send('POST', `/api/patients/${patient}/runs/abc/entered-in-error`), ['path', 'id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'assessment_runs')).toBe(before);
  });

  test('runs are never written through the engine', async () => {
    expect((await clinician.send('POST', `/api/patients/${patient}/runs`, { workflow_name: 'phq-4' })).status).toBe(404);
    expect((await clinician.send('DELETE', `/api/runs/${runs[0]}`)).status).toBe(404);
  });
});

describe('GET patients/{id}/runs/summary', () => {
  test("counts the past week's and month's runs, and the week's triage by group and by assessment; runs entered in error are left out", async () => {
    const patient = await newPatient(t.app, northwind, 'Asthma');
    const ids = [
      await insertRun(patient, { ageDays: 1, triage: 'LOW', name: 'Asthma Control' }),
      await insertRun(patient, { ageDays: 3, triage: 'DOC_24H', name: 'Asthma Control' }),
      await insertRun(patient, { ageDays: 5, triage: 'MEDIUM', name: 'PHQ-4' }),
      await insertRun(patient, { ageDays: 2, triage: 'ER_NOW', name: 'PHQ-4', enteredInError: true }),
      await insertRun(patient, { ageDays: 10, triage: 'LOW', name: 'PHQ-4' }),
      await insertRun(patient, { ageDays: 40, triage: 'ER', name: 'PHQ-4' }),
    ];
    const answer = await clinician.get(`/api/patients/${patient}/runs/summary`);
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({
      total_runs_past_week: 3,
      total_runs_past_month: 4,
      triage_counts: { LOW: 1, DOC: 1, MEDIUM: 1 },
      triage_by_name_counts: { 'Asthma Control': { LOW: 1, DOC: 1 }, 'PHQ-4': { MEDIUM: 1 } },
    });
    const audit = await auditOf(t.app, answer);
    expect(audit).toEqual([expect.objectContaining({ action: 'read', resource: 'runs/summary', patient_id: patient })]);
    expect(String(audit[0]?.record_id).split(',').map(Number).sort()).toEqual([ids[0], ids[1], ids[2], ids[4]].sort());
  });

  test('a patient without runs: zeros', async () => {
    const patient = await newPatient(t.app, northwind, 'Asthma');
    expect((await clinician.get(`/api/patients/${patient}/runs/summary`)).body).toEqual({
      total_runs_past_week: 0,
      total_runs_past_month: 0,
      triage_counts: {},
      triage_by_name_counts: {},
    });
  });

  test("another provider's admin: 404; staff: 403", async () => {
    expect(await lakesideAdmin.get(`/api/patients/${asthma}/runs/summary`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await staff.get(`/api/patients/${asthma}/runs/summary`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });
});

describe('the measure_reports expansion (GET patients/{id}, meta expand)', () => {
  let patient: number;
  let low: number;
  const now = Date.now();
  const EXPAND = { meta: { expand: ['measure_reports'] } };
  const reportsOf = async (client = clinician) => ((await client.get(`/api/patients/${patient}`, EXPAND)).body as { measure_reports?: Row[] }).measure_reports;

  beforeAll(async () => {
    patient = await newPatient(t.app, northwind, 'HeartFailure');
    const device = { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient };
    // Heart rate (limits 50–110): 40 four days ago and 120 an hour ago are out of range, on two days.
    [, low] = await addReadings(t.app, device, [
      { at: new Date(now - 6 * DAY_MS), name: 'heart_rate', value: 70 },
      { at: new Date(now - 4 * DAY_MS), name: 'heart_rate', value: 40 },
      { at: new Date(now - 2 * DAY_MS), name: 'heart_rate', value: 74 },
      { at: new Date(now - HOUR_MS), name: 'heart_rate', value: 120 },
      // Older than the week before the latest: no part of the baseline.
      { at: new Date(now - 9 * DAY_MS), name: 'oxygen_saturation', value: 80, unit: '%' },
      { at: new Date(now - 3 * DAY_MS), name: 'oxygen_saturation', value: 97, unit: '%' },
      { at: new Date(now - 2 * HOUR_MS), name: 'oxygen_saturation', value: 97, unit: '%' },
    ]).then((ids) => ids as [number, number]);
    await addSymptoms(t.app, { tenantId: northwind, patientId: patient }, [
      { at: new Date(now - DAY_MS), name: 'cough', severity: 6 },
      { at: new Date(now - 2 * DAY_MS), name: 'wheezing', severity: 3 },
      // Older than 7 days: not counted.
      { at: new Date(now - 9 * DAY_MS), name: 'chest_pain', severity: 10 },
    ]);
    await insertRun(patient, { ageDays: 1, triage: 'DOC_24H', name: 'Heart Failure Daily' });
    await insertRun(patient, { ageDays: 0.5, triage: 'ER_NOW', name: 'Heart Failure Daily', enteredInError: true });
  });

  test("each measure's latest reading with its 7-day baseline and trend, and the exacerbation risk of the domain's rule over the same facts", async () => {
    const reports = await reportsOf();
    expect(reports?.map((r) => r.name)).toEqual(['heart_rate', 'oxygen_saturation', 'exacerbation_risk']);
    expect(reports?.[0]).toEqual({
      name: 'heart_rate',
      category: 'vital-signs',
      value: 120,
      value2: null,
      unit: 'bpm',
      // (70 + 40 + 74 + 120) / 4
      baseline: 76,
      baseline2: null,
      trend: 'up',
      updated_at: new Date(now - HOUR_MS).toISOString(),
    });
    expect(reports?.[1]).toMatchObject({ name: 'oxygen_saturation', value: 97, unit: '%', baseline: 97, trend: 'flat' });

    const risk = exacerbationRisk({
      deviations: [
        { measure: 'heart_rate', latest: 120, baseline: 76 },
        { measure: 'oxygen_saturation', latest: 97, baseline: 97 },
      ],
      outOfRangeDays: 2,
      symptoms: [
        { name: 'cough', severity: 6 },
        { name: 'wheezing', severity: 3 },
      ],
      // The latest run not entered in error.
      latestTriage: 'DOC_24H',
      daysSinceLastReading: 0,
    });
    // 10 (heart rate 58 % above its baseline) + 7 (2 days out of range) + 15 (cough at 6) + 15 (DOC).
    expect(risk.score).toBe(47);
    expect(reports?.[2]).toEqual({
      name: 'exacerbation_risk',
      category: 'prediction',
      value: risk.score,
      tier: risk.tier.label,
      factors: risk.factors,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
    expect(reports?.[2]?.tier).toBe('Medium');
  });

  test('a reading flagged without a new value counts for neither the baseline nor the days out of range', async () => {
    const flag = await clinician.send('POST', `/api/patients/${patient}/observation-annotations`, {
      observation_id: low,
      annotation_type: 'flag',
      annotation_reason: 'device_issue',
      note: 'Finger clip slipped',
    });
    expect(flag.status).toBe(201);
    const reports = await reportsOf();
    // (70 + 74 + 120) / 3
    expect(reports?.[0]).toMatchObject({ name: 'heart_rate', value: 120, baseline: 88, trend: 'up' });
    const risk = exacerbationRisk({
      deviations: [
        { measure: 'heart_rate', latest: 120, baseline: 88 },
        { measure: 'oxygen_saturation', latest: 97, baseline: 97 },
      ],
      outOfRangeDays: 1,
      symptoms: [
        { name: 'cough', severity: 6 },
        { name: 'wheezing', severity: 3 },
      ],
      latestTriage: 'DOC_24H',
      daysSinceLastReading: 0,
    });
    expect(risk.score).toBe(44);
    expect(reports?.[2]).toMatchObject({ value: 44, tier: 'Medium', factors: risk.factors });
  });

  test('a new run records the risk of that moment as its prediction, and its triage is then the latest', async () => {
    const calm = { weight_gain: 0, breathlessness: 0, swelling: false, sleep_breathless: false, dizzy_cough: false, chest_pain: false };
    const answer = await assess(clinician, patient, 'heart-failure-daily', calm);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((answer.body as Row).predictions).toEqual([{ name: 'exacerbation_risk', value: 44, tier: 'Medium' }]);
    // The latest triage is now LOW: 10 + 4 + 15 + 0.
    expect((await reportsOf())?.[2]).toMatchObject({ value: 29, tier: 'Low - Medium' });
  });

  test('staff (no patients.queue) get the patient without measure_reports; the patient list takes the expansion too', async () => {
    const forStaff = await staff.get(`/api/patients/${patient}`, EXPAND);
    expect(forStaff.status).toBe(200);
    expect(forStaff.body).not.toHaveProperty('measure_reports');
    const listed = await clinician.get('/api/patients', { filter: { 'id[eq]': patient }, ...EXPAND });
    const withoutTime = (reports: Row[] | undefined) => reports?.map(({ updated_at: _, ...report }) => report);
    expect(withoutTime((listed.body as Row[])[0]?.measure_reports as Row[])).toEqual(withoutTime(await reportsOf()));
    expect(await lakesideAdmin.get(`/api/patients/${patient}`, EXPAND)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });

  test('a patient without readings: only the risk, which names the missing readings', async () => {
    const bare = await newPatient(t.app, northwind, 'COPD');
    const reports = ((await clinician.get(`/api/patients/${bare}`, EXPAND)).body as { measure_reports: Row[] }).measure_reports;
    expect(reports).toEqual([
      expect.objectContaining({
        name: 'exacerbation_risk',
        value: 0,
        tier: 'Low',
        factors: [expect.objectContaining({ name: 'no_recent_readings', points: 0 })],
      }),
    ]);
  });
});

describe('the symptoms grid (GET patients/{id}/conditions/summary)', () => {
  let patient: number;
  const now = Date.now();
  const symptoms = [
    { at: new Date(now - 2 * 60_000), name: 'cough', severity: 3 },
    { at: new Date(now - 60_000), name: 'cough', severity: 7 },
    { at: new Date(now - 3 * DAY_MS), name: 'cough', severity: 2 },
    { at: new Date(now - 3 * DAY_MS - HOUR_MS), name: 'shortness_of_breath', severity: 4 },
    { at: new Date(now - 10 * DAY_MS), name: 'wheezing', severity: 5 },
    { at: new Date(now - 40 * DAY_MS), name: 'fatigue', severity: 9 },
  ];
  /** What the grid should hold over days first to today: the highest severity of each symptom on each day of the provider's zone. */
  const expected = (first: string, today: string) => {
    const bySymptom = new Map<string, Record<string, number>>();
    for (const s of symptoms) {
      const day = zonedDay(s.at, DEMO_ZONE);
      if (day < first || day > today) continue;
      const days = bySymptom.get(s.name) ?? {};
      days[day] = Math.max(days[day] ?? 0, s.severity);
      bySymptom.set(s.name, days);
    }
    return bySymptom;
  };

  beforeAll(async () => {
    patient = await newPatient(t.app, northwind, 'COPD');
    await addSymptoms(t.app, { tenantId: northwind, patientId: patient }, symptoms);
    // Readings are no symptoms.
    await addReadings(t.app, { id: await newDevice(t.app, northwind, patient), tenantId: northwind, patientId: patient }, [
      { at: new Date(now - HOUR_MS), name: 'heart_rate', value: 7 },
    ]);
  });

  test("week (the default): the 7 days to today in the provider's zone, each symptom's highest severity per day, by label", async () => {
    const answer = await clinician.get(`/api/patients/${patient}/conditions/summary`);
    expect(answer.status).toBe(200);
    const grid = answer.body as {
      timeframe: string;
      start_date: string;
      end_date: string;
      days: string[];
      symptoms: { name: string; label: string; severities: Record<string, number> }[];
    };
    const today = zonedDay(new Date(), DEMO_ZONE);
    expect(grid.timeframe).toBe('week');
    expect(grid.end_date).toBe(today);
    expect(grid.start_date).toBe(addDays(today, -6));
    expect(grid.days).toHaveLength(7);
    expect(grid.days).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    const want = expected(grid.start_date, today);
    expect(grid.symptoms).toEqual([
      { name: 'cough', label: 'Cough', severities: want.get('cough') },
      { name: 'shortness_of_breath', label: 'Shortness of Breath', severities: want.get('shortness_of_breath') },
    ]);
    // The day's highest: 7, not the 3 of a minute before.
    expect(grid.symptoms[0]?.severities[zonedDay(symptoms[1]!.at, DEMO_ZONE)]).toBe(7);
    expect((await clinician.get(`/api/patients/${patient}/conditions/summary`, { timeframe: 'week' })).body).toEqual(grid);
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({ action: 'read', resource: 'conditions/summary', record_id: 'week', patient_id: patient }),
    ]);
  });

  test('month: the 30 days to today', async () => {
    const grid = (await clinician.get(`/api/patients/${patient}/conditions/summary`, { timeframe: 'month' })).body as {
      days: string[];
      start_date: string;
      end_date: string;
      symptoms: { name: string; severities: Record<string, number> }[];
    };
    const today = zonedDay(new Date(), DEMO_ZONE);
    expect(grid.days).toHaveLength(30);
    expect(grid.days[0]).toBe(addDays(today, -29));
    expect(grid.days.at(-1)).toBe(today);
    const want = expected(grid.start_date, today);
    expect(grid.symptoms.map((s) => s.name)).toEqual(['cough', 'shortness_of_breath', 'wheezing']);
    expect(grid.symptoms.find((s) => s.name === 'wheezing')?.severities).toEqual(want.get('wheezing'));
  });

  test('an unknown timeframe is 422; another provider: 404; staff: 403; no token: 401', async () => {
    expect(isValidationError(await clinician.get(`/api/patients/${patient}/conditions/summary`, { timeframe: 'year' }), ['query', 'timeframe'])).toBe(true);
    expect(await lakesideAdmin.get(`/api/patients/${patient}/conditions/summary`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await staff.get(`/api/patients/${patient}/conditions/summary`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await anonymous(t.app, 'GET', `/api/patients/${patient}/conditions/summary`)).toMatchObject({ status: 401 });
    const lakesidePatient = await newPatient(t.app, lakeside, 'COPD');
    expect((await clinician.get(`/api/patients/${lakesidePatient}/conditions/summary`)).status).toBe(404);
  });
});
