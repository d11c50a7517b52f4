import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { deviceFixtures, expectNothingChanged } from './devices.helpers';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let internal: Client;
let admin: Client;
let lakesideAdmin: Client;
let clinician: Client;
let northwind: number;
let lakeside: number;
let internalId: number;
let adminId: number;
const f = deviceFixtures(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  internalId = await f.userId('internal.admin@demo.example');
  adminId = await f.userId('admin@northwind.demo.example');
});
afterAll(async () => t?.close());

const act = (client: Client, id: number, body: Row, method: 'PUT' | 'PATCH' = 'PUT') => client.send(method, `/api/devices/${id}`, body);
const refusal = (detail: string) => ({ status: 422, body: { detail } });

/** The one event an action left, checked for its type, its signature and its place in the histories. */
async function onlyEvent(deviceId: number, type: string, actor: { id: number; name: string }) {
  const events = await f.events(deviceId);
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event).toMatchObject({ activity_type: type, actor_id: actor.id, actor_name: actor.name });
  return event as NonNullable<typeof event> & { value: Row };
}
const INES = () => ({ id: internalId, name: 'Ines Admin' });
const ALEX = () => ({ id: adminId, name: 'Alex Northam' });

describe('update_tenant (Assign to Customer)', () => {
  test('gives an inventory device to a provider, charges its one-time fee once, and records the move', async () => {
    const id = await f.newDevice({ tenant_id: null });
    const answer = await act(internal, id, { update_action: 'update_tenant', tenant_id: northwind });
    expect(answer).toMatchObject({ status: 200, body: { id, tenant_id: northwind, location_id: null } });
    expect(await f.device(id)).toMatchObject({ tenant_id: northwind });
    const event = await onlyEvent(id, 'update_tenant', INES());
    expect(event).toMatchObject({ tenant_id: northwind, patient_id: null });
    expect(event.value).toEqual({ tenant_id: { from: null, to: northwind }, message: 'Assigned to customer Northwind Clinic' });
    expect(await f.fees(id)).toEqual([expect.objectContaining({ tenant_id: northwind, amount: 49, fee_type: 'device_fee' })]);

    // On to another provider: its Northwind location goes, and no second fee.
    const location = await f.location(northwind);
    await t.app.db.updateTable('devices').set({ location_id: location.id }).where('id', '=', id).execute();
    const moved = await act(internal, id, { update_action: 'update_tenant', tenant_id: lakeside });
    expect(moved).toMatchObject({ status: 200, body: { tenant_id: lakeside, location_id: null } });
    expect((await f.events(id))[1]).toMatchObject({
      tenant_id: lakeside,
      value: {
        tenant_id: { from: northwind, to: lakeside },
        location_id: { from: location.id, to: null },
        message: 'Assigned to customer Lakeside Health; Location cleared',
      },
    });
    expect(await f.fees(id)).toHaveLength(1);

    const back = await act(internal, id, { update_action: 'update_tenant', tenant_id: null });
    expect(back).toMatchObject({ status: 200, body: { tenant_id: null } });
    expect((await f.events(id))[2]).toMatchObject({ tenant_id: null, value: { message: 'Returned to inventory' } });
  });

  test('refuses an unknown provider, a device with a patient, and a provider user', async () => {
    const id = await f.newDevice({ tenant_id: null });
    expect(
      isValidationError(await expectNothingChanged(t.app, () => act(internal, id, { update_action: 'update_tenant', tenant_id: 999_999 })), [
        'body',
        'tenant_id',
      ]),
    ).toBe(true);
    const patient = await f.patient(northwind, 'active');
    const assigned = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    expect(await expectNothingChanged(t.app, () => act(internal, assigned, { update_action: 'update_tenant', tenant_id: lakeside }))).toMatchObject(
      refusal('Device is assigned to a patient'),
    );
  });
});

