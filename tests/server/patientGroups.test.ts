import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let admin: Client;
let clinician: Client;
let staff: Client;
let lakesideAdmin: Client;
let internalAdmin: Client;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${(counter += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
}, 300_000);
afterAll(async () => t?.close());

const db = () => t.app.db;

/** A fresh group of a provider, with the given patients, written straight to the tables. */
async function makeGroup(tenantId: number, patientIds: number[] = []): Promise<number> {
  const group = await db()
    .insertInto('patient_groups')
    .values({ tenant_id: tenantId, name: unique('Fixture group') })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (patientIds.length)
    await db()
      .insertInto('patient_group_members')
      .values(patientIds.map((patient_id) => ({ group_id: group.id, patient_id })))
      .execute();
  return group.id;
}

/** The first `n` patients of a provider, by id. */
async function patientsOf(tenantId: number, n: number, skip = 0): Promise<number[]> {
  const rows = await db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').offset(skip).limit(n).execute();
  return rows.map((r) => r.id);
}

const membersOf = async (groupId: number) =>
  (await db().selectFrom('patient_group_members').select('patient_id').where('group_id', '=', groupId).orderBy('patient_id').execute()).map(
    (r) => r.patient_id,
  );

describe('the patient-groups list', () => {
  test('is sorted by name, 10 a page, with the number of patients each group holds', async () => {
    const answer = await admin.get('/api/patient-groups');
    expect(answer.status).toBe(200);
    const rows = answer.body as Row[];
    expect(rows.length).toBeLessThanOrEqual(10);
    const names = rows.map((r) => String(r.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const row of rows) {
      expect(row.tenant_id).toBe(northwind);
      expect(row.count_patients).toBe((await membersOf(row.id as number)).length);
    }
  });

  test('is searched by group name', async () => {
    const answer = await admin.get('/api/patient-groups', { filter: { q: 'copd' } });
    expect(answer).toMatchObject({ status: 200, body: [{ name: 'COPD Follow-up', tenant_id: northwind, count_patients: 12 }] });
    expect((await admin.get('/api/patient-groups', { filter: { q: 'no such group' } })).body).toEqual([]);
  });

  test("never shows another provider's groups; internal users see every provider's", async () => {
    const lakesideGroup = await makeGroup(lakeside);
    expect((await admin.get('/api/patient-groups', { filter: { 'id[eq]': lakesideGroup } })).body).toEqual([]);
    expect(await admin.get(`/api/patient-groups/${lakesideGroup}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect((await internalAdmin.get(`/api/patient-groups/${lakesideGroup}`)).body).toMatchObject({ id: lakesideGroup, tenant_id: lakeside, count_patients: 0 });
  });
});

describe('creating, renaming and deleting a group', () => {
  test("a provider user's group goes to their own provider, whatever the body says", async () => {
    const answer = await admin.send('POST', '/api/patient-groups', { name: '  Tuesday Rounds  ', tenant_id: lakeside });
    expect(answer).toMatchObject({ status: 201, body: { name: 'Tuesday Rounds', tenant_id: northwind, count_patients: 0 } });
  });

  test('an internal user names the provider; without one the create is refused', async () => {
    const before = await tableFingerprint(t.app, 'patient_groups');
    expect(isValidationError(await internalAdmin.send('POST', '/api/patient-groups', { name: 'Orphans' }), ['body', 'tenant_id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'patient_groups')).toBe(before);
    const answer = await internalAdmin.send('POST', '/api/patient-groups', { name: 'Lakeside Rounds', tenant_id: lakeside });
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: lakeside } });
  });

  test('a name is required, not blank, and unique per provider whatever its case', async () => {
    const before = await tableFingerprint(t.app, 'patient_groups');
    expect(isValidationError(await admin.send('POST', '/api/patient-groups', {}), ['body', 'name'])).toBe(true);
    expect(isValidationError(await admin.send('POST', '/api/patient-groups', { name: '   ' }), ['body', 'name'])).toBe(true);
    expect(await admin.send('POST', '/api/patient-groups', { name: 'copd follow-up' })).toMatchObject({
      status: 409,
      body: { detail: 'Key (name) already exists.' },
    });
    expect(await tableFingerprint(t.app, 'patient_groups')).toBe(before);
    // Lakeside has a "COPD Follow-up" of its own: the same name in another provider is no clash.
    expect((await admin.send('POST', '/api/patient-groups', { name: 'Heart Failure Watch 2' })).status).toBe(201);
  });

  test('a group is renamed, but never onto another group of its provider nor to another provider', async () => {
    const id = await makeGroup(northwind);
    expect(await admin.send('PATCH', `/api/patient-groups/${id}`, { name: 'Renamed Group' })).toMatchObject({
      status: 200,
      body: { id, name: 'Renamed Group' },
    });
    expect(await admin.send('PATCH', `/api/patient-groups/${id}`, { name: 'Diabetes EDUCATION' })).toMatchObject({ status: 409 });
    expect(await admin.send('PATCH', `/api/patient-groups/${id}`, { name: 'renamed group' })).toMatchObject({ status: 200, body: { name: 'renamed group' } });
    const before = await tableFingerprint(t.app, 'patient_groups');
    expect(isValidationError(await internalAdmin.send('PATCH', `/api/patient-groups/${id}`, { tenant_id: lakeside }), ['body', 'tenant_id'])).toBe(true);
    expect(await lakesideAdmin.send('PATCH', `/api/patient-groups/${id}`, { name: 'Taken over' })).toMatchObject({ status: 404 });
    expect(await tableFingerprint(t.app, 'patient_groups')).toBe(before);
  });

  test('deleting a group takes its memberships with it, never its patients; clinicians may not delete', async () => {
    const patients = await patientsOf(northwind, 3);
    const id = await makeGroup(northwind, patients);
    expect(await clinician.send('DELETE', `/api/patient-groups/${id}`)).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
    expect(await lakesideAdmin.send('DELETE', `/api/patient-groups/${id}`)).toMatchObject({ status: 404 });
    expect(await membersOf(id)).toEqual(patients);
    expect(await admin.send('DELETE', `/api/patient-groups/${id}`)).toMatchObject({ status: 200, body: { id, count_patients: 3 } });
    expect(await membersOf(id)).toEqual([]);
    expect(await db().selectFrom('patients').select('id').where('id', 'in', patients).execute()).toHaveLength(3);
  });
});

describe('adding patients to a group', () => {
  test('adds them, keeps those already there, answers the new count and audits one row per patient added', async () => {
    const [first = 0, second = 0, third = 0] = await patientsOf(northwind, 3, 20);
    const id = await makeGroup(northwind, [first]);
    const answer = await clinician.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [first, second, third] });
    expect(answer).toMatchObject({ status: 200, body: { id, count_patients: 3 } });
    expect(await membersOf(id)).toEqual([first, second, third]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'patient_id', 'record_id', 'tenant_id'])
      .where('resource', '=', 'patient-group-members')
      .where('record_id', 'like', `${id}:%`)
      .orderBy('patient_id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', patient_id: second, record_id: `${id}:${second}`, tenant_id: northwind },
      { action: 'create', patient_id: third, record_id: `${id}:${third}`, tenant_id: northwind },
    ]);
  });

  test("refuses another provider's patient and an unknown id, naming each, and adds none", async () => {
    const [mine = 0] = await patientsOf(northwind, 1, 30);
    const [theirs = 0] = await patientsOf(lakeside, 1);
    const id = await makeGroup(northwind);
    const before = await tableFingerprint(t.app, 'patient_group_members');
    const answer = await admin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [mine, theirs, 999999] });
    expect(answer.status).toBe(422);
    expect((answer.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc)).toEqual([
      ['body', 'patient_ids', 1],
      ['body', 'patient_ids', 2],
    ]);
    expect(await tableFingerprint(t.app, 'patient_group_members')).toBe(before);
  });

  test("an internal user cannot put a patient in another provider's group", async () => {
    const [theirs = 0] = await patientsOf(lakeside, 1);
    const id = await makeGroup(northwind);
    expect(
      isValidationError(await internalAdmin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [theirs] }), ['body', 'patient_ids', 0]),
    ).toBe(true);
    expect(await membersOf(id)).toEqual([]);
  });

  test("another provider's group is not found; staff may not change groups; a bad body is a 422", async () => {
    const [patient = 0] = await patientsOf(northwind, 1);
    const lakesideGroup = await makeGroup(lakeside);
    const id = await makeGroup(northwind);
    const before = await tableFingerprint(t.app, 'patient_group_members');
    expect(await admin.send('POST', `/api/patient-groups/${lakesideGroup}/patients`, { patient_ids: [patient] })).toMatchObject({
      status: 404,
      body: { detail: 'Not found' },
    });
    expect(await staff.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [patient] })).toMatchObject({ status: 403 });
    expect(isValidationError(await admin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [] }), ['body', 'patient_ids'])).toBe(true);
    expect(
      isValidationError(await admin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [patient, patient] }), ['body', 'patient_ids']),
    ).toBe(true);
    expect(isValidationError(await admin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: ['abc'] }), ['body', 'patient_ids', 0])).toBe(true);
    expect(isValidationError(await admin.send('POST', `/api/patient-groups/${id}/patients`, {}), ['body', 'patient_ids'])).toBe(true);
    expect(isValidationError(await admin.send('POST', '/api/patient-groups/x/patients', { patient_ids: [patient] }), ['path', 'id'])).toBe(true);
    expect(await tableFingerprint(t.app, 'patient_group_members')).toBe(before);
  });
});

describe('removing a patient from a group', () => {
  test('removes that one patient, answers the new count and audits it', async () => {
    const patients = await patientsOf(northwind, 2, 40);
    const [first = 0, second = 0] = patients;
    const id = await makeGroup(northwind, patients);
    expect(await clinician.send('DELETE', `/api/patient-groups/${id}/patients/${first}`)).toMatchObject({ status: 200, body: { id, count_patients: 1 } });
    expect(await membersOf(id)).toEqual([second]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'patient_id'])
      .where('resource', '=', 'patient-group-members')
      .where('record_id', '=', `${id}:${first}`)
      .execute();
    expect(audit).toEqual([{ action: 'delete', patient_id: first }]);
  });

  test("a patient who is not a member, another provider's group or patient, are not found", async () => {
    const [member = 0, outsider = 0] = await patientsOf(northwind, 2, 50);
    const [theirs = 0] = await patientsOf(lakeside, 1);
    const id = await makeGroup(northwind, [member]);
    const lakesideGroup = await makeGroup(lakeside, [theirs]);
    const before = await tableFingerprint(t.app, 'patient_group_members');
    expect(await admin.send('DELETE', `/api/patient-groups/${id}/patients/${outsider}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await admin.send('DELETE', `/api/patient-groups/${lakesideGroup}/patients/${theirs}`)).toMatchObject({ status: 404 });
    expect(await admin.send('DELETE', `/api/patient-groups/${id}/patients/${theirs}`)).toMatchObject({ status: 404 });
    expect(await staff.send('DELETE', `/api/patient-groups/${id}/patients/${member}`)).toMatchObject({ status: 403 });
    expect(await tableFingerprint(t.app, 'patient_group_members')).toBe(before);
  });
});

describe('the patients of a group (GET patients, meta patient_group_id)', () => {
  test('are exactly its members, within what the caller may see', async () => {
    const members = await patientsOf(northwind, 4, 60);
    const id = await makeGroup(northwind, members);
    const answer = await admin.get('/api/patients', { meta: { patient_group_id: id }, limit: 50 });
    expect(answer.status).toBe(200);
    expect((answer.body as Row[]).map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(members);
    expect(answer.headers['content-range']).toBe('patients 0-3/4');
    expect((await lakesideAdmin.get('/api/patients', { meta: { patient_group_id: id } })).body).toEqual([]);
  });

  test('a bad group id is a 422 at the meta key; meta keys the patients list does not read are ignored', async () => {
    expect(isValidationError(await admin.get('/api/patients', { meta: { patient_group_id: 'first' } }), ['query', 'meta', 'patient_group_id'])).toBe(true);
    const all = await admin.get('/api/patients', { limit: 1 });
    const ignored = await admin.get('/api/patients', { limit: 1, meta: { expand: ['nothing'] } });
    expect(ignored.headers['content-range']).toBe(all.headers['content-range']);
  });
});
