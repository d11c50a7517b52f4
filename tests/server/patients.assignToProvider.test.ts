import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

let t: TestApp;
let northwind: number;
let lakeside: number;
let internal: Client;
let billing: Client;
let northwindAdmin: Client;
let lakesideAdmin: Client;
let counter = 0;
const db = () => t.app.db;
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
});
afterAll(async () => t?.close());

const move = (client: Client, ids: number[], tenantId: number) => client.send('PUT', '/api/users', { ids, data: { tenant_id: tenantId } });

interface TestPatient {
  id: number;
  userId: number;
  name: string;
}

/**
 * A Northwind patient as the console leaves one: a Northwind billing provider, facility and
 * onboarding location and user; on the care team a Northwind clinician and the internal clinician;
 * in a Northwind group. No device and no active care program unless asked.
 */
async function northwindPatient({ device = false, activeProgram = false } = {}): Promise<TestPatient> {
  counter += 1;
  const clinician = await userId('clinician@northwind.demo.example');
  const location = await db()
    .selectFrom('locations')
    .select('id')
    .where('tenant_id', '=', northwind)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user = await db()
    .insertInto('users')
    .values({ email: `move.${counter}.${Date.now()}@patients.example`, first_name: 'Mo', last_name: `Ving${counter}`, role: 'patient', tenant_id: northwind })
    .returning(['id', 'full_name'])
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({
      user_id: user.id,
      tenant_id: northwind,
      patient_status: 'consented',
      birthdate: '1950-01-01',
      billing_provider_id: clinician,
      facility_location_id: location.id,
      onboarding_appointment_location_id: location.id,
      expected_onboarding_user_id: await userId('staff@northwind.demo.example'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('care_team_members')
    .values([
      { patient_id: patient.id, tenant_id: northwind, practitioner_id: clinician, role: 'rpm_clinician' },
      { patient_id: patient.id, tenant_id: northwind, practitioner_id: await userId('internal.clinician@demo.example'), role: 'ccm_clinician' },
    ])
    .execute();
  const group = await db().selectFrom('patient_groups').select('id').where('tenant_id', '=', northwind).orderBy('id').executeTakeFirstOrThrow();
  await db().insertInto('patient_group_members').values({ group_id: group.id, patient_id: patient.id }).execute();
  await db()
    .insertInto('service_instances')
    .values({
      patient_id: patient.id,
      tenant_id: northwind,
      type: 'rpm',
      start: '2026-01-05',
      end: activeProgram ? null : '2026-02-01',
      is_active: activeProgram,
    })
    .execute();
  if (device) {
    await db()
      .insertInto('devices')
      .values({
        tenant_id: northwind,
        patient_id: patient.id,
        device_manufacturer: 'other',
        device_type: 'glucometer',
        external_id: `move-${counter}-${Date.now()}`,
        status: 'active',
        misc_data: '{}',
      })
      .execute();
  }
  return { id: patient.id, userId: user.id, name: user.full_name };
}

/** Every table a move writes; a refused move leaves each as it was. */
const TABLES = ['users', 'patients', 'care_team_members', 'patient_group_members', 'monitoring_activities', 'service_instances', 'audit_logs'];
async function expectNothingChanged(request: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const fingerprints = () => Promise.all(TABLES.map((table) => tableFingerprint(t.app, table)));
  const before = await fingerprints();
  const answer = await request();
  expect(await fingerprints(), `${answer.status} ${JSON.stringify(answer.body)} changed something`).toEqual(before);
  return answer;
}

describe('PUT users {ids, data: {tenant_id}} (Assign to Provider)', () => {
  test('moves the account and the patient, answers the patients as the list shows them, in the order asked', async () => {
    const first = await northwindPatient();
    const second = await northwindPatient();
    const answer = await move(internal, [second.userId, first.userId], lakeside);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({ id: second.id, tenant_id: lakeside, user: expect.objectContaining({ id: second.userId, tenant_id: lakeside }) as unknown }),
      expect.objectContaining({ id: first.id, tenant_id: lakeside, user: expect.objectContaining({ id: first.userId, tenant_id: lakeside }) as unknown }),
    ]);
    for (const p of [first, second]) {
      expect(await db().selectFrom('users').select('tenant_id').where('id', '=', p.userId).executeTakeFirstOrThrow()).toEqual({ tenant_id: lakeside });
      expect(await lakesideAdmin.get(`/api/patients/${p.id}`)).toMatchObject({ status: 200, body: { id: p.id, tenant_id: lakeside } });
      expect(await northwindAdmin.get(`/api/patients/${p.id}`)).toMatchObject({ status: 404 });
    }
  });

  test('drops what belongs to the old provider: billing provider, locations, onboarding user, its care-team members and groups; internal staff stay on the team', async () => {
    const p = await northwindPatient();
    expect((await move(internal, [p.userId], lakeside)).status).toBe(200);
    expect(
      await db()
        .selectFrom('patients')
        .select(['billing_provider_id', 'facility_location_id', 'onboarding_appointment_location_id', 'expected_onboarding_user_id'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      billing_provider_id: null,
      facility_location_id: null,
      onboarding_appointment_location_id: null,
      expected_onboarding_user_id: null,
    });
    const team = await db().selectFrom('care_team_members').select(['practitioner_id', 'tenant_id']).where('patient_id', '=', p.id).execute();
    expect(team).toEqual([{ practitioner_id: await userId('internal.clinician@demo.example'), tenant_id: lakeside }]);
    expect(await db().selectFrom('patient_group_members').select('group_id').where('patient_id', '=', p.id).execute()).toEqual([]);
    const audited = await db().selectFrom('audit_logs').select(['resource', 'action', 'tenant_id']).where('patient_id', '=', p.id).orderBy('id').execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { resource: 'care-teams', action: 'delete', tenant_id: northwind },
        { resource: 'care-teams', action: 'update', tenant_id: lakeside },
        { resource: 'patient-group-members', action: 'delete', tenant_id: northwind },
        { resource: 'patients', action: 'update', tenant_id: lakeside },
      ]),
    );
  });

  test("keeps a billing provider that is already the new provider's, and leaves the old provider's history where it was written", async () => {
    const p = await northwindPatient();
    const lakesideClinician = await userId('clinician@lakeside.demo.example');
    await db().updateTable('patients').set({ billing_provider_id: lakesideClinician }).where('id', '=', p.id).execute();
    await db()
      .insertInto('monitoring_activities')
      .values({ patient_id: p.id, tenant_id: northwind, type: 'note', description: 'Written at Northwind' })
      .execute();
    expect((await move(internal, [p.userId], lakeside)).status).toBe(200);
    expect(await db().selectFrom('patients').select('billing_provider_id').where('id', '=', p.id).executeTakeFirstOrThrow()).toEqual({
      billing_provider_id: lakesideClinician,
    });
    const notes = await db()
      .selectFrom('monitoring_activities')
      .select(['tenant_id', 'type', 'description', 'practitioner_name'])
      .where('patient_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      { tenant_id: northwind, type: 'note', description: 'Written at Northwind', practitioner_name: null },
      {
        tenant_id: lakeside,
        type: 'activity',
        description: 'Patient assigned to provider Lakeside Health (previously Northwind Clinic)',
        practitioner_name: 'Ines Admin',
      },
    ]);
    expect(await db().selectFrom('service_instances').select('tenant_id').where('patient_id', '=', p.id).execute()).toEqual([{ tenant_id: northwind }]);
  });

  test('refuses the whole call when a patient holds a device or an active care program, one sentence each, and changes nothing', async () => {
    const free = await northwindPatient();
    const withDevice = await northwindPatient({ device: true });
    const withProgram = await northwindPatient({ activeProgram: true });
    const both = await northwindPatient({ device: true, activeProgram: true });
    const answer = await expectNothingChanged(() => move(internal, [free.userId, withDevice.userId, withProgram.userId, both.userId], lakeside));
    expect(answer).toMatchObject({
      status: 422,
      body: {
        detail: [
          `${withDevice.name} has devices assigned: unassign the devices before assigning the patient to another provider.`,
          `${withProgram.name} has active care programs: end the care programs before assigning the patient to another provider.`,
          `${both.name} has devices assigned and active care programs: unassign the devices and end the care programs before assigning the patient to another provider.`,
        ].join(' '),
      },
    });
  });

  test('an unknown id, a staff account or another reach is 404 and nothing changes', async () => {
    const p = await northwindPatient();
    for (const other of [2_000_000_000, await userId('clinician@northwind.demo.example')]) {
      expect(await expectNothingChanged(() => move(internal, [p.userId, other], lakeside))).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    }
  });

  test('a patient already at the provider is answered as it is, with nothing written', async () => {
    const p = await northwindPatient();
    const answer = await expectNothingChanged(() => move(internal, [p.userId], northwind));
    expect(answer).toMatchObject({ status: 200, body: [{ id: p.id, tenant_id: northwind, billing_provider_id: expect.any(Number) as unknown }] });
  });

  test('internal users who may update users only: 403 otherwise, before anything is read', async () => {
    const p = await northwindPatient();
    expect(await expectNothingChanged(() => move(northwindAdmin, [p.userId], lakeside))).toMatchObject({
      status: 403,
      body: { detail: 'Only internal users can do this' },
    });
    expect(await expectNothingChanged(() => move(billing, [p.userId], lakeside))).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });

  test('the provider must exist and be active; the body is checked', async () => {
    const p = await northwindPatient();
    expect(isValidationError(await expectNothingChanged(() => move(internal, [p.userId], 999_999)), ['body', 'data', 'tenant_id'])).toBe(true);
    const closed = await db()
      .insertInto('tenants')
      .values({ slug: `closed-${Date.now()}`, name: 'Closed Clinic', is_active: false, settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inactive = await expectNothingChanged(() => move(internal, [p.userId], closed.id));
    expect(isValidationError(inactive, ['body', 'data', 'tenant_id'])).toBe(true);
    expect((inactive.body as { detail: { msg: string }[] }).detail[0]?.msg).toBe('This provider is not active');
    expect(isValidationError(await internal.send('PUT', '/api/users', { ids: [], data: { tenant_id: lakeside } }), ['body', 'ids'])).toBe(true);
    expect(isValidationError(await internal.send('PUT', '/api/users', { ids: [p.userId], data: {} }), ['body', 'data', 'tenant_id'])).toBe(true);
    expect(
      isValidationError(await internal.send('PUT', '/api/users', { ids: [p.userId], data: { tenant_id: lakeside, role: 'admin' } }), ['body', 'data', 'role']),
    ).toBe(true);
  });

  test('a patient moved away and back keeps its account and record', async () => {
    const p = await northwindPatient();
    expect((await move(internal, [p.userId], lakeside)).status).toBe(200);
    expect((await move(internal, [p.userId], northwind)).status).toBe(200);
    const row = await sql<{
      tenant_id: number;
      user_tenant: number;
    }>`select p.tenant_id, u.tenant_id as user_tenant from patients p join users u on u.id = p.user_id where p.id = ${p.id}`.execute(db());
    expect(row.rows).toEqual([{ tenant_id: northwind, user_tenant: northwind }]);
  });
});
