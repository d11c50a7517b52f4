import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { deviceFixtures } from './devices.helpers';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * Spec 001 section 4: "Consented patients become active automatically once listed missing items
 * are completed". A consented patient with its two care programs lacks only a device: giving it one,
 * however it is given, activates it in the same call.
 */

let t: TestApp;
let northwind: number;
let admin: Client;
let clinician: Client;
let adminId: number;
let counter = 0;
const f = deviceFixtures(() => t.app);
const db = () => t.app.db;
const REASON = 'Consent-to-active items completed';

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  adminId = await f.userId('admin@northwind.demo.example');
});
afterAll(async () => t?.close());

/** A consented Northwind patient with a birthdate, a billing provider and `programs` active care programs, and no device. */
async function consentedPatient(programs = 2): Promise<number> {
  counter += 1;
  const provider = await f.userId('clinician@northwind.demo.example');
  const user = await db()
    .insertInto('users')
    .values({
      email: `activation.${counter}.${Date.now()}@patients.example`,
      first_name: 'Act',
      last_name: `Ivate${counter}`,
      role: 'patient',
      tenant_id: northwind,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({
      user_id: user.id,
      tenant_id: northwind,
      patient_status: 'consented',
      birthdate: '1950-01-01',
      billing_provider_id: provider,
      consented_on: new Date(),
      consented_by_id: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const type of ['rpm', 'ccm'].slice(0, programs)) {
    await db()
      .insertInto('service_instances')
      .values({ patient_id: patient.id, tenant_id: northwind, type, start: '2026-01-05', practitioner_id: provider })
      .execute();
  }
  return patient.id;
}

const statusOf = async (id: number) =>
  await db().selectFrom('patients').select(['patient_status', 'enrolled_on']).where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (id: number) => db().selectFrom('patient_status_history').selectAll().where('patient_id', '=', id).orderBy('id').execute();
const activitiesOf = (id: number) =>
  db().selectFrom('monitoring_activities').selectAll().where('patient_id', '=', id).where('type', '=', 'activity').orderBy('id').execute();

/** The patient became active in that call, recorded as the caller's change with the activation reason. */
async function expectActivatedBy(id: number, actorId: number) {
  expect(await statusOf(id)).toMatchObject({ patient_status: 'active', enrolled_on: expect.any(Date) as unknown });
  expect(await historyOf(id)).toEqual([expect.objectContaining({ old_status: 'consented', new_status: 'active', changed_by_id: actorId, reason: REASON })]);
  expect(await activitiesOf(id)).toHaveLength(1);
}

describe('a device completes the activation of a consented patient', () => {
  test('PUT devices/{id} assign_to_patient', async () => {
    const id = await consentedPatient();
    expect((await admin.get(`/api/patients/${id}/consented-to-active-progress`)).body).toMatchObject({
      missing_items: [expect.objectContaining({ key: 'device' })],
    });
    const deviceId = await f.newDevice({ tenant_id: northwind });
    const answer = await admin.send('PUT', `/api/devices/${deviceId}`, { update_action: 'assign_to_patient', patient_id: id });
    expect(answer).toMatchObject({ status: 200, body: { id: deviceId, patient_id: id } });
    await expectActivatedBy(id, adminId);
  });

  test('POST devices with the patient', async () => {
    const id = await consentedPatient();
    const answer = await admin.send('POST', '/api/devices', {
      device_manufacturer: 'other',
      device_type: 'weight_scale',
      external_id: `act-${Date.now()}`,
      device_received: true,
      patient_id: id,
    });
    expect(answer).toMatchObject({ status: 201, body: { patient_id: id } });
    await expectActivatedBy(id, adminId);
  });

  test('POST devices/assign-shared-device: a shared device counts as the device', async () => {
    const id = await consentedPatient();
    const deviceId = await f.newDevice({ tenant_id: northwind, status: 'active', is_shared_device: true });
    expect((await clinician.send('POST', '/api/devices/assign-shared-device', { device_id: deviceId, patient_id: id })).status).toBe(201);
    await expectActivatedBy(id, await f.userId('clinician@northwind.demo.example'));
    expect((await admin.get(`/api/patients/${id}/consented-to-active-progress`)).body).toMatchObject({ patient_status: 'active', missing_items: [] });
  });

  test('a patient still short of care programs stays consented, and says what is missing', async () => {
    const id = await consentedPatient(1);
    const deviceId = await f.newDevice({ tenant_id: northwind });
    expect((await admin.send('PUT', `/api/devices/${deviceId}`, { update_action: 'assign_to_patient', patient_id: id })).status).toBe(200);
    expect(await statusOf(id)).toMatchObject({ patient_status: 'consented' });
    expect(await historyOf(id)).toEqual([]);
    expect((await admin.get(`/api/patients/${id}/consented-to-active-progress`)).body).toMatchObject({
      missing_items: [expect.objectContaining({ key: 'care_programs' })],
    });
  });

  test('a refused assignment activates nobody', async () => {
    const id = await consentedPatient();
    const shared = await f.newDevice({ tenant_id: northwind, is_shared_device: true });
    expect(await admin.send('PUT', `/api/devices/${shared}`, { update_action: 'assign_to_patient', patient_id: id })).toMatchObject({
      status: 422,
      body: { detail: 'Device is a shared device' },
    });
    expect(await statusOf(id)).toMatchObject({ patient_status: 'consented' });
    expect(await historyOf(id)).toEqual([]);
  });
});