describe('set_location and set_invoice_item_id', () => {
  test('puts a device at an active location of its provider', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const location = await f.location(northwind);
    expect(await act(internal, id, { update_action: 'set_location', location_id: location.id })).toMatchObject({
      status: 200,
      body: { location_id: location.id },
    });
    expect(await f.device(id)).toMatchObject({ location_id: location.id, tenant_id: northwind });
    const event = await onlyEvent(id, 'set_location', INES());
    expect(event.value).toEqual({ location_id: { from: null, to: location.id }, message: `Location set to ${location.name}` });
  });

  test("refuses another provider's location, an inactive one, and a device with a patient", async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const theirs = await f.location(lakeside);
    const closed = await f.location(northwind, false);
    const other = await expectNothingChanged(t.app, () => act(internal, id, { update_action: 'set_location', location_id: theirs.id }));
    expect(other.body).toEqual({ detail: [{ loc: ['body', 'location_id'], msg: 'The referenced record does not exist', type: 'foreign_key' }] });
    const inactive = await expectNothingChanged(t.app, () => act(internal, id, { update_action: 'set_location', location_id: closed.id }));
    expect(inactive.body).toEqual({ detail: [{ loc: ['body', 'location_id'], msg: 'This location is not active', type: 'inactive' }] });
    const patient = await f.patient(northwind, 'active');
    const assigned = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    const location = await f.location(northwind);
    expect(await expectNothingChanged(t.app, () => act(internal, assigned, { update_action: 'set_location', location_id: location.id }))).toMatchObject(
      refusal('Device is assigned to a patient'),
    );
  });

  test('records the paid status; an empty invoice item is none', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    expect(await act(internal, id, { update_action: 'set_invoice_item_id', customer_invoice_item_id: ' INV-2291 ' })).toMatchObject({
      status: 200,
      body: { customer_invoice_item_id: 'INV-2291' },
    });
    const event = await onlyEvent(id, 'set_invoice_item_id', INES());
    expect(event.value).toEqual({ customer_invoice_item_id: { from: null, to: 'INV-2291' }, message: 'Marked as paid (invoice item INV-2291)' });
    expect(await act(internal, id, { update_action: 'set_invoice_item_id', customer_invoice_item_id: '' })).toMatchObject({
      status: 200,
      body: { customer_invoice_item_id: null },
    });
    expect((await f.events(id))[1]?.value).toMatchObject({ message: 'Marked as not paid' });
  });
});

