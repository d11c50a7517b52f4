import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';
import { patientSchema } from '../../schemas/entities/patient';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let superadmin: Client;
let northwind: number;
let lakeside: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t?.close());

const rows = (answer: { body: unknown }) => answer.body as Row[];
const ids = (answer: { body: unknown }) => rows(answer).map((r) => r.id);
const totalOf = (answer: { headers: Record<string, unknown> }) => Number(String(answer.headers['content-range']).split('/')[1]);
const northwindDevices = () => t.app.db.selectFrom('devices').selectAll().where('tenant_id', '=', northwind).execute();

describe('paging and sorting', () => {
  test('defaults: 10 rows sorted by the resource default, total in Content-Range, header exposed', async () => {
    const answer = await admin.get('/api/devices');
    const all = await northwindDevices();
    expect(answer.status).toBe(200);
    expect(rows(answer)).toHaveLength(10);
    expect(answer.headers['content-range']).toBe(`devices 0-9/${all.length}`);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('Content-Range');
    const added = rows(answer).map((r) => Date.parse(String(r.added_on)));
    expect(added).toEqual([...added].sort((a, b) => b - a));
  });

  test('sort and order on a chosen field, ties broken by id', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const answer = await admin.get('/api/devices', { sort: 'external_id', order, limit: '50' });
      const values = rows(answer).map((r) => String(r.external_id));
      expect(values).toEqual([...values].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  test('skip and limit page through the same order', async () => {
    const first = await admin.get('/api/devices', { skip: '0', limit: '10' });
    const second = await admin.get('/api/devices', { skip: '5', limit: '5' });
    expect(ids(second)).toEqual(ids(first).slice(5, 10));
    expect(second.headers['content-range']).toMatch(/^devices 5-9\/\d+$/);
  });

  test('the Range header is honoured when skip and limit are absent, and ignored when they are given', async () => {
    const ranged = await admin.get('/api/devices', {}, { range: 'devices=3-7' });
    const paged = await admin.get('/api/devices', { skip: '3', limit: '5' });
    expect(ids(ranged)).toEqual(ids(paged));
    expect(ranged.headers['content-range']).toMatch(/^devices 3-7\/\d+$/);
    const both = await admin.get('/api/devices', { limit: '2' }, { range: 'devices=0-9' });
    expect(rows(both)).toHaveLength(2);
  });

  test('a page past the last row is empty and still says the total', async () => {
    const all = await northwindDevices();
    const past = await admin.get('/api/devices', { skip: String(all.length + 5), limit: '10' });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe(`devices */${all.length}`);
    // A resource of patient data (its page carries its audit row in the same statement) says it too.
    const patients = await admin.get('/api/patients', { skip: '100000', limit: '10' });
    expect(patients.body).toEqual([]);
    expect(patients.headers['content-range']).toMatch(/^patients \*\/[1-9]\d*$/);
  });

  test('an empty page says */total', async () => {
    const answer = await admin.get('/api/devices', { filter: { 'id[eq]': 0 } });
    expect(answer.body).toEqual([]);
    expect(answer.headers['content-range']).toBe('devices */0');
  });
});

describe('filter operators', () => {
  test('eq, and eq null for a nullable field', async () => {
    const glucometers = await admin.get('/api/devices', { filter: { 'device_type[eq]': 'glucometer' }, limit: '500' });
    const expected = (await northwindDevices()).filter((d) => d.device_type === 'glucometer');
    expect(ids(glucometers).sort()).toEqual(expected.map((d) => d.id).sort());
    const unassigned = await admin.get('/api/devices', { filter: { patient_id: null }, limit: '500' });
    expect(rows(unassigned).length).toBeGreaterThan(0);
    expect(rows(unassigned).every((d) => d.patient_id === null)).toBe(true);
  });

  test('ne keeps rows whose value is null', async () => {
    const answer = await admin.get('/api/devices', { filter: { 'location_id[ne]': -1 }, limit: '500' });
    expect(totalOf(answer)).toBe((await northwindDevices()).length);
    const notGlucometer = await admin.get('/api/devices', { filter: { 'device_type[ne]': 'glucometer' }, limit: '500' });
    expect(rows(notGlucometer).every((d) => d.device_type !== 'glucometer')).toBe(true);
  });

  test('lt, lte, gt, gte on integers and instants', async () => {
    const all = (await northwindDevices()).map((d) => d.id).sort((a, b) => a - b);
    const pivot = all[Math.floor(all.length / 2)] as number;
    const count = async (filter: Row) => totalOf(await admin.get('/api/devices', { filter }));
    expect(await count({ 'id[lt]': pivot })).toBe(all.filter((id) => id < pivot).length);
    expect(await count({ 'id[lte]': pivot })).toBe(all.filter((id) => id <= pivot).length);
    expect(await count({ 'id[gt]': pivot })).toBe(all.filter((id) => id > pivot).length);
    expect(await count({ 'id[gte]': pivot, 'id[lte]': pivot })).toBe(1);
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recent = await admin.get('/api/devices', { filter: { 'added_on[gte]': since }, limit: '500' });
    expect(rows(recent).every((d) => Date.parse(String(d.added_on)) >= Date.parse(since))).toBe(true);
  });

  test('in and notin take lists; many = id[in]', async () => {
    const some = (await northwindDevices()).slice(0, 3).map((d) => d.id);
    const many = await admin.get('/api/devices', { filter: { 'id[in]': some } });
    expect(ids(many).sort()).toEqual([...some].sort());
    expect(totalOf(many)).toBe(3);
    const statuses = ['pending', 'decommissioned'];
    const inStatus = await admin.get('/api/devices', { filter: { 'status[in]': statuses }, limit: '500' });
    const notInStatus = await admin.get('/api/devices', { filter: { 'status[notin]': statuses }, limit: '500' });
    expect(rows(inStatus).every((d) => statuses.includes(String(d.status)))).toBe(true);
    expect(rows(notInStatus).every((d) => !statuses.includes(String(d.status)))).toBe(true);
    expect(totalOf(inStatus) + totalOf(notInStatus)).toBe((await northwindDevices()).length);
    expect(await admin.get('/api/devices', { filter: { 'id[in]': [] } })).toMatchObject({ status: 200, body: [] });
  });

  test('like is a case-insensitive substring, with % and _ taken literally', async () => {
    const device = (await northwindDevices()).find((d) => d.external_id && /^\d+$/.test(d.external_id)) as { external_id: string };
    const part = device.external_id.slice(3, 9);
    const answer = await admin.get('/api/devices', { filter: { 'external_id[like]': part }, limit: '500' });
    expect(rows(answer).length).toBeGreaterThan(0);
    expect(rows(answer).every((d) => String(d.external_id).includes(part))).toBe(true);
    const names = await admin.get('/api/locations', { filter: { 'name[like]': 'MAIN campus' } });
    expect(rows(names).map((l) => l.name)).toEqual(['Northwind Clinic Main Campus']);
    expect(rows(await admin.get('/api/devices', { filter: { 'external_id[like]': '%' } }))).toEqual([]);
    expect(rows(await admin.get('/api/devices', { filter: { 'external_id[like]': '_' } }))).toEqual([]);
  });

  test('inall: every listed value present in an array field', async () => {
    const answer = await admin.get('/api/users', { filter: { 'enabled_care_program_types[inall]': ['rpm', 'pcm'] } });
    expect(rows(answer).map((u) => u.email)).toEqual(['clinician@northwind.demo.example']);
    const both = await admin.get('/api/users', { filter: { 'enabled_care_program_types[inall]': ['rpm', 'ccm'] } });
    expect(
      rows(both)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['clinician@northwind.demo.example', 'dr.reyes@northwind.demo.example']);
  });
});

describe('search and nested paths', () => {
  test('q as a bare string searches the resource search fields', async () => {
    const sample = await t.app.db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'u.last_name'])
      .where('p.tenant_id', '=', northwind)
      .executeTakeFirstOrThrow();
    const answer = await admin.get('/api/patients', { filter: { q: sample.last_name.toUpperCase() }, limit: '500' });
    expect(ids(answer)).toContain(sample.id);
    for (const p of rows(answer)) {
      const user = p.user as { full_name: string; email: string | null; phone_number: string | null };
      const text = `${user.full_name} ${user.email} ${user.phone_number}`.toLowerCase();
      expect(text).toContain(sample.last_name.toLowerCase());
    }
  });

  test('q as {field, value}: one field; an id is matched exactly', async () => {
    const device = (await northwindDevices())[0] as { id: number; external_id: string };
    const byImei = await admin.get('/api/devices', { filter: { q: { field: 'external_id', value: device.external_id.slice(-6) } } });
    expect(ids(byImei)).toContain(device.id);
    const byId = await admin.get('/api/devices', { filter: { q: { field: 'id', value: String(device.id) } } });
    expect(ids(byId)).toEqual([device.id]);
  });

  test('nested path: patients filtered and sorted by user.last_name, with the nested user object', async () => {
    const sorted = await admin.get('/api/patients', { sort: 'user.last_name', order: 'asc', limit: '50' });
    const lastNames = rows(sorted).map((p) => String((p.user as Row).last_name));
    expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const name = lastNames[0] as string;
    const filtered = await admin.get('/api/patients', { filter: { 'user.last_name[eq]': name }, limit: '500' });
    expect(rows(filtered).length).toBeGreaterThan(0);
    for (const p of rows(filtered)) {
      expect(Object.keys(p.user as Row).sort()).toEqual(Object.keys(patientSchema.properties.user.properties).sort());
      expect((p.user as Row).last_name).toBe(name);
      expect(p.tenant_id).toBe(northwind);
    }
  });

  test('a filter on a joined field: device activities by the device IMEI', async () => {
    const device = (await northwindDevices()).find((d) => d.patient_id !== null) as { id: number; external_id: string };
    const answer = await admin.get('/api/device-activities', { filter: { 'device.external_id[eq]': device.external_id } });
    expect(rows(answer).length).toBeGreaterThan(0);
    expect(rows(answer).every((a) => a.device_id === device.id && (a.device as Row).external_id === device.external_id)).toBe(true);
  });
});

