import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FULL_NAME_REQUIRED, US_PHONE_NUMBER } from '../../src/server/resources/definitions/contacts';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { anonymous, auditOf, newPatient, userId } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Family & Contacts (spec 001 section 2, profile section 8; section 3 "Contact";
 * src/server/resources/definitions/contacts.ts): a patient's contacts listed, read and written under
 * the patient (`/api/patients/{id}/contacts[/{id}]`) and at the top level (`/api/contacts`). What the
 * server sets and normalises, the list (newest first, 10 a page, `q` by name), each refusal at its field
 * with nothing written, another provider's patient (404, as for no patient), who may use them
 * (patients.read to read, patients.update to write: staff and clinicians alike), and the audit trail.
 */

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakesideAdmin: Client;
let lakesideStaff: Client;
let internalClinician: Client;
let clinicianId: number;
const db = () => t.app.db;

const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const UNKNOWN_PATIENT = 2147483000;
const BODY = { full_name: 'Ann Hart', relationship_to_patient: 'spouse' } as const;
const url = (patient: number, id?: number) => `/api/patients/${patient}/contacts${id === undefined ? '' : `/${id}`}`;
const idOf = (answer: ApiAnswer) => (answer.body as { id: number }).id;
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;

/** Creates a contact of the patient through the API (the body merged over a valid one) and answers it. */
async function create(patient: number, body: Row = {}, client = clinician): Promise<Row & { id: number }> {
  const answer = await client.send('POST', url(patient), { ...BODY, ...body });
  expect(answer.status, `create: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body as Row & { id: number };
}

/** Runs a refused write and checks that the contacts table is as it was. */
async function refused(write: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const before = await tableFingerprint(t.app, 'contacts');
  const answer = await write();
  expect(await tableFingerprint(t.app, 'contacts'), `unchanged after ${JSON.stringify(answer.body)}`).toBe(before);
  return answer;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  lakesideStaff = await clientFor(t.app, 'staff@lakeside.demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
  clinicianId = await userId(t.app, 'clinician@northwind.demo.example');
}, 120_000);
afterAll(async () => t?.close());

describe('a contact is added, listed, searched, edited and deleted', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
  });

  test("created: 201, the patient's provider's, the name trimmed, US phones as +1XXXXXXXXXX, the e-mail in lower case", async () => {
    const answer = await clinician.send('POST', url(patient), {
      full_name: '  Ann Hart ',
      relationship_to_patient: 'spouse',
      cell_phone_number: '(608) 555-0142',
      home_phone_number: '1 608 555 0143',
      email: 'Ann.Hart@Example.org',
      is_emergency_contact: true,
      notes: '  Call after 5 pm  ',
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        patient_id: patient,
        tenant_id: northwind,
        full_name: 'Ann Hart',
        relationship_to_patient: 'spouse',
        cell_phone_number: '+16085550142',
        home_phone_number: '+16085550143',
        email: 'ann.hart@example.org',
        is_emergency_contact: true,
        notes: 'Call after 5 pm',
      },
    });
    const stored = await db().selectFrom('contacts').selectAll().where('id', '=', idOf(answer)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenant_id: northwind, patient_id: patient, full_name: 'Ann Hart', cell_phone_number: '+16085550142' });
    // It reads back as it was answered, under the patient and at the top level.
    expect(await clinician.get(url(patient, idOf(answer)))).toMatchObject({ status: 200, body: answer.body as Row });
    expect(await clinician.get(`/api/contacts/${idOf(answer)}`)).toMatchObject({ status: 200, body: answer.body as Row });
  });

  test('only the name and the relationship are needed: no phones, no e-mail, not an emergency contact', async () => {
    const bare = await create(patient, { full_name: 'Bo Hart', relationship_to_patient: 'child' });
    expect(bare).toMatchObject({ cell_phone_number: null, home_phone_number: null, email: null, is_emergency_contact: false, notes: null });
  });

  test("the list: newest first, 10 a page, the total in Content-Range; another patient's contacts are not in it", async () => {
    const listed = await newPatient(t.app, northwind);
    const other = await newPatient(t.app, northwind);
    await create(other, { full_name: 'Someone Else' });
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push((await create(listed, { full_name: `Contact ${String(i).padStart(2, '0')}` })).id);
    const newest = [...ids].reverse();
    const first = await clinician.get(url(listed));
    expect(first.status).toBe(200);
    expect(first.headers['content-range']).toBe('contacts 0-9/12');
    expect((first.body as Row[]).map((r) => r.id)).toEqual(newest.slice(0, 10));
    const second = await clinician.get(url(listed), { skip: '10', limit: '10' });
    expect(second.headers['content-range']).toBe('contacts 10-11/12');
    expect((second.body as Row[]).map((r) => r.id)).toEqual(newest.slice(10));
    // By name when asked.
    const byName = await clinician.get(url(listed), { sort: 'full_name', order: 'asc', limit: '3' });
    expect((byName.body as Row[]).map((r) => r.full_name)).toEqual(['Contact 01', 'Contact 02', 'Contact 03']);
    // A patient with none: an empty page.
    const none = await newPatient(t.app, northwind);
    expect(await clinician.get(url(none))).toMatchObject({ status: 200, body: [] });
  });

  test('the search q (in the filter) finds contacts by a part of the name, whatever its case, as the console sends it too', async () => {
    const searched = await newPatient(t.app, northwind);
    const ann = await create(searched, { full_name: 'Annabel Quist' });
    await create(searched, { full_name: 'Bertram Oyelaran', email: 'bert@example.org' });
    for (const q of ['quist', 'ABEL Q', { field: 'full_name', value: 'nnabe' }]) {
      const answer = await clinician.get(url(searched), { filter: { q } });
      expect(
        (answer.body as Row[]).map((r) => r.id),
        JSON.stringify(q),
      ).toEqual([ann.id]);
    }
    expect((await clinician.get(url(searched), { filter: { q: 'nobody like this' } })).body).toEqual([]);
    // The e-mail is searched too.
    expect((await clinician.get(url(searched), { filter: { q: 'bert@' } })).body).toEqual([expect.objectContaining({ full_name: 'Bertram Oyelaran' })]);
  });

  test('an edit: PATCH changes what it names and keeps the rest; null clears a phone; PUT replaces the record', async () => {
    const contact = await create(patient, { cell_phone_number: '608-555-0150', email: 'old@example.org' });
    const patched = await clinician.send('PATCH', url(patient, contact.id), { relationship_to_patient: 'legal_guardian', email: 'NEW@example.org' });
    expect(patched).toMatchObject({
      status: 200,
      body: { id: contact.id, full_name: 'Ann Hart', relationship_to_patient: 'legal_guardian', email: 'new@example.org', cell_phone_number: '+16085550150' },
    });
    expect(await clinician.send('PATCH', url(patient, contact.id), { cell_phone_number: null })).toMatchObject({
      status: 200,
      body: { cell_phone_number: null, email: 'new@example.org' },
    });
    const put = await clinician.send('PUT', url(patient, contact.id), {
      full_name: 'Ann Hart-Lee',
      relationship_to_patient: 'caregiver',
      home_phone_number: '+1 608 555 0151',
      is_emergency_contact: true,
    });
    expect(put).toMatchObject({
      status: 200,
      body: { full_name: 'Ann Hart-Lee', relationship_to_patient: 'caregiver', home_phone_number: '+16085550151', is_emergency_contact: true },
    });
    // The record sent back as it was read (ids, timestamps) is accepted.
    expect((await clinician.send('PUT', url(patient, contact.id), put.body)).status).toBe(200);
  });

  test('deleted: 200 with the record as it was, and it is gone (also at the top level)', async () => {
    const contact = await create(patient);
    expect(await clinician.send('DELETE', url(patient, contact.id))).toMatchObject({ status: 200, body: { id: contact.id, full_name: 'Ann Hart' } });
    expect(await db().selectFrom('contacts').select('id').where('id', '=', contact.id).executeTakeFirst()).toBeUndefined();
    expect(await clinician.get(url(patient, contact.id))).toMatchObject(NOT_FOUND);
    const other = await create(patient);
    expect(await admin.send('DELETE', `/api/contacts/${other.id}`)).toMatchObject({ status: 200, body: { id: other.id } });
  });
});

describe('refusals: 422 at the field, nothing written', () => {
  let patient: number;
  let contact: Row & { id: number };
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
    contact = await create(patient);
  });

  test('full name and relationship are required; a blank name is no name', async () => {
    const { full_name: _name, ...withoutName } = BODY;
    const { relationship_to_patient: _relationship, ...withoutRelationship } = BODY;
    const cases: [() => Promise<ApiAnswer>, string, string?][] = [
      [() => clinician.send('POST', url(patient), withoutName), 'full_name', 'Field required'],
      [() => clinician.send('POST', url(patient), withoutRelationship), 'relationship_to_patient', 'Field required'],
      [() => clinician.send('POST', url(patient), { ...BODY, full_name: '   ' }), 'full_name', FULL_NAME_REQUIRED],
      [() => clinician.send('POST', url(patient), { ...BODY, full_name: '' }), 'full_name'],
      [() => clinician.send('PATCH', url(patient, contact.id), { full_name: ' \t ' }), 'full_name', FULL_NAME_REQUIRED],
      [() => clinician.send('PATCH', url(patient, contact.id), { full_name: null }), 'full_name'],
      [() => clinician.send('PATCH', url(patient, contact.id), { relationship_to_patient: null }), 'relationship_to_patient'],
      [() => clinician.send('PUT', url(patient, contact.id), { full_name: 'Ann Hart' }), 'relationship_to_patient', 'Field required'],
    ];
    for (const [write, field, message] of cases) {
      const answer = await refused(write);
      expect(isValidationError(answer, ['body', field]), `${field}: ${JSON.stringify(answer.body)}`).toBe(true);
      if (message) expect(detailOf(answer)[0]?.msg).toBe(message);
    }
    expect(FULL_NAME_REQUIRED).toBe('Full name is required');
  });

  test('an invalid e-mail, an unknown relationship, a phone that is no US number: 422 at the field', async () => {
    const cases: [() => Promise<ApiAnswer>, string, string?][] = [
      [() => clinician.send('POST', url(patient), { ...BODY, email: 'not-an-email' }), 'email'],
      [() => clinician.send('POST', url(patient), { ...BODY, email: 'ann@' }), 'email'],
      [() => clinician.send('PATCH', url(patient, contact.id), { email: 'ann hart@example.org' }), 'email'],
      [() => clinician.send('POST', url(patient), { ...BODY, relationship_to_patient: 'neighbour' }), 'relationship_to_patient'],
      [() => clinician.send('PATCH', url(patient, contact.id), { relationship_to_patient: 'Spouse' }), 'relationship_to_patient'],
      [() => clinician.send('POST', url(patient), { ...BODY, cell_phone_number: 'call me' }), 'cell_phone_number'],
      [() => clinician.send('POST', url(patient), { ...BODY, cell_phone_number: '555-0142' }), 'cell_phone_number', US_PHONE_NUMBER],
      [() => clinician.send('POST', url(patient), { ...BODY, home_phone_number: '+44 20 7946 0958' }), 'home_phone_number', US_PHONE_NUMBER],
      [() => clinician.send('PATCH', url(patient, contact.id), { home_phone_number: '(108) 555-0142' }), 'home_phone_number', US_PHONE_NUMBER],
      [() => clinician.send('POST', url(patient), { ...BODY, is_emergency_contact: 'yes' }), 'is_emergency_contact'],
    ];
    for (const [write, field, message] of cases) {
      const answer = await refused(write);
      expect(isValidationError(answer, ['body', field]), `${field}: ${JSON.stringify(answer.body)}`).toBe(true);
      if (message) expect(detailOf(answer)[0]?.msg).toBe(message);
    }
  });

  test('what the server keeps is not written by the body (422 on create), an unknown field is refused', async () => {
    for (const body of [
      { ...BODY, tenant_id: northwind },
      { ...BODY, id: 5 },
      { ...BODY, relationship: 'spouse' },
    ]) {
      expect((await refused(() => clinician.send('POST', url(patient), body))).status).toBe(422);
    }
  });

  test('a contact does not move to another patient (422 at patient_id); under the other patient it is not there', async () => {
    const other = await newPatient(t.app, northwind);
    const answer = await refused(() => clinician.send('PATCH', `/api/contacts/${contact.id}`, { patient_id: other }));
    expect(isValidationError(answer, ['body', 'patient_id']), JSON.stringify(answer.body)).toBe(true);
    expect(await refused(() => clinician.send('PATCH', url(other, contact.id), {}))).toMatchObject(NOT_FOUND);
    expect(await clinician.get(url(other, contact.id))).toMatchObject(NOT_FOUND);
  });
});

describe("another provider's patient, and who may use the contacts", () => {
  let patient: number;
  let contact: number;
  beforeAll(async () => {
    patient = await newPatient(t.app, northwind);
    contact = (await create(patient)).id;
  });

  /** Every call under a patient's path. */
  const calls = (patientId: number, id: number): [string, (client: Client) => Promise<ApiAnswer>][] => [
    ['list', (c) => c.get(url(patientId))],
    ['read', (c) => c.get(url(patientId, id))],
    ['create', (c) => c.send('POST', url(patientId), BODY)],
    ['put', (c) => c.send('PUT', url(patientId, id), BODY)],
    ['patch', (c) => c.send('PATCH', url(patientId, id), { notes: 'x' })],
    ['delete', (c) => c.send('DELETE', url(patientId, id))],
  ];

  test("Lakeside's admin and staff get 404 for a Northwind patient's contacts, as everyone does for a patient that does not exist", async () => {
    for (const client of [lakesideAdmin, lakesideStaff]) {
      const answers: ApiAnswer[] = [];
      for (const [name, call] of calls(patient, contact)) {
        const answer = await refused(() => call(client));
        expect(answer, name).toEqual(expect.objectContaining(NOT_FOUND));
        answers.push(answer);
      }
      // At the top level too: the contact is not there, and the patient does not exist for them.
      expect(await client.get(`/api/contacts/${contact}`)).toMatchObject(NOT_FOUND);
      expect(await refused(() => client.send('PATCH', `/api/contacts/${contact}`, { notes: 'x' }))).toMatchObject(NOT_FOUND);
      expect(await refused(() => client.send('DELETE', `/api/contacts/${contact}`))).toMatchObject(NOT_FOUND);
      expect((await client.get('/api/contacts', { filter: { patient_id: patient } })).body).toEqual([]);
      const named = await refused(() => client.send('POST', '/api/contacts', { ...BODY, patient_id: patient }));
      const unknown = await refused(() => client.send('POST', '/api/contacts', { ...BODY, patient_id: UNKNOWN_PATIENT }));
      expect(named).toEqual(
        expect.objectContaining({ status: 422, body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } }),
      );
      expect(named.body).toEqual(unknown.body);
      // Under a patient that exists nowhere: the same answers, word for word.
      for (const [index, [name, call]] of calls(UNKNOWN_PATIENT, contact).entries()) {
        const answer = await refused(() => call(client));
        expect({ status: answer.status, body: answer.body }, `${name} of no patient`).toEqual({ status: answers[index]?.status, body: answers[index]?.body });
      }
    }
  });

  test('staff, clinicians and admins of the provider hold patients.read and patients.update: each lists, reads, adds, edits and deletes', async () => {
    for (const client of [staff, clinician, admin]) {
      const created = await create(patient, { full_name: 'Role Check' }, client);
      expect(created).toMatchObject({ tenant_id: northwind, patient_id: patient });
      expect((await client.get(url(patient))).status).toBe(200);
      expect((await client.get(url(patient, created.id))).status).toBe(200);
      expect(await client.send('PATCH', url(patient, created.id), { notes: 'Checked' })).toMatchObject({ status: 200, body: { notes: 'Checked' } });
      expect((await client.send('DELETE', url(patient, created.id))).status).toBe(200);
    }
  });

  test('no token is 401, and nothing is written', async () => {
    expect(await anonymous(t.app, 'GET', url(patient))).toMatchObject({ status: 401 });
    expect(await refused(async () => ({ ...(await anonymous(t.app, 'POST', url(patient), BODY)), headers: {} }))).toMatchObject({ status: 401 });
    expect(await refused(async () => ({ ...(await anonymous(t.app, 'DELETE', url(patient, contact))), headers: {} }))).toMatchObject({ status: 401 });
  });

  test("an internal clinician's contact is the patient's provider's", async () => {
    expect(await create(patient, {}, internalClinician)).toMatchObject({ tenant_id: northwind, patient_id: patient });
  });

  test('every read and write is audited for the patient', async () => {
    const created = await clinician.send('POST', url(patient), BODY);
    const id = idOf(created);
    const steps: [string, ApiAnswer][] = [
      ['create', created],
      ['list', await clinician.get(url(patient))],
      ['read', await clinician.get(url(patient, id))],
      ['update', await clinician.send('PATCH', url(patient, id), { notes: 'Audited' })],
      ['update', await clinician.send('PUT', url(patient, id), BODY)],
      ['read', await clinician.get(`/api/contacts/${id}`)],
      ['delete', await clinician.send('DELETE', url(patient, id))],
    ];
    for (const [action, answer] of steps) {
      expect(answer.status, action).toBeLessThan(300);
      const rows = await auditOf(t.app, answer);
      expect(rows, action).toEqual([expect.objectContaining({ action, resource: 'contacts', patient_id: patient, actor_id: clinicianId, outcome: 'allowed' })]);
      if (action !== 'list') expect(rows[0]?.record_id).toBe(String(id));
    }
  });

  test("a refused attempt at another provider's patient is audited as denied", async () => {
    const answer = await lakesideAdmin.get(url(patient));
    expect(answer).toMatchObject(NOT_FOUND);
    const rows = await auditOf(t.app, answer);
    expect(rows).toEqual([expect.objectContaining({ outcome: 'denied' })]);
  });
});