describe('assign_to_patient and unassign_patient', () => {
  test('assigns a device to an active or consented patient of its provider, and nothing else changes', async () => {
    const patient = await f.patient(northwind, 'consented');
    const id = await f.newDevice({ tenant_id: northwind, status: 'inactive' });
    const before = await f.device(id);
    const answer = await act(admin, id, { update_action: 'assign_to_patient', patient_id: patient.id });
    expect(answer).toMatchObject({ status: 200, body: { id, patient_id: patient.id, status: 'inactive' } });
    const after = await f.device(id);
    expect(after).toMatchObject({ ...before, patient_id: patient.id, assigned_on: expect.any(Date) as unknown });
    const event = await onlyEvent(id, 'assign_to_patient', ALEX());
    expect(event).toMatchObject({ tenant_id: northwind, patient_id: patient.id });
    expect(event.value).toEqual({ patient_id: patient.id, patient_name: patient.full_name, message: `Assigned to patient ${patient.full_name}` });
    expect((await f.patient(northwind, 'consented')).has_device).toBe(true);
    // The patient's device history shows it.
    const history = await admin.get(`/api/patients/${patient.id}/device-activities`, { filter: { 'device_id[eq]': id } });
    expect(history.body).toEqual([expect.objectContaining({ activity_type: 'assign_to_patient', device_id: id })]);
  });

  test("refuses a patient who is not active or consented, another provider's patient, a shared device, a device of no provider", async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const pending = await f.patient(northwind, 'pending_enrollment');
    const notReady = await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'assign_to_patient', patient_id: pending.id }));
    expect(notReady.body).toEqual({
      detail: [{ loc: ['body', 'patient_id'], msg: 'Only active or consented patients can be given a device', type: 'patient_status' }],
    });
    const theirs = await f.patient(lakeside, 'active');
    expect(
      isValidationError(await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'assign_to_patient', patient_id: theirs.id })), [
        'body',
        'patient_id',
      ]),
    ).toBe(true);

    const active = await f.patient(northwind, 'active');
    const shared = await f.newDevice({ tenant_id: northwind, is_shared_device: true });
    expect(await expectNothingChanged(t.app, () => act(admin, shared, { update_action: 'assign_to_patient', patient_id: active.id }))).toMatchObject(
      refusal('Device is a shared device'),
    );
    const stock = await f.newDevice({ tenant_id: null });
    expect(await expectNothingChanged(t.app, () => act(internal, stock, { update_action: 'assign_to_patient', patient_id: active.id }))).toMatchObject(
      refusal('Device does not belong to a provider'),
    );
  });

  test('unassigns with a reason; a returned device is at its return location, and the event stays with the patient', async () => {
    const patient = await f.patient(northwind, 'active');
    const location = await f.location(northwind);
    const id = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'inactive_with_patient', assigned_on: new Date() });
    const reason = { reason: 'replace_device', notes: 'Screen cracked', is_device_returned: true, returned_to_location_id: location.id };
    const answer = await act(admin, id, { update_action: 'unassign_patient', patient_id: null, unassign_device_reason: reason }, 'PATCH');
    expect(answer).toMatchObject({ status: 200, body: { patient_id: null, location_id: location.id, status: 'inactive', assigned_on: null } });
    const event = await onlyEvent(id, 'unassign_patient', ALEX());
    expect(event).toMatchObject({ tenant_id: northwind, patient_id: patient.id });
    expect(event.value).toEqual({
      patient_id: patient.id,
      patient_name: patient.full_name,
      unassign_device_reason: reason,
      message: `Unassigned from patient ${patient.full_name} (replace device); returned to ${location.name}`,
    });
  });

  test('unassigning needs a reason from the list and a device with a patient', async () => {
    const patient = await f.patient(northwind, 'active');
    const id = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    const missing = await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'unassign_patient', patient_id: null }));
    expect(isValidationError(missing, ['body', 'unassign_device_reason'])).toBe(true);
    const noReason = await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'unassign_patient', unassign_device_reason: { notes: 'x' } }));
    expect(isValidationError(noReason, ['body', 'unassign_device_reason', 'reason'])).toBe(true);
    const badReason = await expectNothingChanged(t.app, () =>
      act(admin, id, { update_action: 'unassign_patient', unassign_device_reason: { reason: 'lost' } }),
    );
    expect(isValidationError(badReason, ['body', 'unassign_device_reason', 'reason'])).toBe(true);
    const theirs = await f.location(lakeside);
    const elsewhere = await expectNothingChanged(t.app, () =>
      act(admin, id, {
        update_action: 'unassign_patient',
        unassign_device_reason: { reason: 'other', is_device_returned: true, returned_to_location_id: theirs.id },
      }),
    );
    expect(isValidationError(elsewhere, ['body', 'unassign_device_reason', 'returned_to_location_id'])).toBe(true);
    const free = await f.newDevice({ tenant_id: northwind });
    expect(
      await expectNothingChanged(t.app, () => act(admin, free, { update_action: 'unassign_patient', unassign_device_reason: { reason: 'in_error' } })),
    ).toMatchObject(refusal('Device is not assigned to a patient'));
  });
});

