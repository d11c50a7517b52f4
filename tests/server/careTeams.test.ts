import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARE_TEAM_PRACTITIONER_TEXT } from '../../src/domain/careTeam';
import { CHOOSABLE_CARE_TEAM_ROLES } from '../../src/domain/enums';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let admin: Client;
let clinician: Client;
let staff: Client;
let lakesideClinician: Client;
let internalAdmin: Client;
/** Staff ids by e-mail. */
const people: Record<string, number> = {};
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideClinician = await clientFor(t.app, 'clinician@lakeside.demo.example');
  internalAdmin = await clientFor(t.app, 'internal.admin@demo.example');
  for (const row of await t.app.db.selectFrom('users').select(['id', 'email']).where('role', '<>', 'patient').execute()) people[row.email] = row.id;
}, 300_000);
afterAll(async () => t?.close());

const db = () => t.app.db;
const A = () => people['clinician@northwind.demo.example'] as number;
const B = () => people['dr.reyes@northwind.demo.example'] as number;
const C = () => people['ma.chen@northwind.demo.example'] as number;

/** A fresh patient of a provider with no care team, written straight to the tables. */
async function freshPatient(tenantId: number): Promise<number> {
  counter += 1;
  const user = await db()
    .insertInto('users')
    .values({ email: `care.${counter}.${tenantId}@example.org`, first_name: 'Care', last_name: `Fixture ${counter}`, role: 'patient', tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return patient.id;
}

async function addMember(patientId: number, practitionerId: number, role: string, endDate: string | null = null): Promise<number> {
  const patient = await db().selectFrom('patients').select('tenant_id').where('id', '=', patientId).executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('care_team_members')
    .values({ patient_id: patientId, tenant_id: patient.tenant_id, practitioner_id: practitionerId, role, start_date: '2025-01-01', end_date: endDate })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const teamOf = async (patientId: number) =>
  (
    await db()
      .selectFrom('care_team_members')
      .select(['practitioner_id', 'role'])
      .where('patient_id', '=', patientId)
      .orderBy('role')
      .orderBy('practitioner_id')
      .execute()
  ).map((r) => `${r.role}:${r.practitioner_id}`);

describe("a patient's care team (patients/{id}/care-teams)", () => {
  test("lists its members with who they are, and only that patient's", async () => {
    const patient = await freshPatient(northwind);
    const other = await freshPatient(northwind);
    await addMember(patient, A(), 'rpm_clinician');
    await addMember(patient, B(), 'ccm_clinician');
    await addMember(other, C(), 'other');
    const answer = await clinician.get(`/api/patients/${patient}/care-teams`, { sort: 'role', order: 'desc' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({
        patient_id: patient,
        tenant_id: northwind,
        practitioner_id: A(),
        role: 'rpm_clinician',
        practitioner: { id: A(), full_name: 'Robin Hale', credentials: 'RN' },
      }),
      expect.objectContaining({
        patient_id: patient,
        practitioner_id: B(),
        role: 'ccm_clinician',
        practitioner: { id: B(), full_name: 'Elena Reyes', credentials: 'MD' },
      }),
    ]);
    expect((answer.body as Row[])[0]).not.toHaveProperty('clear_existing');
    expect(answer.headers['content-range']).toBe('care-teams 0-1/2');
  });

  test("another provider's patient is not found, whatever the path", async () => {
    const patient = await freshPatient(northwind);
    const member = await addMember(patient, A(), 'rpm_clinician');
    const before = await tableFingerprint(t.app, 'care_team_members');
    const notFound = { status: 404, body: { detail: 'Not found' } };
    expect(await lakesideClinician.get(`/api/patients/${patient}/care-teams`)).toMatchObject(notFound);
    expect(await lakesideClinician.get(`/api/patients/${patient}/care-teams/${member}`)).toMatchObject(notFound);
    expect(await lakesideClinician.get(`/api/care-teams/${member}`)).toMatchObject(notFound);
    expect(await lakesideClinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'other' })).toMatchObject(notFound);
    expect(await lakesideClinician.send('PATCH', `/api/patients/${patient}/care-teams/${member}`, { role: 'other' })).toMatchObject(notFound);
    expect(await lakesideClinician.send('DELETE', `/api/patients/${patient}/care-teams/${member}`)).toMatchObject(notFound);
    expect(await tableFingerprint(t.app, 'care_team_members')).toBe(before);
  });
});

describe('adding a member (POST patients/{id}/care-teams)', () => {
  test("adds the practitioner in the role, on the patient's provider, from today unless told otherwise, and audits it", async () => {
    const patient = await freshPatient(northwind);
    const answer = await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: B(), role: 'ccm_clinician' });
    expect(answer.status).toBe(201);
    const today = (await sql<{ d: string }>`select current_date::text as d`.execute(db())).rows[0]?.d;
    expect(answer.body).toMatchObject({
      patient_id: patient,
      tenant_id: northwind,
      practitioner_id: B(),
      role: 'ccm_clinician',
      start_date: today,
      end_date: null,
      practitioner: { full_name: 'Elena Reyes' },
    });
    const dated = await clinician.send('POST', `/api/patients/${patient}/care-teams`, {
      practitioner_id: A(),
      role: 'rpm_clinician',
      start_date: '2026-02-01',
      clear_existing: false,
    });
    expect(dated).toMatchObject({ status: 201, body: { start_date: '2026-02-01' } });
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'resource', 'tenant_id'])
      .where('patient_id', '=', patient)
      .where('resource', '=', 'care-teams')
      .execute();
    expect(audit).toEqual([
      { action: 'create', resource: 'care-teams', tenant_id: northwind },
      { action: 'create', resource: 'care-teams', tenant_id: northwind },
    ]);
  });

  test('an internal user (no provider) may join any care team', async () => {
    const patient = await freshPatient(lakeside);
    const answer = await internalAdmin.send('POST', `/api/patients/${patient}/care-teams`, {
      practitioner_id: people['internal.clinician@demo.example'],
      role: 'rpm_clinician',
    });
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: lakeside, practitioner: { full_name: 'Clara Nightingale' } } });
  });

  test("refuses a patient account, another provider's staff and a disabled account with the picker rule's text, an unknown id as missing", async () => {
    const patient = await freshPatient(northwind);
    const patientAccount = await db().selectFrom('users').select('id').where('email', '=', 'patient@northwind.demo.example').executeTakeFirstOrThrow();
    const disabled = await db()
      .insertInto('users')
      .values({ email: `gone.${counter}@example.org`, first_name: 'Gone', last_name: 'Away', role: 'clinician', tenant_id: northwind, is_active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await tableFingerprint(t.app, 'care_team_members');
    for (const practitioner of [patientAccount.id, people['clinician@lakeside.demo.example'], disabled.id]) {
      const answer = await internalAdmin.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: practitioner, role: 'other' });
      expect(answer, `practitioner ${practitioner}`).toMatchObject({
        status: 422,
        body: { detail: [{ loc: ['body', 'practitioner_id'], msg: CARE_TEAM_PRACTITIONER_TEXT, type: 'care_team_practitioner' }] },
      });
    }
    // The picker rule speaks only of users the caller sees (an internal admin sees every provider's staff);
    // an id that is no user answers like any unknown reference (tests/server/references.crossTenant.test.ts).
    expect(await internalAdmin.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: 999999, role: 'other' })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'practitioner_id'], msg: 'The referenced record does not exist', type: 'foreign_key' }] },
    });
    expect(await tableFingerprint(t.app, 'care_team_members')).toBe(before);
  });

  test('billing_provider cannot be chosen, nor a role that does not exist; practitioner and role are required', async () => {
    const patient = await freshPatient(northwind);
    const before = await tableFingerprint(t.app, 'care_team_members');
    const billing = await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'billing_provider' });
    expect(billing).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'role'], msg: `Input should be one of: ${CHOOSABLE_CARE_TEAM_ROLES.join(', ')}` }] },
    });
    expect(
      isValidationError(await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'nurse' }), ['body', 'role']),
    ).toBe(true);
    expect(isValidationError(await clinician.send('POST', `/api/patients/${patient}/care-teams`, { role: 'other' }), ['body', 'practitioner_id'])).toBe(true);
    expect(isValidationError(await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A() }), ['body', 'role'])).toBe(true);
    expect(
      isValidationError(
        await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'other', start_date: '2026-02-30' }),
        ['body', 'start_date'],
      ),
    ).toBe(true);
    expect(await tableFingerprint(t.app, 'care_team_members')).toBe(before);
  });

  test('clear_existing replaces the current members of that role only, and audits the ones that leave', async () => {
    const patient = await freshPatient(northwind);
    const replaced = await addMember(patient, A(), 'rpm_clinician');
    await addMember(patient, C(), 'rpm_clinician', '2025-03-01');
    await addMember(patient, B(), 'ccm_clinician');
    const answer = await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: B(), role: 'rpm_clinician', clear_existing: true });
    expect(answer.status).toBe(201);
    // The member who left long ago stays in the history; the CCM clinician is another role.
    expect(await teamOf(patient)).toEqual([`ccm_clinician:${B()}`, `rpm_clinician:${B()}`, `rpm_clinician:${C()}`]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id'])
      .where('patient_id', '=', patient)
      .where('resource', '=', 'care-teams')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'delete', record_id: String(replaced) },
      { action: 'create', record_id: String((answer.body as Row).id) },
    ]);
  });

  test('without clear_existing the role keeps its members; adding a current member again answers the same row', async () => {
    const patient = await freshPatient(northwind);
    const existing = await addMember(patient, A(), 'rpm_clinician');
    const again = await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'rpm_clinician', clear_existing: true });
    expect(again).toMatchObject({ status: 201, body: { id: existing } });
    await clinician.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: B(), role: 'rpm_clinician' });
    expect(await teamOf(patient)).toEqual([`rpm_clinician:${A()}`, `rpm_clinician:${B()}`]);
  });

  test('staff may read care teams but not change them', async () => {
    const patient = await freshPatient(northwind);
    expect((await staff.get(`/api/patients/${patient}/care-teams`)).status).toBe(200);
    expect(await staff.send('POST', `/api/patients/${patient}/care-teams`, { practitioner_id: A(), role: 'other' })).toMatchObject({
      status: 403,
      body: { detail: 'Not enough permissions' },
    });
  });

  test("on the flat path, another provider's patient is refused as unknown", async () => {
    const patient = await freshPatient(lakeside);
    const before = await tableFingerprint(t.app, 'care_team_members');
    expect(
      isValidationError(await clinician.send('POST', '/api/care-teams', { patient_id: patient, practitioner_id: A(), role: 'other' }), ['body', 'patient_id']),
    ).toBe(true);
    expect(await tableFingerprint(t.app, 'care_team_members')).toBe(before);
  });
});

