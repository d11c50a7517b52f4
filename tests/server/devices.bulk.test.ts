import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { deviceFixtures, expectNothingChanged } from './devices.helpers';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;
interface Created {
  created_devices: Row[];
  existing_imeis: string[];
}

let t: TestApp;
let internal: Client;
let admin: Client;
let lakesideAdmin: Client;
let clinician: Client;
let northwind: number;
let lakeside: number;
const f = deviceFixtures(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
});
afterAll(async () => t?.close());

let next = 0;
/** `count` fresh IMEIs of 15 digits. */
const imeis = (count: number) => Array.from({ length: count }, () => `35${String((next += 1)).padStart(13, '0')}`);
const bulkUpdate = (client: Client, ids: number[], data: Row) => client.send('PUT', '/api/devices', { ids, data });
const feesOf = (ids: readonly number[]) => t.app.db.selectFrom('device_one_time_fees').selectAll().where('device_id', 'in', ids).orderBy('device_id').execute();
const idsOf = (answer: { body: unknown }) => (answer.body as Created).created_devices.map((d) => d.id as number);

describe('POST devices/bulk (a pasted IMEI list)', () => {
  test('creates the new IMEIs, answers the two already in use, and charges each new device of a provider', async () => {
    const taken = await t.app.db
      .selectFrom('devices')
      .select('external_id')
      .where('tenant_id', '=', lakeside)
      .where('device_type', '<>', 'tenovi_gateway')
      .orderBy('id')
      .limit(2)
      .execute();
    const existing = taken.map((d) => d.external_id as string);
    const fresh = imeis(10);
    const list = [...fresh.slice(0, 4), existing[0] as string, ...fresh.slice(4), existing[1] as string];
    expect(list).toHaveLength(12);
    const location = await f.location(northwind);
    const answer = await internal.send('POST', '/api/devices/bulk', {
      external_ids: list,
      device_manufacturer: 'transtek',
      device_type: 'blood_pressure',
      device_model: 'TMB-2092-G',
      tenant_id: northwind,
      location_id: location.id,
      status: 'pending',
    });
    expect(answer.status).toBe(201);
    const body = answer.body as Created;
    expect(body.existing_imeis).toEqual(existing);
    expect(body.created_devices.map((d) => d.external_id)).toEqual(fresh);
    for (const device of body.created_devices) {
      expect(device).toMatchObject({
        tenant_id: northwind,
        location_id: location.id,
        status: 'pending',
        device_received: false,
        patient_id: null,
        device_model: 'TMB-2092-G',
      });
    }
    const fees = await feesOf(idsOf(answer));
    expect(fees).toHaveLength(10);
    expect(fees.every((fee) => fee.tenant_id === northwind && fee.amount === 49 && fee.fee_type === 'device_fee')).toBe(true);
    // The other provider's devices are untouched.
    expect(await t.app.db.selectFrom('devices').select('tenant_id').where('external_id', 'in', existing).execute()).toEqual([
      { tenant_id: lakeside },
      { tenant_id: lakeside },
    ]);
  });

  test('a received list is inactive; repeats in the list are created once; none in use is 200 with nothing created', async () => {
    const [a, b] = imeis(2) as [string, string];
    const answer = await internal.send('POST', '/api/devices/bulk', {
      external_ids: [a, ` ${b} `, a],
      device_manufacturer: 'other',
      device_type: 'glucometer',
      status: 'inactive',
    });
    expect(answer.status).toBe(201);
    expect((answer.body as Created).created_devices).toEqual([
      expect.objectContaining({ external_id: a, status: 'inactive', device_received: true, tenant_id: null }),
      expect.objectContaining({ external_id: b, status: 'inactive', device_received: true, tenant_id: null }),
    ]);
    expect(await feesOf(idsOf(answer))).toEqual([]);
    const again = await expectNothingChanged(t.app, () =>
      internal.send('POST', '/api/devices/bulk', { external_ids: [a, b], device_manufacturer: 'other', device_type: 'glucometer' }),
    );
    expect(again).toMatchObject({ status: 200, body: { created_devices: [], existing_imeis: [a, b] } });
  });

  test("refuses IMEIs of different lengths in the spec's words, and creates nothing", async () => {
    const list = [...imeis(3), '3512345678']; // the last is 10 digits
    const answer = await expectNothingChanged(t.app, () =>
      internal.send('POST', '/api/devices/bulk', { external_ids: list, device_manufacturer: 'other', device_type: 'glucometer' }),
    );
    expect(answer.body).toEqual({ detail: [{ loc: ['body', 'external_ids'], msg: 'All items must have the same length', type: 'same_length' }] });
  });

  test("a provider user's devices go to its own provider, whatever the body says", async () => {
    const answer = await admin.send('POST', '/api/devices/bulk', {
      external_ids: imeis(2),
      device_manufacturer: 'other',
      device_type: 'glucometer',
      tenant_id: lakeside,
    });
    expect(answer.status).toBe(201);
    expect((answer.body as Created).created_devices.map((d) => d.tenant_id)).toEqual([northwind, northwind]);
    expect((await feesOf(idsOf(answer))).map((fee) => fee.tenant_id)).toEqual([northwind, northwind]);
  });

  test("refuses another provider's location, a status a list cannot have, an empty list, and a role without devices.create", async () => {
    const theirs = await f.location(lakeside);
    const base = { device_manufacturer: 'other', device_type: 'glucometer' };
    const location = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/devices/bulk', { ...base, external_ids: imeis(1), location_id: theirs.id }),
    );
    expect(isValidationError(location, ['body', 'location_id'])).toBe(true);
    const status = await expectNothingChanged(t.app, () =>
      internal.send('POST', '/api/devices/bulk', { ...base, external_ids: imeis(1), status: 'decommissioned' }),
    );
    expect(isValidationError(status, ['body', 'status'])).toBe(true);
    const empty = await expectNothingChanged(t.app, () => internal.send('POST', '/api/devices/bulk', { ...base, external_ids: [] }));
    expect(isValidationError(empty, ['body', 'external_ids'])).toBe(true);
    const blank = await expectNothingChanged(t.app, () => internal.send('POST', '/api/devices/bulk', { ...base, external_ids: ['  '] }));
    expect(isValidationError(blank, ['body', 'external_ids'])).toBe(true);
    const [a, b] = imeis(2) as [string, string];
    const unsplit = await expectNothingChanged(t.app, () => internal.send('POST', '/api/devices/bulk', { ...base, external_ids: [`${a}\n${b}`] }));
    expect(unsplit.body).toEqual({
      detail: [{ loc: ['body', 'external_ids', 0], msg: 'One IMEI per item: no spaces, commas, semicolons or pipes', type: 'unsplit' }],
    });
    // A text where the list is typed is not wrapped into one (bodies are validated without coercion).
    const text = await expectNothingChanged(t.app, () => internal.send('POST', '/api/devices/bulk', { ...base, external_ids: a }));
    expect(isValidationError(text, ['body', 'external_ids'])).toBe(true);
    const forbidden = await expectNothingChanged(t.app, () => clinician.send('POST', '/api/devices/bulk', { ...base, external_ids: imeis(1) }));
    expect(forbidden).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });
});