describe('update_external_id, update_shared_device, decommission_device, mark_received', () => {
  test('changes the IMEI; a duplicate is 409 and a device with a patient is refused', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const before = await f.device(id);
    expect(await act(admin, id, { update_action: 'update_external_id', external_id: '351234567890123' })).toMatchObject({
      status: 200,
      body: { external_id: '351234567890123' },
    });
    expect((await onlyEvent(id, 'update_external_id', ALEX())).value).toEqual({
      external_id: { from: before.external_id, to: '351234567890123' },
      message: `External ID changed from ${before.external_id} to 351234567890123`,
    });
    const taken = await t.app.db
      .selectFrom('devices')
      .select('external_id')
      .where('tenant_id', '=', lakeside)
      .where('external_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'update_external_id', external_id: taken.external_id }))).toMatchObject({
      status: 409,
      body: { detail: 'Key (external_id) already exists.' },
    });
    const patient = await f.patient(northwind, 'active');
    const assigned = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    for (const body of [
      { update_action: 'update_external_id', external_id: '351234567890999' },
      { update_action: 'update_shared_device', is_shared_device: true },
      { update_action: 'decommission_device', status: 'decommissioned', patient_id: null },
    ]) {
      expect(await expectNothingChanged(t.app, () => act(admin, assigned, body)), body.update_action).toMatchObject(refusal('Device is assigned to a patient'));
    }
  });

  test('toggles the shared flag', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    expect(await act(admin, id, { update_action: 'update_shared_device', is_shared_device: true })).toMatchObject({
      status: 200,
      body: { is_shared_device: true },
    });
    expect((await onlyEvent(id, 'update_shared_device', ALEX())).value).toEqual({ is_shared_device: true, message: 'Marked as a shared device' });
  });

  test('decommissions with one of the three choices; a decommissioned device takes no more actions', async () => {
    const returned = await f.newDevice({ tenant_id: northwind });
    expect(await act(admin, returned, { update_action: 'decommission_device', status: 'pending_return_to_manufacturer', patient_id: null })).toMatchObject({
      status: 200,
      body: { status: 'pending_return_to_manufacturer', patient_id: null },
    });
    expect((await onlyEvent(returned, 'decommission_device', ALEX())).value).toEqual({
      status: { from: 'inactive', to: 'pending_return_to_manufacturer' },
      message: 'Status set to pending return to manufacturer',
    });
    const id = await f.newDevice({ tenant_id: northwind });
    expect(
      isValidationError(await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'decommission_device', status: 'lost' })), ['body', 'status']),
    ).toBe(true);
    expect(await act(admin, id, { update_action: 'decommission_device', status: 'decommissioned', patient_id: null })).toMatchObject({
      status: 200,
      body: { status: 'decommissioned' },
    });
    const patient = await f.patient(northwind, 'active');
    for (const [client, body] of [
      [admin, { update_action: 'assign_to_patient', patient_id: patient.id }],
      [admin, { update_action: 'mark_received' }],
      [admin, { update_action: 'update_shared_device', is_shared_device: false }],
      [internal, { update_action: 'set_invoice_item_id', customer_invoice_item_id: 'INV-1' }],
      [internal, { update_action: 'update_tenant', tenant_id: lakeside }],
    ] as const) {
      expect(await expectNothingChanged(t.app, () => act(client, id, body)), body.update_action).toMatchObject(refusal('Device is decommissioned'));
    }
  });

  test('marks a pending device received; any other is refused', async () => {
    const id = await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false });
    expect(await act(admin, id, { update_action: 'mark_received' })).toMatchObject({ status: 200, body: { status: 'inactive', device_received: true } });
    expect((await onlyEvent(id, 'mark_received', ALEX())).value).toEqual({
      status: { from: 'pending', to: 'inactive' },
      device_received: true,
      message: 'Marked as received',
    });
    expect(await expectNothingChanged(t.app, () => act(admin, id, { update_action: 'mark_received' }))).toMatchObject(refusal('Device is not pending'));
  });

  test('writes the audit row of the change in the same request', async () => {
    const id = await f.newDevice({ tenant_id: northwind, status: 'pending', device_received: false });
    const answer = await act(admin, id, { update_action: 'mark_received' });
    const rows = await t.app.db.selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();
    expect(rows).toEqual([expect.objectContaining({ action: 'update', resource: 'devices', record_id: String(id), tenant_id: northwind, actor_id: adminId })]);
  });
});

describe('who may act', () => {
  test('a provider user is refused the internal-only actions on its own devices', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const location = await f.location(northwind);
    for (const body of [
      { update_action: 'update_tenant', tenant_id: lakeside },
      { update_action: 'set_location', location_id: location.id },
      { update_action: 'set_invoice_item_id', customer_invoice_item_id: 'INV-9' },
    ]) {
      const answer = await expectNothingChanged(t.app, () => act(admin, id, body));
      expect(answer, body.update_action).toMatchObject({ status: 403, body: { detail: 'Only internal users can do this' } });
    }
  });

  test('a role without devices.update is refused every action', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const answer = await expectNothingChanged(t.app, () => act(clinician, id, { update_action: 'update_shared_device', is_shared_device: true }));
    expect(answer).toMatchObject({ status: 403, body: { detail: 'Not enough permissions' } });
  });

  test("another provider's device is 404 for every action", async () => {
    const patient = await f.patient(northwind, 'active');
    const free = await f.newDevice({ tenant_id: northwind, status: 'pending' });
    const assigned = await f.newDevice({ tenant_id: northwind, patient_id: patient.id, status: 'active' });
    const theirPatient = await f.patient(lakeside, 'active');
    const theirLocation = await f.location(lakeside);
    const bodies: [number, Row][] = [
      [free, { update_action: 'update_tenant', tenant_id: lakeside }],
      [free, { update_action: 'assign_to_patient', patient_id: theirPatient.id }],
      [assigned, { update_action: 'unassign_patient', patient_id: null, unassign_device_reason: { reason: 'other' } }],
      [free, { update_action: 'update_external_id', external_id: '351234567000001' }],
      [free, { update_action: 'update_shared_device', is_shared_device: true }],
      [free, { update_action: 'decommission_device', status: 'decommissioned', patient_id: null }],
      [free, { update_action: 'mark_received' }],
      [free, { update_action: 'set_invoice_item_id', customer_invoice_item_id: 'X' }],
      [free, { update_action: 'set_location', location_id: theirLocation.id }],
    ];
    for (const [id, body] of bodies) {
      const answer = await expectNothingChanged(t.app, () => act(lakesideAdmin, id, body));
      expect(answer, String(body.update_action)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    }
    expect(new Set(bodies.map(([, b]) => b.update_action)).size).toBe(9);
  });
});

