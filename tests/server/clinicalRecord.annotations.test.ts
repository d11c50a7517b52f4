import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALREADY_ANNOTATED } from '../../src/server/resources/definitions/observationAnnotations';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { addReadings, addSymptoms, anonymous, auditOf, DAY_MS, HOUR_MS, newDevice, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Flags and notes on readings (spec 001 sections 3 "Annotation", 4 and 5; POST and DELETE
 * patients/{id}/observation-annotations) and the readings list (GET patients/{id}/observations-v2):
 * what an annotation holds, each refusal with its words and place, one annotation per reading,
 * removing one, the audit trail, and another provider's readings, which are not there.
 */

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let internalClinician: Client;
let clinicianId: number;
let patientId: number;
/** Another Northwind patient, and a Lakeside one, each with readings of their own. */
let otherPatientId: number;
let lakesidePatientId: number;
/** Readings of the test patient: heart rates (newest first by index), a blood pressure. */
let heartRates: number[];
let bloodPressure: number;
let otherReading: number;
let lakesideReading: number;
const db = () => t.app.db;

const annotationsUrl = (patient = patientId) => `/api/patients/${patient}/observation-annotations`;
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
const FLAG = { annotation_type: 'flag', annotation_reason: 'outlier', note: 'Cuff was loose' };
const NOTE = { annotation_type: 'note', annotation_reason: 'clinical_note', note: 'Patient had just climbed stairs' };

async function readingsOf(tenantId: number, patient: number, count: number, name = 'heart_rate'): Promise<number[]> {
  const device = { id: await newDevice(t.app, tenantId, patient), tenantId, patientId: patient };
  return addReadings(
    t.app,
    device,
    Array.from({ length: count }, (_, i) => ({ at: new Date(Date.now() - (i + 1) * HOUR_MS), name, value: 70 + i })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
  patientId = await newPatient(t.app, northwind);
  heartRates = await readingsOf(northwind, patientId, 12);
  [bloodPressure] = await addReadings(t.app, { id: await newDevice(t.app, northwind, patientId), tenantId: northwind, patientId }, [
    { at: new Date(Date.now() - 30 * HOUR_MS), name: 'blood_pressure', value: 150, value2: 95 },
  ]).then((ids) => ids as [number]);
  otherPatientId = await newPatient(t.app, northwind);
  [otherReading] = (await readingsOf(northwind, otherPatientId, 1)) as [number];
  lakesidePatientId = await newPatient(t.app, lakeside);
  [lakesideReading] = (await readingsOf(lakeside, lakesidePatientId, 1)) as [number];
}, 120_000);
afterAll(async () => t?.close());

/** Runs a refused write and checks that it changed no annotation. */
async function refused(write: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const before = await tableFingerprint(t.app, 'observation_annotations');
  const answer = await write();
  expect(await tableFingerprint(t.app, 'observation_annotations')).toBe(before);
  return answer;
}

describe('annotating a reading (POST patients/{id}/observation-annotations)', () => {
  test("a flag is the reading's, of the patient's provider, written by the caller", async () => {
    const answer = await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[0], ...FLAG });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        ...FLAG,
        observation_id: heartRates[0],
        patient_id: patientId,
        tenant_id: northwind,
        new_value: null,
        new_value2: null,
        author_id: clinicianId,
        author_name: expect.any(String) as unknown,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      },
    });
    const stored = await db()
      .selectFrom('observation_annotations')
      .selectAll()
      .where('id', '=', (answer.body as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ observation_id: heartRates[0], author_id: clinicianId, annotation_type: 'flag' });
  });

  test('a note, and a flag with a new value (a blood pressure: both values), are written as sent; the note is trimmed', async () => {
    const note = await admin.send('POST', annotationsUrl(), { observation_id: heartRates[1], ...NOTE, note: '  Patient had just climbed stairs  ' });
    expect(note).toMatchObject({ status: 201, body: { ...NOTE, new_value: null } });
    const bp = await clinician.send('POST', annotationsUrl(), {
      observation_id: bloodPressure,
      ...FLAG,
      annotation_reason: 'device_issue',
      new_value: 135,
      new_value2: 85,
    });
    expect(bp).toMatchObject({ status: 201, body: { annotation_reason: 'device_issue', new_value: 135, new_value2: 85 } });
    // The body may name the patient, as the path does.
    const named = await clinician.send('POST', annotationsUrl(), {
      observation_id: heartRates[2],
      patient_id: patientId,
      ...FLAG,
      annotation_reason: 'other',
      new_value: 66,
    });
    expect(named).toMatchObject({ status: 201, body: { patient_id: patientId, new_value: 66 } });
  });

  test.each([
    ['annotation_type', { annotation_reason: 'outlier', note: 'x' }],
    ['annotation_reason', { annotation_type: 'flag', note: 'x' }],
    ['note', { annotation_type: 'flag', annotation_reason: 'outlier' }],
    ['observation_id', { ...FLAG, observation_id: undefined }],
  ])('without %s: 422 at the field, nothing written', async (field, body) => {
    const answer = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...body }));
    expect(isValidationError(answer, ['body', field])).toBe(true);
    expect(detailOf(answer)[0]).toMatchObject({ msg: 'Field required', type: 'missing' });
  });

  test('an empty or blank note, an unknown type or reason: 422 at the field', async () => {
    for (const [body, field] of [
      [{ ...FLAG, note: '' }, 'note'],
      [{ ...FLAG, note: '   ' }, 'note'],
      [{ ...FLAG, annotation_type: 'comment' }, 'annotation_type'],
      [{ ...FLAG, annotation_reason: 'bored' }, 'annotation_reason'],
      [{ ...FLAG, note: 'x'.repeat(2001) }, 'note'],
    ] as const) {
      const answer = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...body }));
      expect(isValidationError(answer, ['body', field]), `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body)}`).toBe(true);
    }
  });

  test("a reason of the other type's: 422 at annotation_reason, naming the type's reasons", async () => {
    const flag = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...FLAG, annotation_reason: 'clinical_note' }));
    expect(isValidationError(flag, ['body', 'annotation_reason'])).toBe(true);
    expect(detailOf(flag)[0]?.msg).toBe('A flag takes one of these reasons: outlier, device_issue, other');
    const note = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...NOTE, annotation_reason: 'outlier' }));
    expect(isValidationError(note, ['body', 'annotation_reason'])).toBe(true);
    expect(detailOf(note)[0]?.msg).toBe('A note takes one of these reasons: clinical_note, context_info, other');
  });

  test('a new value on a note: 422 at new_value', async () => {
    for (const extra of [{ new_value: 80 }, { new_value2: 80 }]) {
      const answer = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...NOTE, ...extra }));
      expect(isValidationError(answer, ['body', 'new_value'])).toBe(true);
      expect(detailOf(answer)[0]?.msg).toBe('Only a flag may give a new value');
    }
  });

  test('a new blood pressure needs both values; a second value is only for blood pressure', async () => {
    const bp = await newPatient(t.app, northwind);
    const [reading] = await addReadings(t.app, { id: await newDevice(t.app, northwind, bp), tenantId: northwind, patientId: bp }, [
      { at: new Date(Date.now() - DAY_MS), name: 'blood_pressure', value: 140, value2: 90 },
    ]);
    for (const values of [{ new_value: 130 }, { new_value2: 85 }, { new_value: 130, new_value2: null }]) {
      const answer = await refused(() => clinician.send('POST', annotationsUrl(bp), { observation_id: reading, ...FLAG, ...values }));
      expect(isValidationError(answer, ['body', 'new_value2']), JSON.stringify(values)).toBe(true);
      expect(detailOf(answer)[0]?.msg).toBe('A new blood pressure needs both systolic and diastolic');
    }
    const heartRate = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: heartRates[3], ...FLAG, new_value: 70, new_value2: 40 }));
    expect(isValidationError(heartRate, ['body', 'new_value2'])).toBe(true);
    expect(detailOf(heartRate)[0]?.msg).toBe('Only a blood pressure takes a second value');
  });

  test("a reading of another patient, another provider's or none: 422 'The referenced record does not exist', all alike", async () => {
    const answers: unknown[] = [];
    for (const observation of [otherReading, lakesideReading, 2147483000]) {
      const answer = await refused(() => clinician.send('POST', annotationsUrl(), { observation_id: observation, ...FLAG }));
      expect(answer.status).toBe(422);
      answers.push(answer.body);
    }
    expect(answers).toEqual(Array(3).fill({ detail: [{ loc: ['body', 'observation_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] }));
    expect(MISSING_REFERENCE).toBe('The referenced record does not exist');
  });

  test("a reading that already has an annotation: 409 'This reading already has an annotation'", async () => {
    expect((await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[4], ...NOTE })).status).toBe(201);
    for (const body of [FLAG, NOTE, { ...FLAG, new_value: 60 }]) {
      const answer = await refused(() => admin.send('POST', annotationsUrl(), { observation_id: heartRates[4], ...body }));
      expect(answer).toMatchObject({ status: 409, body: { detail: ALREADY_ANNOTATED } });
    }
    expect(ALREADY_ANNOTATED).toBe('This reading already has an annotation');
  });

  test('a write is audited for the patient, with its author', async () => {
    const answer = await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[5], ...FLAG });
    const id = (answer.body as { id: number }).id;
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'observation-annotations',
        record_id: String(id),
        patient_id: patientId,
        tenant_id: northwind,
        actor_id: clinicianId,
        outcome: 'allowed',
      }),
    ]);
  });

  test("an internal user's annotation is the patient's provider's", async () => {
    const answer = await internalClinician.send('POST', annotationsUrl(), { observation_id: heartRates[6], ...NOTE });
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: northwind, author_id: await userId(t.app, 'internal.clinician@demo.example') } });
  });
});

