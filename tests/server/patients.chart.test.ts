import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUEUE_MEASURES } from '../../src/domain/patientQueue';
import type { Caller } from '../../src/server/resources/caller';
import { expandDevices, expandOpenTasks } from '../../src/server/resources/definitions/patientChart';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let northwind: number;
let lakeside: number;
let northwindAdmin: Client;
let northwindStaff: Client;
let lakesideAdmin: Client;
let superadmin: Client;
/** A Northwind patient with devices, open tasks and readings in the demo data. */
let patientId: number;
const db = () => t.app.db;

const CHART = { meta: { expand: ['observations', 'devices', 'open_tasks'] } };

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  northwindStaff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  const found = await db()
    .selectFrom('patients as p')
    .select('p.id')
    .where('p.tenant_id', '=', northwind)
    .where((eb) => eb.exists(eb.selectFrom('devices as d').select('d.id').whereRef('d.patient_id', '=', 'p.id').where('d.last_measurement', 'is not', null)))
    .where((eb) => eb.exists(eb.selectFrom('tasks as k').select('k.id').whereRef('k.patient_id', '=', 'p.id').where('k.complete', '=', false)))
    .where((eb) => eb.exists(eb.selectFrom('patient_latest_observations as o').select('o.patient_id').whereRef('o.patient_id', '=', 'p.id')))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  patientId = found.id;
}, 120_000);
afterAll(async () => t?.close());

const record = (answer: ApiAnswer) => answer.body as Row;
const auditOf = (answer: ApiAnswer) => db().selectFrom('audit_logs').selectAll().where('request_id', '=', String(answer.headers['x-request-id'])).execute();

/** The patient's open tasks straight from the table, in the chart's order. */
const openTasksOf = (id: number) =>
  db()
    .selectFrom('tasks')
    .select(['id', 'title', 'due_on', 'priority'])
    .where('patient_id', '=', id)
    .where('complete', '=', false)
    .orderBy('due_on')
    .orderBy('priority')
    .orderBy('id')
    .execute();

describe("the record's chart expansions", () => {
  test('a read with meta expand adds the devices with their last reading, the open tasks and the latest readings', async () => {
    const answer = await northwindAdmin.get(`/api/patients/${patientId}`, CHART);
    expect(answer.status).toBe(200);
    const chart = record(answer);
    expect(chart.id).toBe(patientId);

    const stored = await db()
      .selectFrom('devices')
      .select(['id', 'device_type', 'last_measurement'])
      .where('patient_id', '=', patientId)
      .orderBy('assigned_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const devices = chart.devices as Row[];
    expect(devices.map((d) => d.id)).toEqual(stored.map((d) => d.id));
    for (const [i, device] of devices.entries()) {
      expect(Object.keys(device).sort()).toEqual(['device_manufacturer', 'device_type', 'external_id', 'id', 'last_measurement', 'status']);
      expect(device.device_type).toBe(stored[i]!.device_type);
      const last = stored[i]!.last_measurement;
      expect(device.last_measurement).toBe(last === null ? null : new Date(last).toISOString());
    }

    const open = await openTasksOf(patientId);
    expect(chart.open_tasks).toEqual({
      count: open.length,
      items: open.slice(0, 3).map((task) => ({ id: task.id, title: task.title, due_on: String(task.due_on), priority: task.priority })),
    });

    const observations = chart.observations as Row[];
    expect(observations.length).toBeGreaterThan(0);
    for (const observation of observations) {
      expect(QUEUE_MEASURES).toContain(observation.name);
      expect(observation).toHaveProperty('value');
      expect(String(observation.timestamp)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  test('a read without meta, or with names the resource does not load, has no expansion', async () => {
    for (const query of [{}, { meta: { expand: ['medications'] } }, { meta: { patient_group_id: 1 } }]) {
      const answer = await northwindAdmin.get(`/api/patients/${patientId}`, query);
      expect(answer.status).toBe(200);
      expect(record(answer)).not.toHaveProperty('devices');
      expect(record(answer)).not.toHaveProperty('open_tasks');
      expect(record(answer)).not.toHaveProperty('observations');
    }
  });

  test('a malformed meta or expand is a 422 before anything is read', async () => {
    const notAList = await northwindAdmin.get(`/api/patients/${patientId}`, { meta: { expand: 'devices' } });
    expect(isValidationError(notAList, ['query', 'meta', 'expand'])).toBe(true);
    const notJson = await northwindAdmin.get(`/api/patients/${patientId}`, { meta: '{expand' });
    expect(notJson.status).toBe(422);
    expect(await auditOf(notAList)).toEqual([]);
  });

  test('the expanded read is audited as one read of the patient', async () => {
    const answer = await northwindStaff.get(`/api/patients/${patientId}`, CHART);
    expect(answer.status).toBe(200);
    expect(record(answer)).toHaveProperty('open_tasks');
    const rows = await auditOf(answer);
    expect(rows).toEqual([
      expect.objectContaining({ action: 'read', resource: 'patients', record_id: String(patientId), patient_id: patientId, tenant_id: northwind }),
    ]);
  });

  test('a list page takes the same expansions, one entry per patient', async () => {
    const answer = await northwindAdmin.get('/api/patients', { filter: { 'id[eq]': patientId }, ...CHART });
    expect(answer.status).toBe(200);
    const [row] = answer.body as Row[];
    const read = record(await northwindAdmin.get(`/api/patients/${patientId}`, CHART));
    expect(row?.devices).toEqual(read.devices);
    expect(row?.open_tasks).toEqual(read.open_tasks);
  });
});

describe('tenancy of the expansions', () => {
  test("another provider's admin reads nothing of the patient, expanded or not", async () => {
    const answer = await lakesideAdmin.get(`/api/patients/${patientId}`, CHART);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: 'Not found' });
  });

  test('rows of another provider that point at the patient are never part of its chart, even for scope all', async () => {
    const device = await db()
      .insertInto('devices')
      .values({ device_type: 'glucometer', device_manufacturer: 'tenovi', tenant_id: lakeside, patient_id: patientId, last_measurement: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await db()
      .insertInto('tasks')
      .values({ tenant_id: lakeside, patient_id: patientId, title: 'A task of another provider', priority: 1, due_on: '2000-01-01', complete: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      for (const client of [northwindAdmin, superadmin]) {
        const chart = record(await client.get(`/api/patients/${patientId}`, CHART));
        expect((chart.devices as Row[]).map((d) => d.id)).not.toContain(device.id);
        expect((chart.open_tasks as { items: Row[] }).items.map((k) => k.id)).not.toContain(task.id);
        expect((chart.open_tasks as { count: number }).count).toBe((await openTasksOf(patientId)).length - 1);
      }
    } finally {
      await db().deleteFrom('tasks').where('id', '=', task.id).execute();
      await db().deleteFrom('devices').where('id', '=', device.id).execute();
    }
  });

  test('a caller who may not list devices or tasks gets neither expansion', async () => {
    const records: Row[] = [{ id: patientId }];
    const patientCaller = {
      identity: { id: 1, email: 'p@example.com', full_name: 'P', role: 'patient', tenant_id: northwind, is_internal: false, tenant_ids: null, session_id: 's' },
      scope: 'tenant',
      access: { kind: 'tenants', tenantIds: [northwind], operatorRows: false },
    } satisfies Caller;
    await expandDevices(db(), records, patientCaller);
    await expandOpenTasks(db(), records, patientCaller);
    expect(records).toEqual([{ id: patientId }]);
  });
});