describe('bad bodies are 422 at the field and change nothing', () => {
  test.each([
    ['no update_action', { external_id: '351234567000002' }, ['body', 'update_action']],
    ['an unknown update_action', { update_action: 'fly' }, ['body', 'update_action']],
    ['update_action of the wrong type', { update_action: 5 }, ['body', 'update_action']],
    ['a missing field', { update_action: 'assign_to_patient' }, ['body', 'patient_id']],
    ['a patient id that is not an integer', { update_action: 'assign_to_patient', patient_id: 'abc' }, ['body', 'patient_id']],
    ['a patient id out of range', { update_action: 'assign_to_patient', patient_id: 99_999_999_999 }, ['body', 'patient_id']],
    ['a flag that is not a boolean', { update_action: 'update_shared_device', is_shared_device: 'perhaps' }, ['body', 'is_shared_device']],
    ["another action's field", { update_action: 'mark_received', is_shared_device: true }, ['body', 'is_shared_device']],
    ['a patient with a decommission', { update_action: 'decommission_device', status: 'decommissioned', patient_id: 4 }, ['body', 'patient_id']],
    ['an IMEI too long', { update_action: 'update_external_id', external_id: '1'.repeat(65) }, ['body', 'external_id']],
  ])('%s', async (_name, body, loc) => {
    const id = await f.newDevice({ tenant_id: northwind, status: 'pending' });
    const answer = await expectNothingChanged(t.app, () => act(admin, id, body));
    expect(isValidationError(answer, loc), JSON.stringify(answer.body)).toBe(true);
  });

  test('a path id that is not an id', async () => {
    const answer = await expectNothingChanged(t.app, () => admin.send('PUT', '/api/devices/abc', { update_action: 'mark_received' }));
    expect(isValidationError(answer, ['path', 'id'])).toBe(true);
  });
});

describe('Report Issue (POST device-activities)', () => {
  test("reports an issue as the console sends it (with the caller's id), signed by the caller", async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const answer = await admin.send('POST', '/api/device-activities', {
      activity_type: 'issue_report',
      device_id: id,
      actor_id: 1,
      value: { issue_type: 'user error', description: 'Cuff put on upside down' },
    });
    expect(answer).toMatchObject({ status: 201, body: { device_id: id, actor_id: adminId, tenant_id: northwind } });
    expect(await onlyEvent(id, 'issue_report', ALEX())).toMatchObject({
      value: { issue_type: 'user error', description: 'Cuff put on upside down', is_resolved: false, reported_by_patient: false },
    });
  });

  test('refuses an issue type outside the list, and an event only the server records', async () => {
    const id = await f.newDevice({ tenant_id: northwind });
    const badType = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/device-activities', { activity_type: 'issue_report', device_id: id, value: { issue_type: 'lost', description: 'x' } }),
    );
    expect(badType.body).toEqual({
      detail: [{ loc: ['body', 'value', 'issue_type'], msg: 'Input should be one of: battery, connection, hardware, user error, other', type: 'enum' }],
    });
    const noType = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/device-activities', { activity_type: 'issue_report', device_id: id, value: { description: 'x' } }),
    );
    expect(isValidationError(noType, ['body', 'value', 'issue_type'])).toBe(true);
    const forged = await expectNothingChanged(t.app, () =>
      admin.send('POST', '/api/device-activities', { activity_type: 'update_tenant', device_id: id, value: { message: 'moved' } }),
    );
    expect(isValidationError(forged, ['body', 'activity_type'])).toBe(true);
  });
});
