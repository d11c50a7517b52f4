import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { deviceFixtures, expectNothingChanged } from './devices.helpers';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let staff: Client;
let internal: Client;
let lakesideAdmin: Client;
let clinicianId: number;
let counter = 0;
const f = deviceFixtures(() => t.app);
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinicianId = await f.userId('clinician@northwind.demo.example');
});
afterAll(async () => t?.close());

const assign = (client: Client, body: Row) => client.send('POST', '/api/devices/assign-shared-device', body);
const linksOf = (patientId: number) => db().selectFrom('patient_shared_devices').selectAll().where('patient_id', '=', patientId).execute();
const sharedDevice = (tenantId: number | null, values: Row = {}) => f.newDevice({ tenant_id: tenantId, status: 'active', is_shared_device: true, ...values });

/** A fresh patient of a demo provider in this status, with its name. */
async function newPatient(tenantId: number, status = 'active'): Promise<{ id: number; name: string }> {
  counter += 1;
  const user = await db()
    .insertInto('users')
    .values({ email: `shared.${counter}.${Date.now()}@patients.example`, first_name: 'Sha', last_name: `Red${counter}`, role: 'patient', tenant_id: tenantId })
    .returning(['id', 'full_name'])
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: status, birthdate: '1950-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: patient.id, name: user.full_name };
}

/** Runs a refused request and checks that no link changed either (expectNothingChanged covers devices, patients, events and audit rows). */
async function refusedUnchanged(request: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const links = await tableFingerprint(t.app, 'patient_shared_devices');
  const answer = await expectNothingChanged(t.app, request);
  expect(await tableFingerprint(t.app, 'patient_shared_devices')).toBe(links);
  return answer;
}

describe('POST devices/assign-shared-device', () => {
  test('links a shared device to a patient: 201 with the device and the link, an event in its history, an audit row; the device keeps no patient', async () => {
    const patient = await newPatient(northwind);
    const deviceId = await sharedDevice(northwind);
    const answer = await assign(clinician, { device_id: deviceId, patient_id: patient.id });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        id: deviceId,
        is_shared_device: true,
        patient_id: null,
        tenant_id: northwind,
        assigned_by_id: clinicianId,
        assigned_on: expect.any(String) as unknown,
      },
    });
    expect(await linksOf(patient.id)).toEqual([expect.objectContaining({ device_id: deviceId, assigned_by_id: clinicianId })]);
    expect(await f.device(deviceId)).toMatchObject({ patient_id: null, assigned_on: null, is_shared_device: true });
    expect(await f.events(deviceId)).toEqual([
      expect.objectContaining({
        activity_type: 'assign_to_patient',
        patient_id: patient.id,
        tenant_id: northwind,
        actor_id: clinicianId,
        value: { patient_id: patient.id, patient_name: patient.name, is_shared_device: true, message: `Shared device linked to patient ${patient.name}` },
      }),
    ]);
    const audit = await db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'patient-shared-devices',
        patient_id: patient.id,
        tenant_id: northwind,
        record_id: `${deviceId}:${patient.id}`,
      }),
    ]);
  });

  test('linking the same device again renews the link (200), one row per device and patient', async () => {
    const patient = await newPatient(northwind, 'consented');
    const deviceId = await sharedDevice(northwind);
    expect((await assign(staff, { device_id: deviceId, patient_id: patient.id })).status).toBe(201);
    await db()
      .updateTable('patient_shared_devices')
      .set({ assigned_on: new Date('2026-01-01T00:00:00Z') })
      .where('device_id', '=', deviceId)
      .execute();
    const again = await assign(staff, { device_id: deviceId, patient_id: patient.id });
    expect(again).toMatchObject({ status: 200, body: { id: deviceId } });
    const links = await linksOf(patient.id);
    expect(links).toHaveLength(1);
    expect(links[0]?.assigned_on.getTime()).toBeGreaterThan(Date.parse('2026-01-02T00:00:00Z'));
    expect(await f.events(deviceId)).toHaveLength(2);
  });

  test('refuses what the device rules refuse, and changes nothing', async () => {
    const patient = await newPatient(northwind);
    const cases: [Row, string][] = [
      [{ is_shared_device: false }, 'Device is not a shared device'],
      [{ status: 'decommissioned' }, 'Device is decommissioned'],
      [{ status: 'returned_to_manufacturer' }, 'Device is going back to the manufacturer'],
      [{ status: 'pending_return_to_manufacturer' }, 'Device is going back to the manufacturer'],
    ];
    for (const [values, detail] of cases) {
      const deviceId = await sharedDevice(northwind, values);
      expect(await refusedUnchanged(() => assign(clinician, { device_id: deviceId, patient_id: patient.id })), detail).toMatchObject({
        status: 422,
        body: { detail },
      });
    }
    const inventory = await sharedDevice(null);
    expect(await refusedUnchanged(() => assign(internal, { device_id: inventory, patient_id: patient.id }))).toMatchObject({
      status: 422,
      body: { detail: 'Device does not belong to a provider' },
    });
  });

  test("refuses another provider's device for the patient, and a patient who may not be given a device", async () => {
    const patient = await newPatient(northwind);
    const lakesideDevice = await sharedDevice(lakeside);
    expect(await refusedUnchanged(() => assign(internal, { device_id: lakesideDevice, patient_id: patient.id }))).toMatchObject({
      status: 422,
      body: { detail: "The device belongs to another provider than the patient's" },
    });
    const pending = await newPatient(northwind, 'pending_enrollment');
    const deviceId = await sharedDevice(northwind);
    const answer = await refusedUnchanged(() => assign(clinician, { device_id: deviceId, patient_id: pending.id }));
    expect(isValidationError(answer, ['body', 'patient_id']), JSON.stringify(answer.body)).toBe(true);
    expect((answer.body as { detail: { msg: string }[] }).detail[0]?.msg).toBe('Only active or consented patients can be given a device');
  });

  test("another provider's device or patient is 404, an unknown one too; a bad body is 422 at the field", async () => {
    const patient = await newPatient(northwind);
    const lakesidePatient = await newPatient(lakeside);
    const deviceId = await sharedDevice(northwind);
    const lakesideDevice = await sharedDevice(lakeside);
    for (const body of [
      { device_id: lakesideDevice, patient_id: patient.id },
      { device_id: deviceId, patient_id: lakesidePatient.id },
      { device_id: 999_999, patient_id: patient.id },
    ]) {
      expect(await refusedUnchanged(() => assign(clinician, body)), JSON.stringify(body)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    }
    expect(isValidationError(await assign(clinician, { patient_id: patient.id }), ['body', 'device_id'])).toBe(true);
    expect(isValidationError(await assign(clinician, { device_id: deviceId, patient_id: patient.id, note: 'x' }), ['body', 'note'])).toBe(true);
  });
});

