import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CREATABLE_DEVICE_TYPES } from '../../src/domain/enums';
import { TEST_ACCOUNT_DEVICES, TEST_ACCOUNTS } from '../../src/domain/testAccounts';
import { REQUIRED_MEASUREMENT_FIELDS } from '../../src/domain/testMeasurements';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let superadmin: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

const patientByEmail = (email: string) =>
  t.app.db
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.tenant_id', 'p.patient_status', 'p.primary_condition', 'p.first_device_activity', 'p.last_device_activity', 'u.full_name'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
const devicesOf = (patientId: number) =>
  t.app.db.selectFrom('devices').select(['id', 'device_type', 'status']).where('patient_id', '=', patientId).orderBy('id').execute();
const countOf = async (table: 'device_activities' | 'audit_logs') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What a test call may write: devices and patients whole; events and audit rows are only ever added, so their count. */
const written = () =>
  Promise.all([tableFingerprint(t.app, 'devices'), tableFingerprint(t.app, 'patients'), countOf('device_activities'), countOf('audit_logs')]);

/** A reading for each field a test form can send, within the bounds. */
const READINGS: Row = { spo2: 96, pulse: 72, systolic: 128, diastolic: 84, weight: 182.4, unit: 'lbs', blood_glucose: 110, peak_expiratory_flow_rate: 420 };
const readingsOf = (type: keyof typeof REQUIRED_MEASUREMENT_FIELDS) =>
  Object.fromEntries(REQUIRED_MEASUREMENT_FIELDS[type].map((field) => [field, READINGS[field]]));

describe('the six test accounts', () => {
  test('are active patients of Northwind with their condition; the base variants have no device, the others their condition’s devices', async () => {
    expect(TEST_ACCOUNTS).toHaveLength(6);
    for (const account of TEST_ACCOUNTS) {
      const patient = await patientByEmail(account.email);
      expect(patient, account.email).toMatchObject({ tenant_id: northwind, patient_status: 'active', primary_condition: account.condition });
      const types = (await devicesOf(patient.id)).map((d) => d.device_type).sort();
      expect(types, account.email).toEqual(account.base ? [] : [...TEST_ACCOUNT_DEVICES[account.condition]].sort());
    }
  });
});

describe('who may call', () => {
  const calls = [
    ['/api/testing/add-device', { email: 'test.copd.base@demo.example', device_type: 'glucometer' }],
    ['/api/testing/add-device-observation', { email: 'test.copd@demo.example', device_type: 'pulse_oximeter', spo2: 95, pulse: 70 }],
  ] as const;

  test.each(['internal.admin@demo.example', 'internal.billing@demo.example', 'admin@northwind.demo.example'])(
    '%s is refused with 403 and nothing is written',
    async (email) => {
      const client = await clientFor(t.app, email);
      const before = await written();
      for (const [url, body] of calls) {
        expect(await client.send('POST', url, body)).toEqual(expect.objectContaining({ status: 403, body: { detail: 'Not enough permissions' } }));
      }
      expect(await written()).toEqual(before);
    },
  );

  test('nobody without a session', async () => {
    for (const [url, body] of calls) expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
  });

  test('the record’s demo measurement: in a demo, a clinician adds a reading for a patient of theirs by id; by email, or another provider’s patient, is refused', async () => {
    const patient = await patientByEmail('test.copd@demo.example');
    const clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
    const body = { patient_id: patient.id, device_type: 'pulse_oximeter', spo2: 93, pulse: 77 };
    const added = await clinician.send('POST', '/api/testing/add-device-observation', body);
    expect(added.status).toBe(201);
    const chart = await clinician.get(`/api/patients/${patient.id}/charts/oxygen_saturation`);
    expect((chart.body as { points: { y: number }[] }).points.at(-1)?.y).toBe(93);
    // Only by id, the record's way: the Testing page's by-email call stays the superadmin's.
    expect(
      (await clinician.send('POST', '/api/testing/add-device-observation', { ...body, patient_id: undefined, email: 'test.copd@demo.example' })).status,
    ).toBe(403);
    const lakeside = await clientFor(t.app, 'admin@lakeside.demo.example');
    const before = await written();
    expect(await lakeside.send('POST', '/api/testing/add-device-observation', body)).toEqual(
      expect.objectContaining({ status: 404, body: { detail: 'Not found' } }),
    );
    expect(await written()).toEqual(before);
  });

  test('in production the calls do not exist, not even for a superadmin', async () => {
    const production = await createTestApp({ environment: 'production' });
    try {
      const client = await clientFor(production.app, 'superadmin@demo.example');
      for (const [url, body] of calls) {
        expect(await client.send('POST', url, body)).toEqual(expect.objectContaining({ status: 404, body: { detail: 'Not found' } }));
      }
    } finally {
      await production.close();
    }
  });
});