describe('POST devices (single device and Tenovi form)', () => {
  test('a Tenovi device keeps its gateway id without dashes; pending until received; charged when it is for a provider', async () => {
    const answer = await internal.send('POST', '/api/devices', {
      device_manufacturer: 'tenovi',
      device_type: 'blood_pressure',
      external_id: imeis(1)[0],
      tenant_id: northwind,
      status: null,
      misc_data: { device: { hardware_uuid: 'ab12-CD34-ef56' } },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { status: 'pending', device_received: false, tenant_id: northwind, misc_data: { device: { hardware_uuid: 'ab12CD34ef56' } } },
    });
    expect(await f.fees((answer.body as Row).id as number)).toEqual([expect.objectContaining({ tenant_id: northwind, amount: 49 })]);
    expect(await f.events((answer.body as Row).id as number)).toEqual([]);
    const received = await internal.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'cgm', external_id: '', device_received: true });
    expect(received).toMatchObject({ status: 201, body: { status: 'active', device_received: true, external_id: null, tenant_id: null } });
    expect(await f.fees((received.body as Row).id as number)).toEqual([]);
  });

  test("refuses a gateway id that is not the console's format, and a gateway without one", async () => {
    const base = { device_manufacturer: 'tenovi', device_type: 'tenovi_gateway', tenant_id: northwind };
    const bad = await expectNothingChanged(t.app, () =>
      internal.send('POST', '/api/devices', { ...base, misc_data: { device: { hardware_uuid: 'ab12-cd34' } } }),
    );
    expect(bad.body).toEqual({
      detail: [
        {
          loc: ['body', 'misc_data', 'device', 'hardware_uuid'],
          msg: 'Gateway ID must be 12 characters or 4 characters separated by dashes',
          type: 'value_error',
        },
      ],
    });
    const missing = await expectNothingChanged(t.app, () => internal.send('POST', '/api/devices', base));
    expect(missing.body).toEqual({ detail: [{ loc: ['body', 'misc_data', 'device', 'hardware_uuid'], msg: 'Gateway ID is required', type: 'value_error' }] });
  });

  test('a device created with a patient is assigned to them: active, in their device history', async () => {
    const patient = await f.patient(northwind, 'active');
    const answer = await admin.send('POST', '/api/devices', {
      device_manufacturer: 'other',
      device_type: 'weight_scale',
      external_id: imeis(1)[0],
      patient_id: patient.id,
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { tenant_id: northwind, patient_id: patient.id, status: 'active', assigned_on: expect.any(String) as unknown },
    });
    expect(await f.events((answer.body as Row).id as number)).toEqual([
      expect.objectContaining({ activity_type: 'assign_to_patient', patient_id: patient.id, tenant_id: northwind, actor_name: 'Alex Northam' }),
    ]);
    const pending = await f.patient(northwind, 'pending_enrollment');
    const refused = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'weight_scale', external_id: imeis(1)[0], patient_id: pending.id }),
    );
    expect(isValidationError(refused, ['body', 'patient_id'])).toBe(true);
    const shared = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/devices', { device_manufacturer: 'other', device_type: 'weight_scale', is_shared_device: true, patient_id: patient.id }),
    );
    expect(shared.body).toEqual({ detail: [{ loc: ['body', 'patient_id'], msg: 'A shared device cannot be assigned to a patient', type: 'value_error' }] });
  });
});