describe('patient-scoped paths', () => {
  test("/patients/{id}/devices and /device-activities hold only that patient, and another tenant's patient is 404", async () => {
    const device = (await northwindDevices()).find((d) => d.patient_id !== null) as { id: number; patient_id: number };
    const mine = await admin.get(`/api/patients/${device.patient_id}/devices`);
    expect(ids(mine)).toContain(device.id);
    expect(rows(mine).every((d) => d.patient_id === device.patient_id)).toBe(true);
    const one = await admin.get(`/api/patients/${device.patient_id}/devices/${device.id}`);
    expect(one).toMatchObject({ status: 200, body: { id: device.id } });
    const history = await admin.get(`/api/patients/${device.patient_id}/device-activities`, { limit: '50' });
    expect(rows(history).length).toBeGreaterThan(0);
    expect(rows(history).every((a) => a.patient_id === device.patient_id)).toBe(true);

    const otherPatient = await t.app.db.selectFrom('patients').select('id').where('tenant_id', '=', lakeside).executeTakeFirstOrThrow();
    expect(await admin.get(`/api/patients/${otherPatient.id}/devices`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    const seenByInternal = await superadmin.get(`/api/patients/${otherPatient.id}/devices`);
    expect(seenByInternal.status).toBe(200);
  });

  test('a record of another patient under a patient path is 404', async () => {
    const assigned = (await northwindDevices()).filter((d) => d.patient_id !== null) as { id: number; patient_id: number }[];
    const a = assigned[0];
    const b = assigned.find((d) => d.patient_id !== a?.patient_id);
    if (!a || !b) throw new Error('the demo data has two devices with different patients');
    expect(await admin.get(`/api/patients/${a.patient_id}/devices/${b.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
  });
});