describe('changing and removing a member', () => {
  test('a member gets an end date, cannot move to another patient, and is removed', async () => {
    const patient = await freshPatient(northwind);
    const other = await freshPatient(northwind);
    const member = await addMember(patient, A(), 'rpm_clinician');
    expect(await clinician.send('PATCH', `/api/patients/${patient}/care-teams/${member}`, { end_date: '2026-12-31' })).toMatchObject({
      status: 200,
      body: { end_date: '2026-12-31' },
    });
    expect(
      isValidationError(await clinician.send('PATCH', `/api/patients/${patient}/care-teams/${member}`, { end_date: '2024-12-31' }), ['body', 'end_date']),
    ).toBe(true);
    expect(isValidationError(await clinician.send('PATCH', `/api/care-teams/${member}`, { patient_id: other }), ['body', 'patient_id'])).toBe(true);
    expect(await clinician.send('DELETE', `/api/patients/${other}/care-teams/${member}`)).toMatchObject({ status: 404 });
    expect(await clinician.send('DELETE', `/api/patients/${patient}/care-teams/${member}`)).toMatchObject({ status: 200, body: { id: member } });
    expect(await teamOf(patient)).toEqual([]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select('action')
      .where('patient_id', '=', patient)
      .where('resource', '=', 'care-teams')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['update', 'delete']);
  });

  test('a billing provider member keeps its role through other changes, but no member may take that role', async () => {
    const patient = await freshPatient(northwind);
    const billing = await addMember(patient, B(), 'billing_provider');
    const other = await addMember(patient, A(), 'other');
    expect(await clinician.send('PATCH', `/api/care-teams/${billing}`, { role: 'billing_provider', end_date: '2026-12-31' })).toMatchObject({ status: 200 });
    expect(isValidationError(await clinician.send('PATCH', `/api/care-teams/${other}`, { role: 'billing_provider' }), ['body', 'role'])).toBe(true);
  });
});