describe('POST testing/add-device', () => {
  test('creates a device of the type for the patient’s provider, assigned to the patient, with its event', async () => {
    const patient = await patientByEmail('test.asthma.base@demo.example');
    const answer = await superadmin.send('POST', '/api/testing/add-device', {
      email: 'TEST.asthma.base@demo.example',
      device_type: 'weight_scale',
      external_id: '356938035643809',
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        external_id: '356938035643809',
        device_type: 'weight_scale',
        tenant_id: northwind,
        patient_id: patient.id,
        status: 'active',
        device_received: true,
        assigned_on: expect.any(String) as unknown,
      },
    });
    const device = answer.body as Row;
    const events = await t.app.db
      .selectFrom('device_activities')
      .selectAll()
      .where('device_id', '=', device.id as number)
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        activity_type: 'assign_to_patient',
        patient_id: patient.id,
        tenant_id: northwind,
        actor_name: 'Sam Superadmin',
        value: expect.objectContaining({ patient_id: patient.id, patient_name: patient.full_name }) as unknown,
      }),
    ]);
    expect((await t.app.db.selectFrom('patients').select('has_device').where('id', '=', patient.id).executeTakeFirstOrThrow()).has_device).toBe(true);
  });

  test('makes up an IMEI when none is given', async () => {
    const answer = await superadmin.send('POST', '/api/testing/add-device', { email: 'test.chf.base@demo.example', device_type: 'blood_pressure' });
    expect(answer).toMatchObject({ status: 201, body: { external_id: expect.stringMatching(/^990\d{12}$/) as unknown } });
  });

  test('a second device with the same IMEI is 409 and nothing is written', async () => {
    const taken = await t.app.db
      .selectFrom('devices')
      .select('external_id')
      .where('tenant_id', '=', northwind)
      .where('external_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const before = await written();
    const answer = await superadmin.send('POST', '/api/testing/add-device', {
      email: 'test.copd.base@demo.example',
      device_type: 'glucometer',
      external_id: taken.external_id,
    });
    expect(answer).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Device already exists.' } }));
    expect(await written()).toEqual(before);
  });

  test.each([
    ['no email', { device_type: 'glucometer' }, ['body', 'email']],
    ['an email that is not one', { email: 'test.copd', device_type: 'glucometer' }, ['body', 'email']],
    ['no device type', { email: 'test.copd.base@demo.example' }, ['body', 'device_type']],
    ['a device type that is not created by hand', { email: 'test.copd.base@demo.example', device_type: 'cgm' }, ['body', 'device_type']],
    ['an empty IMEI', { email: 'test.copd.base@demo.example', device_type: 'glucometer', external_id: '' }, ['body', 'external_id']],
    ['an unknown field', { email: 'test.copd.base@demo.example', device_type: 'glucometer', color: 'red' }, ['body', 'color']],
  ])('%s is 422 naming the field, and nothing is written', async (_case, body, loc) => {
    const before = await written();
    const answer = await superadmin.send('POST', '/api/testing/add-device', body);
    expect(isValidationError(answer, loc), JSON.stringify(answer.body)).toBe(true);
    expect(await written()).toEqual(before);
  });

  test('an email of no patient account is 422 saying so, and nothing is written', async () => {
    const before = await written();
    for (const email of ['nobody@demo.example', 'admin@northwind.demo.example']) {
      const answer = await superadmin.send('POST', '/api/testing/add-device', { email, device_type: 'glucometer' });
      expect(answer).toEqual(expect.objectContaining({ status: 422, body: { detail: `No patient account has the email ${email}.` } }));
    }
    expect(await written()).toEqual(before);
  });
});

