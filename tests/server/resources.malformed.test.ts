import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, type ApiAnswer, type Client } from './resources.helpers';

let t: TestApp;
let admin: Client;
let deviceId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  const tenant = await t.app.db.selectFrom('tenants').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow();
  deviceId = (await t.app.db.selectFrom('devices').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

/** Runs a request and checks that it is a 422 at `loc` and that neither the devices nor the audit trail changed. */
async function expectRefusedUnchanged(request: () => Promise<ApiAnswer>, loc: (string | number)[]) {
  const devices = await tableFingerprint(t.app, 'devices');
  const audit = await tableFingerprint(t.app, 'audit_logs');
  const answer = await request();
  expect(isValidationError(answer, loc), `${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
  expect(await tableFingerprint(t.app, 'devices')).toBe(devices);
  expect(await tableFingerprint(t.app, 'audit_logs')).toBe(audit);
}

const list =
  (query: Record<string, unknown>, headers: Record<string, string> = {}) =>
  () =>
    admin.get('/api/devices', query, headers);

describe('malformed list queries are 422 and reach no SQL', () => {
  test.each([
    ['unknown field', { filter: { 'colour[eq]': 'red' } }, ['query', 'filter', 'colour[eq]']],
    ['a column that is not filterable', { filter: { 'misc_data[eq]': 'x' } }, ['query', 'filter', 'misc_data[eq]']],
    ['unknown operator', { filter: { 'status[regex]': '.*' } }, ['query', 'filter', 'status[regex]']],
    ['operator that does not apply to the field', { filter: { 'id[like]': '1' } }, ['query', 'filter', 'id[like]']],
    ['wrong type for an integer', { filter: { 'id[eq]': 'abc' } }, ['query', 'filter', 'id[eq]']],
    ['integer out of range', { filter: { 'id[eq]': 99_999_999_999 } }, ['query', 'filter', 'id[eq]']],
    ['value outside an enum', { filter: { 'status[eq]': 'lost' } }, ['query', 'filter', 'status[eq]']],
    ['a bad date-time', { filter: { 'added_on[gte]': 'yesterday' } }, ['query', 'filter', 'added_on[gte]']],
    ['a day that does not exist', { filter: { 'added_on[lt]': '2025-02-30T00:00:00Z' } }, ['query', 'filter', 'added_on[lt]']],
    ['year zero', { filter: { 'added_on[lt]': '0000-01-01' } }, ['query', 'filter', 'added_on[lt]']],
    ['a bad boolean', { filter: { 'is_shared_device[eq]': 'maybe' } }, ['query', 'filter', 'is_shared_device[eq]']],
    ['in without a list', { filter: { 'id[in]': 5 } }, ['query', 'filter', 'id[in]']],
    ['a bad item in a list', { filter: { 'id[in]': [1, 'two'] } }, ['query', 'filter', 'id[in]', 1]],
    ['null for a field that is never null', { filter: { 'status[eq]': null } }, ['query', 'filter', 'status[eq]']],
    ['an SQL fragment as a field', { filter: { 'id; drop table devices[eq]': 1 } }, ['query', 'filter', 'id; drop table devices[eq]']],
    ['q on a field that is not searched', { filter: { q: { field: 'status', value: 'x' } } }, ['query', 'filter', 'q', 'field']],
    ['malformed JSON filter', { filter: '{"id[eq]": ' }, ['query', 'filter']],
    ['a filter that is not an object', { filter: '[1,2]' }, ['query', 'filter']],
    ['malformed JSON meta', { meta: '{oops' }, ['query', 'meta']],
    ['limit 0', { limit: '0' }, ['query', 'limit']],
    ['limit above the maximum', { limit: '501' }, ['query', 'limit']],
    ['limit not a number', { limit: 'ten' }, ['query', 'limit']],
    ['negative skip', { skip: '-1' }, ['query', 'skip']],
    ['unknown sort field', { sort: 'password_hash' }, ['query', 'sort']],
    ['bad order', { order: 'sideways' }, ['query', 'order']],
    // PostgreSQL cannot hold the NUL character: refused before any SQL, wherever it hides.
    ['a search text holding NUL', { filter: { q: 'ab\u0000' } }, ['query', 'filter', 'q']],
    ['a filter value holding NUL', { filter: { 'external_id[like]': '86\u0000' } }, ['query', 'filter', 'external_id[like]']],
    ['a filter key holding NUL', { filter: { 'external_id\u0000[like]': '86' } }, ['query', 'filter']],
    ['meta holding NUL', { meta: { expand: ['a\u0000'] } }, ['query', 'meta', 'expand', 0]],
    ['a query parameter holding NUL', { sort: 'added_on\u0000' }, ['query', 'sort']],
  ])('%s', async (_name, query, loc) => {
    await expectRefusedUnchanged(list(query), loc);
  });

  test('a malformed or oversized Range header', async () => {
    await expectRefusedUnchanged(list({}, { range: 'devices=9-0' }), ['header', 'range']);
    await expectRefusedUnchanged(list({}, { range: 'devices=0-999' }), ['header', 'range']);
    await expectRefusedUnchanged(list({}, { range: 'bytes' }), ['header', 'range']);
  });

  test('a date field with a day that does not exist', async () => {
    await expectRefusedUnchanged(() => admin.get('/api/patients', { filter: { 'birthdate[eq]': '1950-02-30' } }), ['query', 'filter', 'birthdate[eq]']);
  });

  test('a path id that is not an id', async () => {
    await expectRefusedUnchanged(() => admin.get('/api/devices/abc'), ['path', 'id']);
    await expectRefusedUnchanged(() => admin.get('/api/patients/1e3/devices'), ['path', 'patient_id']);
  });
});

describe('malformed writes are 422 naming the field and change nothing', () => {
  const create = (body: unknown) => () => admin.send('POST', '/api/devices', body);
  const valid = { device_manufacturer: 'other', device_type: 'glucometer', external_id: '359999000000001' };

  test.each([
    ['unknown field', { ...valid, colour: 'red' }, ['body', 'colour']],
    ['wrong type', { ...valid, is_shared_device: 'perhaps' }, ['body', 'is_shared_device']],
    ['value outside an enum', { ...valid, device_type: 'toaster' }, ['body', 'device_type']],
    ['missing required field', { device_type: 'glucometer' }, ['body', 'device_manufacturer']],
    ['read-only field', { ...valid, added_on: '2020-01-01T00:00:00Z' }, ['body', 'added_on']],
    ['a text holding NUL', { ...valid, external_id: '3599990\u000000001' }, ['body', 'external_id']],
  ])('create: %s', async (_name, body, loc) => {
    await expectRefusedUnchanged(create(body), loc);
  });

  test('update: unknown field, wrong type, and a malformed JSON body', async () => {
    // A device changes through an update_action with that action's fields only (routes/devices/).
    await expectRefusedUnchanged(
      () => admin.send('PATCH', `/api/devices/${deviceId}`, { update_action: 'update_external_id', external_id: 'A1', colour: 'red' }),
      ['body', 'colour'],
    );
    await expectRefusedUnchanged(
      () => admin.send('PUT', `/api/devices/${deviceId}`, { update_action: 'update_shared_device', is_shared_device: 'perhaps' }),
      ['body', 'is_shared_device'],
    );
    const devices = await tableFingerprint(t.app, 'devices');
    const broken = await admin.sendText('PATCH', `/api/devices/${deviceId}`, '{"status": ');
    expect(broken.status).toBe(422);
    expect(typeof (broken.body as { detail: unknown }).detail).toBe('string');
    expect(await tableFingerprint(t.app, 'devices')).toBe(devices);
  });
});