describe('removing an annotation (DELETE patients/{id}/observation-annotations/{id})', () => {
  test('the flag goes, the reading is back in the chart, and the removal is audited', async () => {
    const created = await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[7], ...FLAG });
    const id = (created.body as { id: number }).id;
    const chart = async () =>
      ((await clinician.get(`/api/patients/${patientId}/charts/heart_rate`)).body as { points: { id: number }[] }).points.map((p) => p.id);
    expect(await chart()).not.toContain(heartRates[7]);

    const answer = await clinician.send('DELETE', `${annotationsUrl()}/${id}`);
    // The engine's deletes answer 200 with the record removed (resources/README.md), as every resource's.
    expect(answer).toMatchObject({ status: 200, body: { id, observation_id: heartRates[7] } });
    expect(await db().selectFrom('observation_annotations').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await chart()).toContain(heartRates[7]);
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({ action: 'delete', resource: 'observation-annotations', record_id: String(id), patient_id: patientId, outcome: 'allowed' }),
    ]);
    // Gone: a second removal is 404; the reading may be annotated again.
    expect(await clinician.send('DELETE', `${annotationsUrl()}/${id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect((await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[7], ...NOTE })).status).toBe(201);
  });

  test("an annotation removed through another patient's path, or by another provider, or by staff, stays", async () => {
    const created = await clinician.send('POST', annotationsUrl(), { observation_id: heartRates[8], ...FLAG });
    const id = (created.body as { id: number }).id;
    expect(await refused(() => clinician.send('DELETE', `${annotationsUrl(otherPatientId)}/${id}`))).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await refused(() => lakesideAdmin.send('DELETE', `${annotationsUrl()}/${id}`))).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await refused(() => lakesideAdmin.send('DELETE', `/api/observation-annotations/${id}`))).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await refused(() => staff.send('DELETE', `${annotationsUrl()}/${id}`))).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });
});

describe("another provider's readings", () => {
  test("Lakeside's admin cannot annotate a Northwind reading, by any path, and learns nothing of it", async () => {
    // Under the Northwind patient: the patient is not there.
    const underPatient = await refused(() => lakesideAdmin.send('POST', annotationsUrl(), { observation_id: heartRates[9], ...FLAG }));
    expect(underPatient).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    // Under their own patient: the reading is not there.
    const underOwn = await refused(() => lakesideAdmin.send('POST', annotationsUrl(lakesidePatientId), { observation_id: heartRates[9], ...FLAG }));
    expect(underOwn).toEqual(
      expect.objectContaining({ status: 422, body: { detail: [{ loc: ['body', 'observation_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } }),
    );
    // At the top level, naming the Northwind patient: the patient is not there.
    const top = await refused(() =>
      lakesideAdmin.send('POST', '/api/observation-annotations', { patient_id: patientId, observation_id: heartRates[9], ...FLAG }),
    );
    expect(isValidationError(top, ['body', 'patient_id'])).toBe(true);
    expect(detailOf(top)[0]?.msg).toBe(MISSING_REFERENCE);
  });

  test('staff (no patients.queue) may not annotate; no token is 401', async () => {
    expect(await refused(() => staff.send('POST', annotationsUrl(), { observation_id: heartRates[9], ...FLAG }))).toMatchObject({
      status: 403,
      body: { detail: 'Not enough permissions' },
    });
    expect(await anonymous(t.app, 'POST', annotationsUrl(), { observation_id: heartRates[9], ...FLAG })).toMatchObject({ status: 401 });
  });
});

describe('the readings list (GET patients/{id}/observations-v2)', () => {
  let listed: number;
  let readings: number[];

  beforeAll(async () => {
    listed = await newPatient(t.app, northwind);
    readings = await readingsOf(northwind, listed, 12);
    await addSymptoms(t.app, { tenantId: northwind, patientId: listed }, [
      { at: new Date(Date.now() - 90 * 60_000), name: 'cough', severity: 4 },
      { at: new Date(Date.now() - 20 * HOUR_MS), name: 'fatigue', severity: 7 },
    ]);
  });

  test('10 a page, newest first, with the unit as unit.text and the total in Content-Range', async () => {
    const answer = await clinician.get(`/api/patients/${listed}/observations-v2`, { limit: '10' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('observations-v2 0-9/14');
    const rows = answer.body as Row[];
    expect(rows).toHaveLength(10);
    const times = rows.map((r) => Date.parse(String(r.timestamp)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Readings at 1, 2, 3 ... hours ago, a symptom at 1.5 hours ago.
    expect(rows.slice(0, 3).map((r) => r.id)).toEqual([readings[0], expect.any(Number), readings[1]]);
    expect(rows[0]).toMatchObject({
      id: readings[0],
      patient_id: listed,
      tenant_id: northwind,
      name: 'heart_rate',
      category: 'vital-signs',
      source: 'device',
      value: 70,
      value2: null,
      unit: { text: 'bpm' },
      timestamp_end: null,
    });
    expect(Object.keys(rows[0] as Row)).toEqual(
      expect.arrayContaining([
        'id',
        'patient_id',
        'timestamp',
        'timestamp_end',
        'name',
        'category',
        'source',
        'value',
        'value2',
        'unit',
        'additional_info',
        'codes',
        'created_at',
        'updated_at',
      ]),
    );
    const second = await clinician.get(`/api/patients/${listed}/observations-v2`, { limit: '10', skip: '10' });
    expect(second.headers['content-range']).toBe('observations-v2 10-13/14');
    // Readings 9 to 11 (10 to 12 hours ago), then the symptom of 20 hours ago.
    expect((second.body as Row[]).map((r) => r.id)).toEqual([...readings.slice(9), expect.any(Number)]);
  });

  test('filtered by category survey: the symptoms, severity as value, source patient', async () => {
    const answer = await clinician.get(`/api/patients/${listed}/observations-v2`, { filter: { category: 'survey' } });
    expect(answer.headers['content-range']).toBe('observations-v2 0-1/2');
    expect(answer.body).toEqual([
      expect.objectContaining({ name: 'cough', category: 'survey', source: 'patient', value: 4, unit: { text: null } }),
      expect.objectContaining({ name: 'fatigue', category: 'survey', source: 'patient', value: 7 }),
    ]);
    const vitals = await clinician.get(`/api/patients/${listed}/observations-v2`, {
      filter: { 'category[eq]': 'vital-signs', 'name[eq]': 'heart_rate' },
      limit: '500',
    });
    expect((vitals.body as Row[]).map((r) => r.id)).toEqual(readings);
  });

  test('the list is audited for the patient', async () => {
    const answer = await clinician.get(`/api/patients/${listed}/observations-v2`, { limit: '2' });
    const rows = await auditOf(t.app, answer);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.patient_id === listed && r.resource === 'observations-v2' && r.action === 'list')).toBe(true);
  });

  test("another provider's admin: 404, as for no patient; staff: 403; no token: 401", async () => {
    expect(await lakesideAdmin.get(`/api/patients/${listed}/observations-v2`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakesideAdmin.get(`/api/patients/${listed}/observations-v2/${readings[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await lakesideAdmin.get(`/api/observations-v2/${readings[0]}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    const theirs = await lakesideAdmin.get('/api/observations-v2', { filter: { patient_id: listed } });
    expect(theirs).toMatchObject({ status: 200, body: [] });
    expect(await staff.get(`/api/patients/${listed}/observations-v2`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await anonymous(t.app, 'GET', `/api/patients/${listed}/observations-v2`)).toMatchObject({ status: 401 });
    // A reading of another of the provider's patients is not this patient's.
    expect(await clinician.get(`/api/patients/${listed}/observations-v2/${otherReading}`)).toMatchObject({ status: 404 });
    expect(await clinician.get(`/api/patients/${listed}/observations-v2/${readings[0]}`)).toMatchObject({ status: 200, body: { id: readings[0] } });
  });

  test('the readings are read only', async () => {
    expect((await clinician.send('POST', `/api/patients/${listed}/observations-v2`, { name: 'heart_rate', value: 1 })).status).toBe(404);
    expect((await clinician.send('DELETE', `/api/observations-v2/${readings[0]}`)).status).toBe(404);
  });
});