describe('PUT devices {ids, data: {update_action: mark_received}}', () => {
  test('marks every pending device received, each with its event', async () => {
    const ids = [
      await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false }),
      await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false }),
    ];
    const answer = await bulkUpdate(admin, ids, { update_action: 'mark_received' });
    expect(answer.status).toBe(200);
    expect((answer.body as Row[]).map((d) => [d.id, d.status, d.device_received])).toEqual(ids.map((id) => [id, 'inactive', true]));
    for (const id of ids) expect((await f.events(id)).map((e) => e.activity_type)).toEqual(['mark_received']);
  });

  test('one device the rules refuse refuses the whole call, naming it, and nothing changes', async () => {
    const pending = await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false });
    const inactive = await f.newDevice({ tenant_id: northwind, status: 'inactive' });
    const notPending = await expectNothingChanged(t.app, () => bulkUpdate(admin, [pending, inactive], { update_action: 'mark_received' }));
    expect(notPending).toMatchObject({ status: 422, body: { detail: `Device ${inactive}: Device is not pending` } });
    const patient = await f.patient(northwind, 'active');
    const withPatient = await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false, patient_id: patient.id });
    const assigned = await expectNothingChanged(t.app, () => bulkUpdate(admin, [pending, withPatient], { update_action: 'mark_received' }));
    expect(assigned).toMatchObject({ status: 422, body: { detail: `Device ${withPatient}: Device is assigned to a patient` } });
    expect(await f.device(pending)).toMatchObject({ status: 'pending' });
  });

  test('a device out of reach makes the whole call 404, and nothing changes', async () => {
    const mine = await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false });
    const theirs = await f.newDevice({ tenant_id: lakeside, status: 'pending', device_received: false });
    for (const ids of [
      [mine, theirs],
      [mine, 999_999],
    ]) {
      const answer = await expectNothingChanged(t.app, () => bulkUpdate(admin, ids, { update_action: 'mark_received' }));
      expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    }
  });

  test('bad bodies are 422 at the field', async () => {
    const id = await f.newDevice({ tenant_id: northwind, status: 'pending' });
    for (const [body, loc] of [
      [{ ids: [], data: { update_action: 'mark_received' } }, ['body', 'ids']],
      [{ ids: [id] }, ['body', 'data']],
      [{ ids: [id], data: {} }, ['body', 'data', 'update_action']],
      [{ ids: [id], data: { update_action: 'assign_to_patient', patient_id: 3 } }, ['body', 'data', 'update_action']],
      [{ ids: ['x'], data: { update_action: 'mark_received' } }, ['body', 'ids', 0]],
      [{ ids: [id], data: { update_action: 'mark_received', tenant_id: northwind } }, ['body', 'data', 'tenant_id']],
    ] as const) {
      const answer = await expectNothingChanged(t.app, () => admin.send('PUT', '/api/devices', body));
      expect(isValidationError(answer, [...loc]), `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(true);
    }
  });
});

describe('PUT devices {ids, data: {update_action: bulk_update}} (provider and location)', () => {
  test('moves inventory devices to a provider and a location, charging each, one event each', async () => {
    const ids = [await f.newDevice({ tenant_id: null }), await f.newDevice({ tenant_id: null })];
    const location = await f.location(lakeside);
    const answer = await bulkUpdate(internal, ids, { update_action: 'bulk_update', tenant_id: lakeside, location_id: location.id });
    expect(answer.status).toBe(200);
    expect((answer.body as Row[]).map((d) => [d.tenant_id, d.location_id])).toEqual([
      [lakeside, location.id],
      [lakeside, location.id],
    ]);
    expect((await feesOf(ids)).map((fee) => fee.tenant_id)).toEqual([lakeside, lakeside]);
    for (const id of ids) {
      expect(await f.events(id)).toEqual([
        expect.objectContaining({
          activity_type: 'update_tenant',
          tenant_id: lakeside,
          value: {
            tenant_id: { from: null, to: lakeside },
            location_id: { from: null, to: location.id },
            message: `Assigned to customer Lakeside Health; Location set to ${location.name}`,
          },
        }),
      ]);
    }
  });

  test("a location alone stays with each device's provider", async () => {
    const ids = [await f.newDevice({ tenant_id: northwind }), await f.newDevice({ tenant_id: northwind })];
    const location = await f.location(northwind);
    const answer = await bulkUpdate(internal, ids, { update_action: 'bulk_update', location_id: location.id });
    expect((answer.body as Row[]).map((d) => [d.tenant_id, d.location_id])).toEqual([
      [northwind, location.id],
      [northwind, location.id],
    ]);
    const mixed = [await f.newDevice({ tenant_id: northwind }), await f.newDevice({ tenant_id: lakeside })];
    const refused = await expectNothingChanged(t.app, () => bulkUpdate(internal, mixed, { update_action: 'bulk_update', location_id: location.id }));
    expect(isValidationError(refused, ['body', 'data', 'location_id'])).toBe(true);
  });

  test('is for internal users; a device with a patient, a decommissioned one, or nothing to change is refused; all or nothing', async () => {
    const free = await f.newDevice({ tenant_id: null });
    const mine = await f.newDevice({ tenant_id: northwind });
    const [ours, theirs] = [await f.location(northwind), await f.location(lakeside)];
    const internalOnly = await expectNothingChanged(t.app, () => bulkUpdate(admin, [mine], { update_action: 'bulk_update', location_id: ours.id }));
    expect(internalOnly).toMatchObject({ status: 403, body: { detail: 'Only internal users can do this' } });

    const patient = await f.patient(northwind, 'active');
    const assigned = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    const withPatient = await expectNothingChanged(t.app, () => bulkUpdate(internal, [free, assigned], { update_action: 'bulk_update', tenant_id: lakeside }));
    expect(withPatient).toMatchObject({ status: 422, body: { detail: `Device ${assigned}: Device is assigned to a patient` } });
    const retired = await f.newDevice({ tenant_id: null, status: 'decommissioned' });
    const decommissioned = await expectNothingChanged(t.app, () =>
      bulkUpdate(internal, [free, retired], { update_action: 'bulk_update', tenant_id: lakeside }),
    );
    expect(decommissioned).toMatchObject({ status: 422, body: { detail: `Device ${retired}: Device is decommissioned` } });
    const nothing = await expectNothingChanged(t.app, () => bulkUpdate(internal, [free], { update_action: 'bulk_update' }));
    expect(nothing.body).toEqual({ detail: [{ loc: ['body', 'data', 'tenant_id'], msg: 'Choose a provider or a location', type: 'missing' }] });
    const elsewhere = await expectNothingChanged(t.app, () =>
      bulkUpdate(internal, [free], { update_action: 'bulk_update', tenant_id: northwind, location_id: theirs.id }),
    );
    expect(isValidationError(elsewhere, ['body', 'data', 'location_id'])).toBe(true);
  });
});

describe('GET devices/{id}/one-time-fees (the Charges card)', () => {
  test('lists the fees of a device, 100 a page, newest first, with Content-Range', async () => {
    const id = await f.newDevice({ tenant_id: null });
    await internal.send('PUT', `/api/devices/${id}`, { update_action: 'update_tenant', tenant_id: northwind });
    const answer = await internal.get(`/api/devices/${id}/one-time-fees`, { skip: '0', limit: '100', sort: 'timestamp', order: 'desc' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: expect.any(Number) as unknown, device_id: id, tenant_id: northwind, timestamp: expect.any(String) as unknown, amount: 49, fee_type: 'device_fee' },
    ]);
    expect(answer.headers['content-range']).toBe('one-time-fees 0-0/1');
    const seeded = await t.app.db.selectFrom('devices').select('id').where('tenant_id', '=', northwind).orderBy('id').executeTakeFirstOrThrow();
    const demo = await admin.get(`/api/devices/${seeded.id}/one-time-fees`, {}, { range: 'one-time-fees=0-99' });
    expect(demo).toMatchObject({ status: 200, body: [expect.objectContaining({ device_id: seeded.id, fee_type: 'device_fee', amount: 49 })] });
  });

  test("another provider's device is 404; a device that changed provider shows each provider only its own charges", async () => {
    const id = await f.newDevice({ tenant_id: null });
    await internal.send('PUT', `/api/devices/${id}`, { update_action: 'update_tenant', tenant_id: northwind });
    expect(await lakesideAdmin.get(`/api/devices/${id}/one-time-fees`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await admin.get(`/api/devices/${id}/one-time-fees`)).toMatchObject({ status: 200, body: [expect.objectContaining({ tenant_id: northwind })] });

    await internal.send('PUT', `/api/devices/${id}`, { update_action: 'update_tenant', tenant_id: lakeside });
    expect(await admin.get(`/api/devices/${id}/one-time-fees`)).toMatchObject({ status: 404 });
    const theirs = await lakesideAdmin.get(`/api/devices/${id}/one-time-fees`);
    expect(theirs).toMatchObject({ status: 200, body: [] });
    expect(theirs.headers['content-range']).toBe('one-time-fees */0');
    expect(await internal.get(`/api/devices/${id}/one-time-fees`)).toMatchObject({ status: 200, body: [expect.objectContaining({ tenant_id: northwind })] });
    expect(isValidationError(await admin.get('/api/devices/abc/one-time-fees'), ['path', 'id'])).toBe(true);
    expect(
      isValidationError(await lakesideAdmin.get(`/api/devices/${id}/one-time-fees`, { filter: { 'colour[eq]': 'red' } }), ['query', 'filter', 'colour[eq]']),
    ).toBe(true);
  });
});
