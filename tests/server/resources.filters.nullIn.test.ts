import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listQueryString, rangeHeader } from '../../src/console/api/dataProvider.utils';
import type { EvalContext } from '../../src/console/renderer/core/context';
import { resolveValue } from '../../src/console/renderer/core/templates';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let superadmin: Client;
let admin: Client;
let northwind: number;
let lakeside: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t?.close());

const rows = (answer: ApiAnswer) => answer.body as Row[];
const sortedIds = (answer: ApiAnswer) =>
  rows(answer)
    .map((r) => r.id as number)
    .sort((a, b) => a - b);

/** The staff accounts (users never lists patients) whose tenant passes `keep`, by id. */
async function staffIds(keep: (tenantId: number | null) => boolean): Promise<number[]> {
  const all = await t.app.db.selectFrom('users').select(['id', 'tenant_id']).where('role', '<>', 'patient').execute();
  return all
    .filter((u) => keep(u.tenant_id))
    .map((u) => u.id)
    .sort((a, b) => a - b);
}

const users = (client: Client, filter: Row) => client.get('/api/users', { filter, limit: '500' });

describe('a null item in in / notin', () => {
  test('in with null: this tenant or none', async () => {
    const answer = await users(superadmin, { 'tenant_id[in]': [northwind, null] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = await staffIds((tenant) => tenant === northwind || tenant === null);
    expect(sortedIds(answer)).toEqual(expected);
    expect(rows(answer).some((u) => u.tenant_id === null)).toBe(true);
    expect(rows(answer).some((u) => u.tenant_id === northwind)).toBe(true);
  });

  test('in with only null: no tenant', async () => {
    const answer = await users(superadmin, { 'tenant_id[in]': [null] });
    expect(sortedIds(answer)).toEqual(await staffIds((tenant) => tenant === null));
  });

  test('notin with null: neither these tenants nor none (SQL NOT IN with a null would keep nothing)', async () => {
    const answer = await users(superadmin, { 'tenant_id[notin]': [northwind, null] });
    expect(answer.status).toBe(200);
    const expected = await staffIds((tenant) => tenant !== null && tenant !== northwind);
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedIds(answer)).toEqual(expected);
  });

  test('notin with only null: every row that has a value; without null the null rows stay', async () => {
    expect(sortedIds(await users(superadmin, { 'tenant_id[notin]': [null] }))).toEqual(await staffIds((tenant) => tenant !== null));
    expect(sortedIds(await users(superadmin, { 'tenant_id[notin]': [northwind] }))).toEqual(await staffIds((tenant) => tenant !== northwind));
  });

  test('in without null is unchanged: nulls are not matched', async () => {
    expect(sortedIds(await users(superadmin, { 'tenant_id[in]': [lakeside] }))).toEqual(await staffIds((tenant) => tenant === lakeside));
  });

  test('a null item on a field that is never null, and on an array column, is 422 at the item', async () => {
    const devices = await superadmin.get('/api/devices', { filter: { 'status[in]': ['active', null] } });
    expect(isValidationError(devices, ['query', 'filter', 'status[in]', 1]), JSON.stringify(devices.body)).toBe(true);
    const programs = await superadmin.get('/api/patients', { filter: { 'care_program_types[in]': [null] } });
    expect(isValidationError(programs, ['query', 'filter', 'care_program_types[in]', 0]), JSON.stringify(programs.body)).toBe(true);
  });
});

describe('tenancy holds with a null item', () => {
  test("a provider user asking for another tenant or none sees nothing of the other tenant, nor the operator's accounts", async () => {
    const answer = await users(admin, { 'tenant_id[in]': [lakeside, null] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  test('a provider user asking for its own tenant or none sees its own tenant only', async () => {
    const answer = await users(admin, { 'tenant_id[in]': [northwind, null] });
    expect(sortedIds(answer)).toEqual(await staffIds((tenant) => tenant === northwind));
  });

  test('notin with null keeps a provider user within its tenant', async () => {
    const answer = await users(admin, { 'tenant_id[notin]': [lakeside, null] });
    expect(sortedIds(answer)).toEqual(await staffIds((tenant) => tenant === northwind));
  });
});

/** The filter of the record's "Add to care team" picker, as screens/patients.show.json defines it. */
async function carePickerFilter(): Promise<Row> {
  const screen = JSON.parse(await readFile(new URL('../../screens/patients.show.json', import.meta.url), 'utf8')) as unknown;
  let found: Row | undefined;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const record = node as Row;
      if (record.name === 'add_care_team_member') {
        const uiSchema = (record.form as { uiSchema: Record<string, { 'ui:options': { filter: Row } }> }).uiSchema;
        found = uiSchema.practitioner_id?.['ui:options'].filter;
      }
      Object.values(record).forEach(visit);
    }
  };
  visit(screen);
  if (!found) throw new Error('the care-team picker is not in screens/patients.show.json');
  return found;
}

describe("the record's Add to care team picker", () => {
  /** The request the picker's search sends for a patient and a typed text, as the console's data provider builds it. */
  async function pickerSearch(email: string, patient: Row, text: string) {
    const filter = resolveValue(await carePickerFilter(), { record: patient } as unknown as EvalContext) as Row;
    const params = { filter: { ...filter, q: { field: 'full_name', value: text } }, pagination: { page: 1, perPage: 100 } };
    const { authorization } = await signIn(t.app, email);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users?${listQueryString(params)}`,
      headers: { authorization, range: rangeHeader('users', params) },
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Row[] };
  }

  async function expectedFor(tenantId: number, text: string, withInternal: boolean) {
    const all = await t.app.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'full_name'])
      .where('role', '<>', 'patient')
      .where('is_active', '=', true)
      .execute();
    return all
      .filter((u) => (u.tenant_id === tenantId || (withInternal && u.tenant_id === null)) && u.full_name.toLowerCase().includes(text))
      .map((u) => u.id)
      .sort((a, b) => a - b);
  }

  test("an internal user finds the patient's provider's staff and the internal users, 200", async () => {
    const patient = (await superadmin.get('/api/patients', { filter: { 'tenant_id[eq]': northwind }, limit: '1' })).body as Row[];
    const answer = await pickerSearch('superadmin@demo.example', patient[0] as Row, 'a');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const found = answer.body.map((u) => u.id as number).sort((a, b) => a - b);
    expect(found).toEqual(await expectedFor(northwind, 'a', true));
    expect(answer.body.some((u) => u.tenant_id === null)).toBe(true);
    expect(answer.body.some((u) => u.tenant_id === northwind)).toBe(true);
  });

  test("a provider admin finds its own provider's staff, 200", async () => {
    const patient = (await admin.get('/api/patients', { limit: '1' })).body as Row[];
    const answer = await pickerSearch('admin@northwind.demo.example', patient[0] as Row, 'a');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const found = answer.body.map((u) => u.id as number).sort((a, b) => a - b);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(await expectedFor(northwind, 'a', false));
  });
});