describe('POST testing/add-device-observation', () => {
  test.each(CREATABLE_DEVICE_TYPES.flatMap((type) => REQUIRED_MEASUREMENT_FIELDS[type].map((field) => [type, field] as const)))(
    'a %s reading without %s is 422 naming it, and nothing is written',
    async (type, field) => {
      const before = await written();
      const body = { email: 'test.chf@demo.example', device_type: type, ...readingsOf(type), [field]: undefined };
      const answer = await superadmin.send('POST', '/api/testing/add-device-observation', JSON.parse(JSON.stringify(body)) as Row);
      expect(isValidationError(answer, ['body', field]), JSON.stringify(answer.body)).toBe(true);
      expect(await written()).toEqual(before);
    },
  );

  test.each([
    ['no device type', { email: 'test.chf@demo.example', systolic: 120 }, ['body', 'device_type']],
    ['a reading out of bounds', { email: 'test.copd@demo.example', device_type: 'pulse_oximeter', spo2: 970, pulse: 70 }, ['body', 'spo2']],
    ['a weight unit that is neither lbs nor kg', { email: 'test.chf@demo.example', device_type: 'weight_scale', weight: 80, unit: 'st' }, ['body', 'unit']],
    ['neither an email nor a patient ID', { device_type: 'glucometer', blood_glucose: 100 }, ['body', 'email']],
    [
      'a date that is not one',
      { email: 'test.chf@demo.example', device_type: 'weight_scale', weight: 80, unit: 'kg', measurement_date: 'yesterday' },
      ['body', 'measurement_date'],
    ],
    [
      'a date in the future',
      { email: 'test.chf@demo.example', device_type: 'weight_scale', weight: 80, unit: 'kg', measurement_date: '2999-01-01T00:00:00Z' },
      ['body', 'measurement_date'],
    ],
  ])('%s is 422 naming the field, and nothing is written', async (_case, body, loc) => {
    const before = await written();
    const answer = await superadmin.send('POST', '/api/testing/add-device-observation', body);
    expect(isValidationError(answer, loc), JSON.stringify(answer.body)).toBe(true);
    expect(await written()).toEqual(before);
  });

  test('a patient with no assigned device of the type, both an email and an ID, or an unknown ID: 422 saying so, nothing written', async () => {
    const before = await written();
    const copd = await patientByEmail('test.copd@demo.example');
    const cases = [
      [
        { email: 'test.copd@demo.example', device_type: 'glucometer', blood_glucose: 100 },
        'This patient has no glucometer device assigned. Add one with Add Device first.',
      ],
      [
        { email: 'test.copd@demo.example', patient_id: copd.id, device_type: 'peak_flow_meter', peak_expiratory_flow_rate: 300 },
        'Give a patient account email or a patient ID, not both.',
      ],
      [{ patient_id: 999999, device_type: 'peak_flow_meter', peak_expiratory_flow_rate: 300 }, 'No patient has the ID 999999.'],
    ] as const;
    for (const [body, detail] of cases) {
      expect(await superadmin.send('POST', '/api/testing/add-device-observation', body)).toEqual(expect.objectContaining({ status: 422, body: { detail } }));
    }
    expect(await written()).toEqual(before);
  });

  test('a blood pressure reading by test account shows in the device’s measurements and updates the device and the patient', async () => {
    const patient = await patientByEmail('test.chf@demo.example');
    const cuff = (await devicesOf(patient.id)).find((d) => d.device_type === 'blood_pressure') as Row;
    const answer = await superadmin.send('POST', '/api/testing/add-device-observation', {
      email: 'test.chf@demo.example',
      device_type: 'blood_pressure',
      systolic: 141,
      diastolic: 92,
      pulse: 77,
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { device_id: cuff.id, activity_type: 'measurement', patient_id: patient.id, actor_name: 'Sam Superadmin' },
    });
    const created = answer.body as Row & { created_on: string };

    const filter = { 'device_id[eq]': cuff.id, 'activity_type[eq]': 'measurement' };
    const listed = await superadmin.get('/api/device-activities', { filter, sort: 'created_on', order: 'desc', limit: '20' });
    expect(listed.status).toBe(200);
    const [newest] = listed.body as (Row & { value: Row[] })[];
    expect(newest).toMatchObject({
      id: created.id,
      value: [
        { name: 'blood_pressure', systolic: 141, diastolic: 92, unit: { text: 'mmHg' }, timestamp: created.created_on },
        { name: 'heart_rate', value: 77, unit: { text: 'bpm' } },
      ],
    });

    const device = await t.app.db
      .selectFrom('devices')
      .select(['first_measurement', 'last_measurement'])
      .where('id', '=', cuff.id as number)
      .executeTakeFirstOrThrow();
    expect(device.last_measurement?.toISOString()).toBe(created.created_on);
    const after = await patientByEmail('test.chf@demo.example');
    expect(after.last_device_activity?.toISOString()).toBe(created.created_on);
    // The record's first device activity is the earliest reading, which a newer one does not move.
    const record = (await superadmin.get(`/api/patients/${patient.id}`)).body as Row & { first_device_activity: string };
    expect(Date.parse(record.first_device_activity)).toBeLessThanOrEqual(Date.parse(created.created_on));
    expect(record.first_device_activity).toBe(patient.first_device_activity?.toISOString() ?? created.created_on);
  });

  test.each(CREATABLE_DEVICE_TYPES)('a %s reading by patient ID, dated in the past, on a device added from the Testing page', async (type) => {
    const patient = await patientByEmail('test.asthma.base@demo.example');
    const device = await superadmin.send('POST', '/api/testing/add-device', { email: 'test.asthma.base@demo.example', device_type: type });
    expect(device.status).toBe(201);
    const deviceId = (device.body as Row).id as number;
    const date = '2026-01-05T08:30:00.000Z';
    const answer = await superadmin.send('POST', '/api/testing/add-device-observation', {
      patient_id: patient.id,
      device_type: type,
      ...readingsOf(type),
      spo2: 97,
      measurement_date: date,
    });
    expect(answer).toMatchObject({ status: 201, body: { device_id: deviceId, created_on: date } });
    const [first] = (answer.body as { value: Row[] }).value;
    expect(first).toMatchObject({ name: expect.any(String) as unknown, unit: { text: expect.any(String) as unknown }, timestamp: date });
    expect(first).toHaveProperty('value');
    const stored = await t.app.db.selectFrom('devices').select(['first_measurement', 'last_measurement']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect([stored.first_measurement?.toISOString(), stored.last_measurement?.toISOString()]).toEqual([date, date]);
    // A reading older than any before it becomes the patient's first device activity.
    const record = (await superadmin.get(`/api/patients/${patient.id}`)).body as Row & { first_device_activity: string };
    expect(Date.parse(record.first_device_activity)).toBeLessThanOrEqual(Date.parse(date));
  });
});