describe("a staff member's care teams (GET users/{id}/care-teams)", () => {
  test('lists the memberships of that user the caller may see', async () => {
    const patient = await freshPatient(northwind);
    await addMember(patient, C(), 'other');
    const answer = await admin.get(`/api/users/${C()}/care-teams`, { limit: 100 });
    expect(answer.status).toBe(200);
    const rows = answer.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.practitioner_id === C() && r.tenant_id === northwind)).toBe(true);
    expect(rows.some((r) => r.patient_id === patient)).toBe(true);
  });

  test("another provider's user is not found; an internal user's memberships show only the caller's provider", async () => {
    expect(await admin.get(`/api/users/${people['clinician@lakeside.demo.example']}/care-teams`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    const internalClinician = people['internal.clinician@demo.example'] as number;
    expect((await admin.get(`/api/users/${internalClinician}/care-teams`)).status).toBe(404);
    const all = (await internalAdmin.get(`/api/users/${internalClinician}/care-teams`, { limit: 500 })).body as Row[];
    expect(new Set(all.map((r) => r.tenant_id))).toEqual(new Set([northwind, lakeside]));
  });
});

describe('the care-team filters of the patients list (spec 001 section 4: include ALL, exclude NONE)', () => {
  /** Patients made for this test only: P1 has A and B, P2 has A, P3 nobody, P4 had A until yesterday, P5 has B as billing provider. */
  let fixture: Record<'P1' | 'P2' | 'P3' | 'P4' | 'P5', number>;
  beforeAll(async () => {
    const [P1, P2, P3, P4, P5] = [
      await freshPatient(northwind),
      await freshPatient(northwind),
      await freshPatient(northwind),
      await freshPatient(northwind),
      await freshPatient(northwind),
    ];
    fixture = { P1, P2, P3, P4, P5 };
    await addMember(P1, A(), 'rpm_clinician');
    await addMember(P1, B(), 'ccm_clinician');
    await addMember(P2, A(), 'other');
    const yesterday = (await sql<{ d: string }>`select (current_date - 1)::text as d`.execute(db())).rows[0]?.d ?? '';
    await addMember(P4, A(), 'rpm_clinician', yesterday);
    await addMember(P5, B(), 'billing_provider');
  });

  /** The fixture patients a filter keeps, by name. */
  async function kept(filter: Row): Promise<string[]> {
    const answer = await admin.get('/api/patients', { filter: { 'id[in]': Object.values(fixture), ...filter }, limit: 50 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ids = new Set((answer.body as Row[]).map((r) => r.id));
    return Object.entries(fixture)
      .filter(([, id]) => ids.has(id))
      .map(([name]) => name);
  }

  test('inall keeps the patients who have every listed member', async () => {
    expect(await kept({ 'care_team_members.practitioner_id[inall]': [A(), B()] })).toEqual(['P1']);
    expect(await kept({ 'care_team_members.practitioner_id[inall]': [A()] })).toEqual(['P1', 'P2']);
    expect(await kept({ 'care_team_members.practitioner_id[inall]': [B()] })).toEqual(['P1', 'P5']);
    expect(await kept({ 'care_team_members.practitioner_id[inall]': [] })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
  });

  test('notin keeps the patients who have none of the listed members (an ended membership no longer counts)', async () => {
    expect(await kept({ 'care_team_members.practitioner_id[notin]': [A()] })).toEqual(['P3', 'P4', 'P5']);
    expect(await kept({ 'care_team_members.practitioner_id[notin]': [A(), B()] })).toEqual(['P3', 'P4']);
    expect(await kept({ 'care_team_members.practitioner_id[notin]': [] })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
  });

  test('eq and in keep the patients who have one of them; include and exclude combine', async () => {
    expect(await kept({ 'care_team_members.practitioner_id[eq]': A() })).toEqual(['P1', 'P2']);
    expect(await kept({ 'care_team_members.practitioner_id[in]': [B(), C()] })).toEqual(['P1', 'P5']);
    expect(await kept({ 'care_team_members.practitioner_id[inall]': [A()], 'care_team_members.practitioner_id[notin]': [B()] })).toEqual(['P2']);
    expect(await kept({ 'care_team_members.role[eq]': 'billing_provider' })).toEqual(['P5']);
  });

  test('operators that mean nothing on a care team, and bad ids, are a 422', async () => {
    expect(
      isValidationError(await admin.get('/api/patients', { filter: { 'care_team_members.practitioner_id[lt]': 4 } }), [
        'query',
        'filter',
        'care_team_members.practitioner_id[lt]',
      ]),
    ).toBe(true);
    expect(
      isValidationError(await admin.get('/api/patients', { filter: { 'care_team_members.practitioner_id[inall]': ['x'] } }), [
        'query',
        'filter',
        'care_team_members.practitioner_id[inall]',
        0,
      ]),
    ).toBe(true);
    expect(
      isValidationError(await admin.get('/api/patients', { filter: { 'care_team_members.practitioner_id[inall]': 4 } }), [
        'query',
        'filter',
        'care_team_members.practitioner_id[inall]',
      ]),
    ).toBe(true);
    expect(
      isValidationError(await admin.get('/api/patients', { filter: { 'care_team_members.end_date[eq]': null } }), [
        'query',
        'filter',
        'care_team_members.end_date[eq]',
      ]),
    ).toBe(true);
  });
});