describe('GET patients/{id}/assigned-shared-devices', () => {
  test('the shared devices linked to the patient, newest link first, each with assigned_on; audited for the patient', async () => {
    const patient = await newPatient(northwind);
    const first = await sharedDevice(northwind);
    const second = await sharedDevice(northwind);
    expect((await assign(clinician, { device_id: first, patient_id: patient.id })).status).toBe(201);
    await db()
      .updateTable('patient_shared_devices')
      .set({ assigned_on: new Date('2026-03-01T09:00:00Z') })
      .where('device_id', '=', first)
      .execute();
    expect((await assign(clinician, { device_id: second, patient_id: patient.id })).status).toBe(201);

    const answer = await staff.get(`/api/patients/${patient.id}/assigned-shared-devices`);
    expect(answer.status).toBe(200);
    expect((answer.body as Row[]).map((d) => d.id)).toEqual([second, first]);
    expect((answer.body as Row[])[1]).toMatchObject({
      id: first,
      is_shared_device: true,
      device_type: 'glucometer',
      assigned_on: '2026-03-01T09:00:00.000Z',
      assigned_by_id: clinicianId,
    });
    expect(answer.headers['content-range']).toBe('assigned-shared-devices 0-1/2');
    const audit = await db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'list', resource: 'patient-shared-devices', patient_id: patient.id, record_id: `${second},${first}` }),
    ]);
  });

  test("a patient with none answers an empty list; another provider's patient is 404", async () => {
    const patient = await newPatient(northwind);
    const answer = await clinician.get(`/api/patients/${patient.id}/assigned-shared-devices`);
    expect(answer).toMatchObject({ status: 200, body: [] });
    expect(answer.headers['content-range']).toBe('assigned-shared-devices */0');
    expect(await lakesideAdmin.get(`/api/patients/${patient.id}/assigned-shared-devices`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });
});
