import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MEDICATION_NOT_EDITABLE, NOT_PRODUCT_RECORD } from '../../src/server/resources/definitions/medicalHistory';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { HAS_ALLERGIES } from '../../src/server/services/medicalHistory/historyWrites';
import { anonymous, auditOf, DEMO_ZONE, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import {
  BODIES,
  dayIn,
  detailOf,
  insertRecord,
  PENICILLIN,
  REACTIONS,
  RECORD_KINDS,
  TABLE_OF,
  URTICARIA,
  type RecordKind,
  type Row,
} from './medicalHistory.helpers';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * The medical history's records (spec 001 sections 3 to 7; src/server/routes/medicalHistory/README.md):
 * conditions, medication statements, allergies and intolerances, encounters, each listed, read and
 * written under its patient (`/api/patients/{id}/{kind}[/{id}]`). What the server sets whatever the
 * body says, the default order of each list, each refusal with its words and place (and that it
 * changed nothing), the records of other sources that are read only, a medication's stop, No Known
 * Allergies, the patient's diagnosis badges, another provider's patient, and the audit trail.
 */

let t: TestApp;
let northwind: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let lakesideClinician: Client;
let internalClinician: Client;
let clinicianId: number;
const db = () => t.app.db;

const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const UNKNOWN_PATIENT = 2147483000;
const url = (kind: RecordKind, patient: number, id?: number) => `/api/patients/${patient}/${kind}${id === undefined ? '' : `/${id}`}`;
const idOf = (answer: ApiAnswer) => (answer.body as { id: number }).id;

/** Creates a record of the patient through the API (the body merged over the kind's valid one) and answers it. */
async function create(kind: RecordKind, patient: number, body: Row = {}, client = clinician): Promise<Row & { id: number }> {
  const answer = await client.send('POST', url(kind, patient), { ...BODIES[kind], ...body });
  expect(answer.status, `create ${kind}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body as Row & { id: number };
}

/** Runs a refused write and checks that it changed nothing in the table (nor the patients, for allergies). */
async function refused(kind: RecordKind, write: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const tables = [TABLE_OF[kind], 'patients'];
  const before = await Promise.all(tables.map((table) => tableFingerprint(t.app, table)));
  const answer = await write();
  expect(await Promise.all(tables.map((table) => tableFingerprint(t.app, table))), `unchanged after ${JSON.stringify(answer.body)}`).toEqual(before);
  return answer;
}

const patientRecord = async (patient: number) => (await clinician.get(`/api/patients/${patient}`)).body as Row & { profile: Row | null; diagnoses: string[] };

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  lakesideClinician = await clientFor(t.app, 'clinician@lakeside.demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
}, 120_000);
afterAll(async () => t?.close());

describe('conditions (patients/{id}/conditions)', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test("created: 201, named after the ICD-10-CM code (normalised), a diagnosis of the product, the patient's provider's, by the caller", async () => {
    const answer = await clinician.send('POST', url('conditions', patient), {
      status: 'active',
      start_date: '2025-03-01',
      additional_info: { icd10_id: 'i509', notes: '  Since the spring  ' },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        patient_id: patient,
        tenant_id: northwind,
        name: 'Heart failure, unspecified',
        category: 'diagnosis',
        source: 'product',
        status: 'active',
        start_date: '2025-03-01',
        end_date: null,
        icd10_id: 'I50.9',
        additional_info: { icd10_id: 'I50.9', notes: 'Since the spring' },
        author_id: clinicianId,
      },
    });
    const stored = await db().selectFrom('conditions').selectAll().where('id', '=', idOf(answer)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Heart failure, unspecified', icd10_id: 'I50.9', source: 'product', author_id: clinicianId, tenant_id: northwind });
    // The record reads back as it was answered.
    expect(await clinician.get(url('conditions', patient, idOf(answer)))).toMatchObject({ status: 200, body: answer.body as Row });
  });

  test('the list: the latest start first, with the total in Content-Range', async () => {
    const listed = await newPatient(t.app, northwind);
    const starts = ['2024-06-01', '2025-01-15', '2023-02-02'];
    const ids = [];
    for (const start_date of starts) ids.push((await create('conditions', listed, { start_date })).id);
    const answer = await clinician.get(url('conditions', listed));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('conditions 0-2/3');
    expect((answer.body as Row[]).map((r) => [r.id, r.start_date])).toEqual([
      [ids[1], '2025-01-15'],
      [ids[0], '2024-06-01'],
      [ids[2], '2023-02-02'],
    ]);
  });

  test('an edit takes the new code and its name; PUT replaces the record', async () => {
    const condition = await create('conditions', patient);
    const patched = await clinician.send('PATCH', url('conditions', patient, condition.id), { additional_info: { icd10_id: 'i10' } });
    expect(patched).toMatchObject({ status: 200, body: { id: condition.id, icd10_id: 'I10', name: 'Essential (primary) hypertension', source: 'product' } });
    const put = await clinician.send('PUT', url('conditions', patient, condition.id), {
      status: 'remission',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      additional_info: { icd10_id: 'E11.9', notes: 'Diet controlled' },
    });
    expect(put).toMatchObject({
      status: 200,
      body: {
        status: 'remission',
        start_date: '2024-01-01',
        end_date: '2024-12-31',
        icd10_id: 'E11.9',
        name: 'Type 2 diabetes mellitus without complications',
        category: 'diagnosis',
        author_id: clinicianId,
      },
    });
  });

  test("an unknown code: 422 'Unknown ICD-10-CM code' at additional_info.icd10_id, on create and edit, nothing written", async () => {
    const condition = await create('conditions', patient);
    for (const write of [
      () => clinician.send('POST', url('conditions', patient), { ...BODIES.conditions, additional_info: { icd10_id: 'I50.99' } }),
      () => clinician.send('PATCH', url('conditions', patient, condition.id), { additional_info: { icd10_id: 'I50.99' } }),
    ]) {
      const answer = await refused('conditions', write);
      expect(isValidationError(answer, ['body', 'additional_info', 'icd10_id']), JSON.stringify(answer.body)).toBe(true);
      expect(detailOf(answer)[0]).toMatchObject({ msg: 'Unknown ICD-10-CM code', type: 'foreign_key' });
    }
  });

  test("an edit without a start date: 422 'Start date is required'; a new condition may have none", async () => {
    const undated = await create('conditions', patient, { start_date: null });
    expect(undated.start_date).toBeNull();
    const dated = await create('conditions', patient);
    for (const write of [
      () => clinician.send('PATCH', url('conditions', patient, undated.id), { status: 'inactive' }),
      () => clinician.send('PUT', url('conditions', patient, undated.id), { status: 'inactive', additional_info: { icd10_id: 'I50.9' } }),
      () => clinician.send('PATCH', url('conditions', patient, dated.id), { start_date: null }),
    ]) {
      const answer = await refused('conditions', write);
      expect(isValidationError(answer, ['body', 'start_date']), JSON.stringify(answer.body)).toBe(true);
      expect(detailOf(answer)[0]).toMatchObject({ msg: 'Start date is required', type: 'missing' });
    }
    expect(await clinician.send('PATCH', url('conditions', patient, undated.id), { status: 'inactive', start_date: '2024-05-05' })).toMatchObject({
      status: 200,
      body: { status: 'inactive', start_date: '2024-05-05' },
    });
  });

  test('an end before the start: 422 at end_date, on create and on an edit of either date', async () => {
    const condition = await create('conditions', patient, { start_date: '2025-03-01', end_date: '2025-06-01' });
    for (const write of [
      () => clinician.send('POST', url('conditions', patient), { ...BODIES.conditions, start_date: '2025-05-01', end_date: '2025-04-30' }),
      () => clinician.send('PATCH', url('conditions', patient, condition.id), { end_date: '2025-02-28' }),
      () => clinician.send('PATCH', url('conditions', patient, condition.id), { start_date: '2025-06-02' }),
    ]) {
      const answer = await refused('conditions', write);
      expect(isValidationError(answer, ['body', 'end_date']), JSON.stringify(answer.body)).toBe(true);
      expect(detailOf(answer)[0]?.msg).toBe('End date must be on or after the start date');
    }
    // The same day is fine.
    expect((await clinician.send('PATCH', url('conditions', patient, condition.id), { end_date: '2025-03-01' })).status).toBe(200);
  });

  test('a product condition is deleted: 200 with the record as it was, and it is gone', async () => {
    const condition = await create('conditions', patient);
    expect(await clinician.send('DELETE', url('conditions', patient, condition.id))).toMatchObject({ status: 200, body: { id: condition.id } });
    expect(await db().selectFrom('conditions').select('id').where('id', '=', condition.id).executeTakeFirst()).toBeUndefined();
    expect(await clinician.get(url('conditions', patient, condition.id))).toMatchObject(NOT_FOUND);
  });

  test("the patient's diagnoses hold the code of a condition that is not over, and drop it once resolved", async () => {
    const badges = await newPatient(t.app, northwind);
    expect((await patientRecord(badges)).diagnoses).toEqual([]);
    const condition = await create('conditions', badges, { additional_info: { icd10_id: 'E11.9' } });
    await create('conditions', badges, { status: 'remission', additional_info: { icd10_id: 'I10' } });
    expect((await patientRecord(badges)).diagnoses).toEqual(['E11.9']);
    expect((await clinician.send('PATCH', url('conditions', badges, condition.id), { status: 'resolved' })).status).toBe(200);
    expect((await patientRecord(badges)).diagnoses).toEqual([]);
    // A relapse is not over either.
    expect((await clinician.send('PATCH', url('conditions', badges, condition.id), { status: 'relapse' })).status).toBe(200);
    expect((await patientRecord(badges)).diagnoses).toEqual(['E11.9']);
  });
});

describe('medication statements (patients/{id}/medication-statements)', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test('created: active, outpatient, of the product, with no update reason, whatever status the body gives', async () => {
    for (const status of ['stopped', 'completed', 'in-progress']) {
      const answer = await clinician.send('POST', url('medication-statements', patient), { ...BODIES['medication-statements'], status });
      expect(answer, status).toMatchObject({
        status: 201,
        body: {
          patient_id: patient,
          tenant_id: northwind,
          status: 'active',
          category: 'outpatient',
          source: 'product',
          update_reason: null,
          medication_name: 'metoprolol tartrate 50 MG Oral Tablet',
          medication: BODIES['medication-statements'].medication as Row,
          dosage: BODIES['medication-statements'].dosage as Row,
          start_date: '2025-01-10',
          end_date: null,
          author_id: clinicianId,
        },
      });
    }
  });

  test('the list: the latest start first, with the total in Content-Range', async () => {
    const listed = await newPatient(t.app, northwind);
    const ids = [];
    for (const start_date of ['2025-02-01', '2023-07-07', '2025-09-30']) ids.push((await create('medication-statements', listed, { start_date })).id);
    const answer = await clinician.get(url('medication-statements', listed));
    expect(answer.headers['content-range']).toBe('medication-statements 0-2/3');
    expect((answer.body as Row[]).map((r) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  test("an edit records 'incorrect-details'; stopping or completing records 'status-change'; then it is read only", async () => {
    const medication = await create('medication-statements', patient);
    const dose = { ...(BODIES['medication-statements'].dosage as Row), dose_quantity: { value: 2, unit: 'tablet' } };
    expect(await clinician.send('PATCH', url('medication-statements', patient, medication.id), { dosage: dose })).toMatchObject({
      status: 200,
      body: { update_reason: 'incorrect-details', status: 'active', dosage: dose },
    });
    expect(await clinician.send('PATCH', url('medication-statements', patient, medication.id), { status: 'in-progress' })).toMatchObject({
      status: 200,
      body: { update_reason: 'incorrect-details', status: 'in-progress' },
    });
    expect(await clinician.send('PATCH', url('medication-statements', patient, medication.id), { status: 'stopped', end_date: '2025-06-01' })).toMatchObject({
      status: 200,
      body: { update_reason: 'status-change', status: 'stopped', end_date: '2025-06-01' },
    });
    const completed = await create('medication-statements', patient);
    expect(await clinician.send('PATCH', url('medication-statements', patient, completed.id), { status: 'completed' })).toMatchObject({
      status: 200,
      body: { update_reason: 'status-change', status: 'completed' },
    });
    // A stopped or completed medication is not changed any more, by any call.
    for (const id of [medication.id, completed.id]) {
      for (const write of [
        () => clinician.send('PATCH', url('medication-statements', patient, id), { status: 'active' }),
        () => clinician.send('PUT', url('medication-statements', patient, id), BODIES['medication-statements']),
        () => clinician.send('DELETE', url('medication-statements', patient, id)),
      ]) {
        expect(await refused('medication-statements', write)).toMatchObject({ status: 409, body: { detail: MEDICATION_NOT_EDITABLE } });
      }
    }
    expect(MEDICATION_NOT_EDITABLE).toBe('Only active medications entered in this console can be changed');
  });

  test("DELETE stops the medication: 200 with it stopped, ended today (the provider's day), still listed; a second DELETE is 409", async () => {
    const medication = await create('medication-statements', patient, { start_date: '2024-03-03' });
    const dayBefore = dayIn(DEMO_ZONE);
    const answer = await clinician.send('DELETE', url('medication-statements', patient, medication.id));
    const dayAfter = dayIn(DEMO_ZONE);
    expect(answer).toMatchObject({ status: 200, body: { id: medication.id, status: 'stopped', update_reason: 'status-change', start_date: '2024-03-03' } });
    expect([dayBefore, dayAfter]).toContain((answer.body as Row).end_date);
    const listed = await clinician.get(url('medication-statements', patient));
    expect((listed.body as Row[]).find((r) => r.id === medication.id)).toMatchObject({ status: 'stopped', update_reason: 'status-change' });
    expect(await db().selectFrom('medication_statements').select('status').where('id', '=', medication.id).executeTakeFirst()).toEqual({ status: 'stopped' });
    expect(await auditOf(t.app, answer)).toEqual([
      expect.objectContaining({
        action: 'update',
        resource: 'medication-statements',
        record_id: String(medication.id),
        patient_id: patient,
        outcome: 'allowed',
      }),
    ]);
    expect(await refused('medication-statements', () => clinician.send('DELETE', url('medication-statements', patient, medication.id)))).toMatchObject({
      status: 409,
      body: { detail: MEDICATION_NOT_EDITABLE },
    });
  });

  test('a stop keeps the end date the medication had; the top-level DELETE /medication-statements/{id} stops too', async () => {
    const ending = await create('medication-statements', patient, { start_date: '2025-01-01', end_date: '2031-01-31' });
    expect(await clinician.send('DELETE', url('medication-statements', patient, ending.id))).toMatchObject({
      status: 200,
      body: { status: 'stopped', end_date: '2031-01-31' },
    });
    const top = await create('medication-statements', patient);
    expect(await clinician.send('DELETE', `/api/medication-statements/${top.id}`)).toMatchObject({
      status: 200,
      body: { id: top.id, status: 'stopped', update_reason: 'status-change' },
    });
    // Under another patient's path the medication is not there.
    const other = await newPatient(t.app, northwind);
    const kept = await create('medication-statements', patient);
    expect(await refused('medication-statements', () => clinician.send('DELETE', url('medication-statements', other, kept.id)))).toMatchObject(NOT_FOUND);
  });

  test('an end before the start: 422 at end_date', async () => {
    const medication = await create('medication-statements', patient, { start_date: '2025-01-10' });
    for (const write of [
      () => clinician.send('POST', url('medication-statements', patient), { ...BODIES['medication-statements'], end_date: '2025-01-09' }),
      () => clinician.send('PATCH', url('medication-statements', patient, medication.id), { end_date: '2024-12-31' }),
    ]) {
      expect(isValidationError(await refused('medication-statements', write), ['body', 'end_date'])).toBe(true);
    }
  });
});

describe('allergies and intolerances (patients/{id}/allergy-intolerances)', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test('created: the substance and reactions keep the SNOMED CT system, the notes are trimmed, the status is active by default', async () => {
    const { status: _status, ...body } = BODIES['allergy-intolerances'];
    const answer = await clinician.send('POST', url('allergy-intolerances', patient), {
      ...body,
      reaction: [URTICARIA, REACTIONS[1]],
      notes: '  Since childhood ',
    });
    const system = 'http://snomed.info/sct';
    expect(answer).toMatchObject({
      status: 201,
      body: {
        patient_id: patient,
        tenant_id: northwind,
        category: 'medication',
        substance: { ...PENICILLIN, system },
        substance_name: 'Penicillin',
        reaction: [
          { ...URTICARIA, system },
          { ...REACTIONS[1], system },
        ],
        reaction_severity: 'moderate',
        status: 'active',
        source: 'product',
        onset_date: '2010-05-01',
        notes: 'Since childhood',
        author_id: clinicianId,
      },
    });
  });

  test('the list: the latest onset first, with the total in Content-Range', async () => {
    const listed = await newPatient(t.app, northwind);
    const ids = [];
    for (const onset_date of ['2001-01-01', '2019-09-09', '2010-10-10']) ids.push((await create('allergy-intolerances', listed, { onset_date })).id);
    const answer = await clinician.get(url('allergy-intolerances', listed));
    expect(answer.headers['content-range']).toBe('allergy-intolerances 0-2/3');
    expect((answer.body as Row[]).map((r) => r.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  test('No Known Allergies and an active allergy exclude each other, both ways', async () => {
    const noAllergies = await newPatient(t.app, northwind);
    const set = () => clinician.send('POST', `/api/patients/${noAllergies}/allergy-intolerances/no-known-allergies`);
    const first = await set();
    expect(first).toMatchObject({ status: 200, body: { patient_id: noAllergies, no_known_allergies: true } });
    expect((await patientRecord(noAllergies)).profile).toMatchObject({ no_known_allergies: true });
    expect(await auditOf(t.app, first)).toEqual([
      expect.objectContaining({
        action: 'update',
        resource: 'allergy-intolerances/no-known-allergies',
        patient_id: noAllergies,
        tenant_id: northwind,
        actor_id: clinicianId,
      }),
    ]);

    // Adding an allergy clears the flag.
    const allergy = await create('allergy-intolerances', noAllergies);
    expect((await patientRecord(noAllergies)).profile).toMatchObject({ no_known_allergies: false });
    // While it is active, the flag is refused and nothing changes.
    const conflict = await refused('allergy-intolerances', set);
    expect(conflict).toMatchObject({ status: 409, body: { detail: HAS_ALLERGIES } });
    expect((await patientRecord(noAllergies)).profile).toMatchObject({ no_known_allergies: false });

    // Resolved, it no longer stands in the way.
    expect(await clinician.send('PATCH', url('allergy-intolerances', noAllergies, allergy.id), { status: 'resolved' })).toMatchObject({
      status: 200,
      body: { status: 'resolved' },
    });
    expect(await set()).toMatchObject({ status: 200, body: { no_known_allergies: true } });
    expect((await patientRecord(noAllergies)).profile).toMatchObject({ no_known_allergies: true });
  });

  test('four reactions: 422 at reaction (the schema allows 3); a reaction twice: 422; nothing written', async () => {
    const allergy = await create('allergy-intolerances', patient);
    const three = REACTIONS.slice(0, 3);
    for (const [reaction, message] of [
      [[...REACTIONS], undefined],
      [[URTICARIA, REACTIONS[1], URTICARIA], 'Each reaction may be listed once'],
    ] as const) {
      for (const write of [
        () => clinician.send('POST', url('allergy-intolerances', patient), { ...BODIES['allergy-intolerances'], reaction }),
        () => clinician.send('PATCH', url('allergy-intolerances', patient, allergy.id), { reaction }),
      ]) {
        const answer = await refused('allergy-intolerances', write);
        expect(isValidationError(answer, ['body', 'reaction']), JSON.stringify(answer.body)).toBe(true);
        if (message) expect(detailOf(answer)[0]?.msg).toBe(message);
      }
    }
    expect(await clinician.send('PATCH', url('allergy-intolerances', patient, allergy.id), { reaction: three })).toMatchObject({
      status: 200,
      body: { reaction: three.map((r) => ({ ...r, system: 'http://snomed.info/sct' })) },
    });
  });

  test('a product allergy is deleted: 200, gone', async () => {
    const allergy = await create('allergy-intolerances', patient);
    expect(await clinician.send('DELETE', url('allergy-intolerances', patient, allergy.id))).toMatchObject({ status: 200, body: { id: allergy.id } });
    expect(await clinician.get(url('allergy-intolerances', patient, allergy.id))).toMatchObject(NOT_FOUND);
  });

  test("a demo allergy (the seed's) read and sent back unchanged is accepted, as the console's edit form sends it", async () => {
    const seeded = await db()
      .selectFrom('allergy_intolerances')
      .select(['id', 'patient_id'])
      .where('tenant_id', '=', northwind)
      .where('source', '=', 'product')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const read = await clinician.get(url('allergy-intolerances', seeded.patient_id, seeded.id));
    expect(read.status).toBe(200);
    const answer = await clinician.send('PUT', url('allergy-intolerances', seeded.patient_id, seeded.id), read.body);
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { id: seeded.id } });
  });
});

describe('encounters (patients/{id}/encounters)', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test('created: 201, of the product, the notes trimmed', async () => {
    const answer = await clinician.send('POST', url('encounters', patient), { ...BODIES.encounters, notes: '  Reviewed the readings  ' });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        ...BODIES.encounters,
        notes: 'Reviewed the readings',
        patient_id: patient,
        tenant_id: northwind,
        source: 'product',
        end_date: null,
        author_id: clinicianId,
      },
    });
  });

  test('the list: the latest start first, with the total in Content-Range', async () => {
    const listed = await newPatient(t.app, northwind);
    const ids = [];
    for (const start_date of ['2025-05-05', '2025-11-11', '2024-04-04']) ids.push((await create('encounters', listed, { start_date })).id);
    const answer = await clinician.get(url('encounters', listed));
    expect(answer.headers['content-range']).toBe('encounters 0-2/3');
    expect((answer.body as Row[]).map((r) => r.id)).toEqual([ids[1], ids[0], ids[2]]);
  });

  test('without notes or class, an unknown type or class, blank notes, an end before the start: 422 at the field, nothing written', async () => {
    const { notes: _notes, ...withoutNotes } = BODIES.encounters;
    const { encounter_class: _class, ...withoutClass } = BODIES.encounters;
    const encounter = await create('encounters', patient);
    const cases: [() => Promise<ApiAnswer>, string, string?][] = [
      [() => clinician.send('POST', url('encounters', patient), withoutNotes), 'notes', 'Field required'],
      [() => clinician.send('POST', url('encounters', patient), withoutClass), 'encounter_class', 'Field required'],
      [() => clinician.send('POST', url('encounters', patient), { ...BODIES.encounters, encounter_type: 'house_party' }), 'encounter_type'],
      [() => clinician.send('POST', url('encounters', patient), { ...BODIES.encounters, encounter_class: 'ambulance' }), 'encounter_class'],
      [() => clinician.send('POST', url('encounters', patient), { ...BODIES.encounters, notes: '   ' }), 'notes', 'Notes are required'],
      [() => clinician.send('PATCH', url('encounters', patient, encounter.id), { notes: '  ' }), 'notes', 'Notes are required'],
      [() => clinician.send('POST', url('encounters', patient), { ...BODIES.encounters, end_date: '2025-01-31' }), 'end_date'],
      [() => clinician.send('PATCH', url('encounters', patient, encounter.id), { start_date: '2025-02-30' }), 'start_date'],
    ];
    for (const [write, field, message] of cases) {
      const answer = await refused('encounters', write);
      expect(isValidationError(answer, ['body', field]), `${field}: ${JSON.stringify(answer.body)}`).toBe(true);
      if (message) expect(detailOf(answer)[0]?.msg).toBe(message);
    }
  });

  test('a product encounter is edited and deleted', async () => {
    const encounter = await create('encounters', patient);
    expect(await clinician.send('PATCH', url('encounters', patient, encounter.id), { status: 'cancelled', end_date: '2025-02-01' })).toMatchObject({
      status: 200,
      body: { status: 'cancelled', end_date: '2025-02-01' },
    });
    expect(await clinician.send('DELETE', url('encounters', patient, encounter.id))).toMatchObject({ status: 200, body: { id: encounter.id } });
    expect(await db().selectFrom('encounters').select('id').where('id', '=', encounter.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('records of other sources (the EHR, the patient app) are read only here', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test.each(RECORD_KINDS.map((kind) => [kind] as const))(
    "%s: PUT, PATCH and DELETE of an 'ehr' or 'patient' record answer 409, and change nothing",
    async (kind) => {
      const detail = kind === 'medication-statements' ? MEDICATION_NOT_EDITABLE : NOT_PRODUCT_RECORD;
      for (const source of ['ehr', 'patient']) {
        const id = await insertRecord(t.app, TABLE_OF[kind], { tenantId: northwind, patientId: patient, source });
        // It is listed and read like any other.
        expect(await clinician.get(url(kind, patient, id))).toMatchObject({ status: 200, body: { id, source } });
        const writes = [
          () => clinician.send('PUT', url(kind, patient, id), BODIES[kind]),
          () => clinician.send('PATCH', url(kind, patient, id), kind === 'allergy-intolerances' ? { onset_date: '2000-01-01' } : { start_date: '2024-01-02' }),
          () => clinician.send('DELETE', url(kind, patient, id)),
          () => admin.send('DELETE', `/api/${kind}/${id}`),
        ];
        for (const write of writes) expect(await refused(kind, write), `${kind} of ${source}`).toMatchObject({ status: 409, body: { detail } });
      }
      expect(NOT_PRODUCT_RECORD).toBe('Only records entered in this console can be changed');
    },
  );

  test.each(RECORD_KINDS.map((kind) => [kind] as const))('%s: a record does not move to another patient (422 at patient_id)', async (kind) => {
    const record = await create(kind, patient);
    const other = await newPatient(t.app, northwind);
    const answer = await refused(kind, () => clinician.send('PATCH', `/api/${kind}/${record.id}`, { patient_id: other }));
    expect(isValidationError(answer, ['body', 'patient_id']), JSON.stringify(answer.body)).toBe(true);
    expect(detailOf(answer)[0]?.msg).toBe('A record cannot move to another patient');
    // Under the other patient's path the record is not there.
    expect(await refused(kind, () => clinician.send('PATCH', url(kind, other, record.id), {}))).toMatchObject(NOT_FOUND);
    expect(await clinician.get(url(kind, other, record.id))).toMatchObject(NOT_FOUND);
  });
});

describe("another provider's patient, and who may use the records", () => {
  let patient: number;
  const records = {} as Record<RecordKind, number>;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
    for (const kind of RECORD_KINDS) records[kind] = (await create(kind, patient)).id;
  });

  /** Every call of a record kind under a patient's path. */
  const calls = (kind: RecordKind, patientId: number, id: number): [string, (client: Client) => Promise<ApiAnswer>][] => [
    ['list', (c) => c.get(url(kind, patientId))],
    ['read', (c) => c.get(url(kind, patientId, id))],
    ['create', (c) => c.send('POST', url(kind, patientId), BODIES[kind])],
    ['put', (c) => c.send('PUT', url(kind, patientId, id), BODIES[kind])],
    ['patch', (c) => c.send('PATCH', url(kind, patientId, id), {})],
    ['delete', (c) => c.send('DELETE', url(kind, patientId, id))],
  ];

  test.each(RECORD_KINDS.map((kind) => [kind] as const))(
    "%s: Lakeside's admin and clinician get 404 for a Northwind patient's records, as everyone does for a patient that does not exist",
    async (kind) => {
      for (const client of [lakesideAdmin, lakesideClinician]) {
        for (const [name, call] of calls(kind, patient, records[kind])) {
          expect(await refused(kind, () => call(client)), `${name} ${kind}`).toEqual(expect.objectContaining(NOT_FOUND));
        }
        // At the top level too: the record is not there.
        expect(await client.get(`/api/${kind}/${records[kind]}`)).toMatchObject(NOT_FOUND);
        expect(await refused(kind, () => client.send('PATCH', `/api/${kind}/${records[kind]}`, {}))).toMatchObject(NOT_FOUND);
        expect(await refused(kind, () => client.send('DELETE', `/api/${kind}/${records[kind]}`))).toMatchObject(NOT_FOUND);
        expect((await client.get(`/api/${kind}`, { filter: { patient_id: patient } })).body).toEqual([]);
        // Naming the patient in a top-level create: the patient does not exist for them.
        const named = await refused(kind, () => client.send('POST', `/api/${kind}`, { ...BODIES[kind], patient_id: patient }));
        expect(named).toEqual(
          expect.objectContaining({ status: 422, body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } }),
        );
      }
      for (const client of [clinician, admin, lakesideAdmin]) {
        for (const [name, call] of calls(kind, UNKNOWN_PATIENT, records[kind])) {
          expect(await refused(kind, () => call(client)), `${name} ${kind} of no patient`).toEqual(expect.objectContaining(NOT_FOUND));
        }
      }
    },
  );

  test.each(RECORD_KINDS.map((kind) => [kind] as const))('%s: staff (no patients.queue) get 403 for every call; no token is 401', async (kind) => {
    for (const [name, call] of calls(kind, patient, records[kind])) {
      expect(await refused(kind, () => call(staff)), `${name} ${kind}`).toMatchObject(FORBIDDEN);
    }
    expect(await anonymous(t.app, 'GET', url(kind, patient))).toMatchObject({ status: 401 });
    expect(await anonymous(t.app, 'POST', url(kind, patient), BODIES[kind])).toMatchObject({ status: 401 });
  });

  test('No Known Allergies: 404 for another provider and for no patient, 403 for staff', async () => {
    const set = (client: Client, patientId: number) => client.send('POST', `/api/patients/${patientId}/allergy-intolerances/no-known-allergies`);
    for (const [client, patientId] of [
      [lakesideAdmin, patient],
      [lakesideClinician, patient],
      [clinician, UNKNOWN_PATIENT],
    ] as const) {
      expect(await refused('allergy-intolerances', () => set(client, patientId))).toMatchObject(NOT_FOUND);
    }
    expect(await refused('allergy-intolerances', () => set(staff, patient))).toMatchObject(FORBIDDEN);
  });

  test.each(RECORD_KINDS.map((kind) => [kind] as const))("%s: an internal clinician's record is the patient's provider's, written by them", async (kind) => {
    const record = await create(kind, patient, {}, internalClinician);
    expect(record).toMatchObject({ tenant_id: northwind, patient_id: patient, author_id: await userId(t.app, 'internal.clinician@demo.example') });
  });

  test.each(RECORD_KINDS.map((kind) => [kind] as const))('%s: every read and write is audited for the patient', async (kind) => {
    const created = await clinician.send('POST', url(kind, patient), BODIES[kind]);
    const id = idOf(created);
    const steps: [string, ApiAnswer][] = [
      ['create', created],
      ['list', await clinician.get(url(kind, patient))],
      ['read', await clinician.get(url(kind, patient, id))],
      ['update', await clinician.send('PATCH', url(kind, patient, id), {})],
      // A medication's DELETE is a stop: an update of the statement.
      [kind === 'medication-statements' ? 'update' : 'delete', await clinician.send('DELETE', url(kind, patient, id))],
    ];
    for (const [action, answer] of steps) {
      expect(answer.status, `${action} ${kind}`).toBeLessThan(300);
      const rows = await auditOf(t.app, answer);
      expect(rows, `${action} ${kind}`).toEqual([
        expect.objectContaining({ action, resource: kind, patient_id: patient, actor_id: clinicianId, outcome: 'allowed' }),
      ]);
      if (action !== 'list') expect(rows[0]?.record_id).toBe(String(id));
    }
  });
});
