import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scopeOf } from '../../src/domain/permissions';
import { RESOURCES } from '../../src/server/resources/definitions';
import type { Resource } from '../../src/server/resources/defineResource';
import { MISSING_REFERENCE, TENANT_REFERENCE, type ReferenceTarget } from '../../src/server/resources/references';
import { withoutReadOnly } from '../../src/server/resources/writeSchema';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Issue 12: a write naming another provider's record answers exactly like one naming no record,
 * everywhere, so that no answer tells which ids other providers hold. As the provider admin of
 * Northwind, every reference a write can name is sent once with an id that exists nowhere and once
 * with each kind of Lakeside row (and operator rows, which a provider does not see either); the
 * answers must be identical, status and body, and nothing may change.
 *
 * The references of the engine's resources are enumerated from their definitions (`references`,
 * the tenant column, the patient of nested paths, the record ids of paths), and the definitions are
 * checked against the database's foreign keys, so that a new reference is covered without a new
 * line here. The bespoke routes' references are listed in BESPOKE below; a bespoke write of a
 * resource must cover each of that resource's references.
 */

type Row = Record<string, unknown>;
type Send = (client: Client, id: number) => Promise<ApiAnswer>;
/** What is compared: the status and the body (headers carry request ids and dates). */
type Answer = Pick<ApiAnswer, 'status' | 'body'>;

const UNKNOWN = 2147483000;
const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };
const missing = (loc: (string | number)[]) => ({ status: 422, body: { detail: [{ loc, msg: MISSING_REFERENCE, type: 'foreign_key' }] } });

/**
 * Writable columns with a foreign key that are no reference because the server sets them whatever
 * the body says (the check below fails on any other).
 */
const SERVER_SET: Record<string, readonly string[]> = {
  // "The server signs the event with the caller whatever it says" (schemas/entities/deviceActivity.ts).
  'device-activities': ['actor_id'],
};

/** Columns that tell rows of one table apart, so that one row of each kind is tried (a patient's account, staff without an NPI number ...). */
const KINDS: Partial<Record<string, string>> = {
  users: 'role, is_provider, (npi_number is not null), is_active',
  patients: 'patient_status',
  locations: 'is_active',
  devices: 'status, is_shared_device, (patient_id is not null)',
  service_instances: 'is_active',
};

const PATIENTS: ReferenceTarget = { table: 'patients', tenantColumn: 'tenant_id' };
const LOCATIONS: ReferenceTarget = { table: 'locations', tenantColumn: 'tenant_id' };
const DEVICES: ReferenceTarget = { table: 'devices', tenantColumn: 'tenant_id' };
const GROUPS: ReferenceTarget = { table: 'patient_groups', tenantColumn: 'tenant_id' };
const USERS: ReferenceTarget = { table: 'users', tenantColumn: 'tenant_id' };
const newDevice = () => ({ device_manufacturer: 'other', device_type: 'glucometer', external_id: `xt${Date.now()}${Math.random().toString(36).slice(2, 8)}` });
const returned = (id: number) => ({ reason: 'in_error', is_device_returned: true, returned_to_location_id: id });

let t: TestApp;
let admin: Client;
let internal: Client;
let northwind: number;
let lakeside: number;
/** The last audit row before the refused writes. */
let lastAudit: number;
let before: Map<string, string>;
/** Rows of Northwind the writes start from. */
const own: Record<string, number> = {};
/** A create body of each resource, from one of its Northwind records. */
const createBodies = new Map<string, Row>();

const db = () => t.app.db;
const tenantColumnOf = (resource: Resource) => (resource.tenant.ref.startsWith('t.') ? resource.tenant.path : null);
const served = (resource: Resource, action: 'create' | 'update' | 'delete') => resource.actions.has(action) && !resource.bespokeRoutes.has(action);

/** Tables a refused request may still write to: the audit trail of denied attempts (checked on its own below). */
const AUDIT_TABLES = new Set(['audit_logs', 'audit_log_chain']);

async function tables(): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db());
  return rows.rows.map((r) => r.name).filter((name) => !AUDIT_TABLES.has(name));
}

async function fingerprints(): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const table of await tables()) all.set(table, await tableFingerprint(t.app, table));
  return all;
}

/** One row of each kind of `target` that the Northwind admin cannot see: Lakeside's, and the operator's (no tenant) unless the target allows them. */
async function hiddenIds(target: ReferenceTarget): Promise<number[]> {
  const kinds = sql.raw(KINDS[target.table] ?? '(id is not null)');
  const tenant = sql.ref(target.tenantColumn);
  const rows = await sql<{ id: number }>`
    select distinct on (${kinds}) id from ${sql.table(target.table)} where ${tenant} = ${lakeside} order by ${kinds}, id`.execute(db());
  const operator = target.operatorRows
    ? []
    : (
        await sql<{ id: number }>`
          select distinct on (${kinds}) id from ${sql.table(target.table)} where ${tenant} is null order by ${kinds}, id`.execute(db())
      ).rows;
  const ids = [...rows.rows, ...operator].map((r) => Number(r.id));
  expect(ids.length, `rows of ${target.table} out of reach`).toBeGreaterThan(0);
  return ids;
}

/**
 * Sends the write with the unknown id, then with each hidden id: every answer is the unknown id's.
 * Answers the unknown id's answer, for the caller to check that it is the refusal it should be.
 */
async function sameAsUnknown(send: Send, hidden: readonly number[]): Promise<Answer> {
  const strip = (a: ApiAnswer): Answer => ({ status: a.status, body: a.body });
  const unknown = strip(await send(admin, UNKNOWN));
  for (const id of hidden) expect(strip(await send(admin, id)), `id ${id} answers like an id that exists nowhere`).toEqual(unknown);
  return unknown;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  const first = async (table: string, where: string) =>
    Number((await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.raw(where)} order by id limit 1`.execute(db())).rows[0]?.id);
  const nw = `tenant_id = ${northwind}`;
  own.group = await first('patient_groups', nw);
  own.patient = await first('patients', `${nw} and patient_status in ('active', 'consented')`);
  own.location = await first('locations', `${nw} and is_active`);
  own.freeDevice = await first(
    'devices',
    `${nw} and patient_id is null and not is_shared_device and status not in ('decommissioned', 'returned_to_manufacturer')`,
  );
  own.heldDevice = await first('devices', `${nw} and patient_id is not null and status not in ('decommissioned', 'returned_to_manufacturer')`);
  // A shared device in service, which a Northwind patient could be linked to.
  own.sharedDevice = (
    await db()
      .insertInto('devices')
      .values({
        tenant_id: northwind,
        device_manufacturer: 'other',
        device_type: 'blood_pressure',
        external_id: `xt-shared-${Date.now()}`,
        misc_data: '{}',
        is_shared_device: true,
        status: 'active',
        device_received: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const [name, id] of Object.entries(own)) expect(id, name).toBeGreaterThan(0);
  // A record of each written resource that the admin lists (all Northwind's): the one an update changes, the one a create copies.
  for (const resource of RESOURCES.filter((r) => r.actions.has('create') || r.actions.has('update'))) {
    const listed = await admin.get(`/api/${resource.name}`, { limit: 1 });
    const [record] = listed.status === 200 ? (listed.body as Row[]) : [];
    if (!record) continue;
    own[resource.name] = record.id as number;
    if (served(resource, 'create')) createBodies.set(resource.name, withoutReadOnly(resource.schema, record));
  }
  // Everything below is refused: from here on, nothing may change.
  lastAudit = Number(
    (
      await db()
        .selectFrom('audit_logs')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
  before = await fingerprints();
});

afterAll(async () => t?.close());

interface BodyCase {
  resource: Resource;
  column: string;
  method: 'POST' | 'PATCH';
  nested: boolean;
}

/** Every declared reference and tenant column of the engine's writes: by create and update, and on the patient-scoped paths. */
const BODY_CASES: BodyCase[] = RESOURCES.flatMap((resource) => {
  const columns = [...Object.keys(resource.references), ...(resource.writableTenantColumn ? [resource.writableTenantColumn] : [])];
  return columns.flatMap((column) => {
    const tenantColumn = column === resource.writableTenantColumn;
    const patientColumn = column === resource.patient?.path;
    return [
      // A new row's tenant is forced to the caller's own whatever the body says: only an update can name another.
      ...(served(resource, 'create') && !tenantColumn ? [{ resource, column, method: 'POST' as const, nested: false }] : []),
      ...(served(resource, 'update') ? [{ resource, column, method: 'PATCH' as const, nested: false }] : []),
      ...(resource.nestedWrites && served(resource, 'create') && !tenantColumn && !patientColumn
        ? [{ resource, column, method: 'POST' as const, nested: true }]
        : []),
    ];
  });
});

/** The target of a case's column: a declared reference, or the tenants for the tenant column. */
const targetOf = (c: BodyCase): ReferenceTarget => c.resource.references[c.column] ?? TENANT_REFERENCE;

describe('the references of the engine', () => {
  test('every writable column with a foreign key is a declared reference, the tenant column or set by the server', async () => {
    const keys = await sql<{ table: string; column: string; target: string }>`
      select cl.relname as table, a.attname as column, ft.relname as target
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class ft on ft.oid = c.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db());
    const writes = RESOURCES.filter((r) => r.actions.has('create') || r.actions.has('update'));
    expect(writes.length).toBeGreaterThan(5);
    for (const resource of writes) {
      const writable = resource.columns.filter((c) => resource.schema.properties[c]?.readOnly !== true);
      for (const key of keys.rows.filter((k) => k.table === resource.table && writable.includes(k.column))) {
        const where = `${resource.name}.${key.column} (references ${key.target})`;
        if (key.column === resource.writableTenantColumn || SERVER_SET[resource.name]?.includes(key.column)) continue;
        expect(resource.references[key.column], `${where} is declared in references`).toBeDefined();
        expect(resource.references[key.column]?.table, where).toBe(key.target);
      }
    }
  });

  test.each(BODY_CASES.map((c) => [`${c.method} ${c.nested ? '/patients/{id}/' : '/'}${c.resource.name} naming ${c.column}`, c] as const))(
    '%s',
    async (_name, c) => {
      const { resource, column } = c;
      const base = createBodies.get(resource.name) ?? {};
      const patientField = resource.patient?.path;
      const send: Send = (client, id) => {
        if (c.method === 'PATCH') return client.send('PATCH', `/api/${resource.name}/${String(own[resource.name] ?? 0)}`, { [column]: id });
        if (!c.nested) return client.send('POST', `/api/${resource.name}`, { ...base, [column]: id });
        const { [patientField as string]: patient, ...rest } = base;
        return client.send('POST', `/api/patients/${String(patient)}/${resource.name}`, { ...rest, [column]: id });
      };
      const unknown = await sameAsUnknown(send, await hiddenIds(targetOf(c)));
      const key = resource.keys[c.method === 'PATCH' ? 'update' : 'create'];
      if (!key || !scopeOf('admin', key)) {
        // The provider's admin may not write this resource at all (providers): refused alike whatever it names
        // (sameAsUnknown), by the body's schema (a create without its required fields) or else the permission.
        expect(unknown.status === 403 ? unknown : unknown.status).toEqual(unknown.status === 403 ? FORBIDDEN : 422);
      } else if (column === resource.writableTenantColumn) {
        expect(unknown).toMatchObject({
          status: 422,
          body: { detail: [{ loc: ['body', column], msg: 'Not allowed to move this record to another provider' }] },
        });
      } else {
        expect(unknown).toEqual(missing(['body', column]));
      }
    },
  );

  /** The record a path names (update, delete, and the patient of the nested paths). */
  const PATH_CASES = RESOURCES.flatMap((resource) => [
    ...(['update', 'delete'] as const)
      .filter((action) => served(resource, action) && tenantColumnOf(resource) !== null)
      .map((action) => ({ name: `${action === 'update' ? 'PATCH' : 'DELETE'} /${resource.name}/{id}`, resource, action, nested: false })),
    ...(resource.nestedWrites ? (['create', 'update'] as const).filter((action) => served(resource, action)) : []).map((action) => ({
      name: `${action === 'create' ? 'POST' : 'PATCH'} /patients/{id}/${resource.name}`,
      resource,
      action,
      nested: true,
    })),
  ]);

  test.each(PATH_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { resource } = c;
    const target: ReferenceTarget = c.nested ? PATIENTS : { table: resource.table, tenantColumn: tenantColumnOf(resource) as string };
    const body = createBodies.get(resource.name) ?? {};
    const { [resource.patient?.path ?? '']: _patient, ...rest } = body;
    const send: Send = (client, id) => {
      if (!c.nested)
        return c.action === 'delete' ? client.send('DELETE', `/api/${resource.name}/${id}`) : client.send('PATCH', `/api/${resource.name}/${id}`, {});
      return c.action === 'create'
        ? client.send('POST', `/api/patients/${id}/${resource.name}`, rest)
        : client.send('PATCH', `/api/patients/${id}/${resource.name}/${own[resource.name]}`, {});
    };
    const unknown = await sameAsUnknown(send, await hiddenIds(target));
    const key = resource.keys[c.action];
    expect(unknown).toEqual(key && scopeOf('admin', key) ? NOT_FOUND : FORBIDDEN);
  });
});

interface BespokeCase {
  name: string;
  /** The references of a resource that this write names (each must be covered by one case). */
  covers?: string;
  target: ReferenceTarget;
  send: Send;
  expected: Answer;
}

/** The bespoke routes (src/server/routes/**) that name a record by id, with the answer a Northwind admin gets. */
const BESPOKE: BespokeCase[] = [
  // Devices (routes/devices): creation and update_action are bespoke, through the engine's prepareWrite.
  {
    name: 'POST /devices location_id',
    covers: 'devices.location_id',
    target: LOCATIONS,
    send: (c, id) => c.send('POST', '/api/devices', { ...newDevice(), location_id: id }),
    expected: missing(['body', 'location_id']),
  },
  {
    name: 'POST /devices patient_id',
    covers: 'devices.patient_id',
    target: PATIENTS,
    send: (c, id) => c.send('POST', '/api/devices', { ...newDevice(), patient_id: id }),
    expected: missing(['body', 'patient_id']),
  },
  {
    name: 'POST /devices/bulk location_id',
    target: LOCATIONS,
    send: (c, id) => c.send('POST', '/api/devices/bulk', { ...newDevice(), external_id: undefined, external_ids: [`xb${Date.now()}`], location_id: id }),
    expected: missing(['body', 'location_id']),
  },
  {
    name: 'PUT /devices/{id} assign_to_patient patient_id',
    target: PATIENTS,
    send: (c, id) => c.send('PUT', `/api/devices/${own.freeDevice}`, { update_action: 'assign_to_patient', patient_id: id }),
    expected: missing(['body', 'patient_id']),
  },
  {
    name: 'PUT /devices/{id} unassign_patient returned_to_location_id',
    target: LOCATIONS,
    send: (c, id) => c.send('PUT', `/api/devices/${own.heldDevice}`, { update_action: 'unassign_patient', unassign_device_reason: returned(id) }),
    expected: missing(['body', 'unassign_device_reason', 'returned_to_location_id']),
  },
  {
    name: 'PUT /devices/{id} (the device of the path)',
    target: DEVICES,
    send: (c, id) => c.send('PUT', `/api/devices/${id}`, { update_action: 'update_shared_device', is_shared_device: false }),
    expected: NOT_FOUND,
  },
  {
    name: 'PUT /devices {ids} (bulk update)',
    target: DEVICES,
    send: (c, id) => c.send('PUT', '/api/devices', { ids: [own.freeDevice, id], data: { update_action: 'mark_received' } }),
    expected: NOT_FOUND,
  },
  {
    name: 'POST /devices/assign-shared-device patient_id',
    target: PATIENTS,
    send: (c, id) => c.send('POST', '/api/devices/assign-shared-device', { device_id: own.sharedDevice, patient_id: id }),
    expected: NOT_FOUND,
  },
  {
    name: 'POST /devices/assign-shared-device device_id',
    target: DEVICES,
    send: (c, id) => c.send('POST', '/api/devices/assign-shared-device', { device_id: id, patient_id: own.patient }),
    expected: NOT_FOUND,
  },
  // Patient groups (routes/patientGroups).
  {
    name: 'POST /patient-groups/{id}/patients patient_ids',
    target: PATIENTS,
    send: (c, id) => c.send('POST', `/api/patient-groups/${own.group}/patients`, { patient_ids: [own.patient, id] }),
    expected: missing(['body', 'patient_ids', 1]),
  },
  {
    name: 'POST /patient-groups/{id}/patients (the group of the path)',
    target: GROUPS,
    send: (c, id) => c.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: [own.patient] }),
    expected: NOT_FOUND,
  },
  {
    name: 'DELETE /patient-groups/{id}/patients/{patient_id} (the patient)',
    target: PATIENTS,
    send: (c, id) => c.send('DELETE', `/api/patient-groups/${own.group}/patients/${id}`),
    expected: NOT_FOUND,
  },
  {
    name: 'DELETE /patient-groups/{id}/patients/{patient_id} (the group)',
    target: GROUPS,
    send: (c, id) => c.send('DELETE', `/api/patient-groups/${id}/patients/${own.patient}`),
    expected: NOT_FOUND,
  },
  // Patient status (routes/patientStatus): the patient of the path.
  ...(['status', 'unenroll', 'check-consented-to-active-status'] as const).map((action): BespokeCase => ({
    name: `POST /patients/{id}/${action}`,
    target: PATIENTS,
    send: (c, id) =>
      c.send('POST', `/api/patients/${id}/${action}`, action === 'status' ? { patient_status: 'unseen' } : action === 'unenroll' ? {} : undefined),
    expected: NOT_FOUND,
  })),
  // Internal users' calls: a provider admin is refused before any id is read.
  {
    name: 'PATCH /locations/{id}/set-owner tenant_id (internal only)',
    target: TENANT_REFERENCE,
    send: (c, id) => c.send('PATCH', `/api/locations/${own.location}/set-owner`, { tenant_id: id }),
    expected: FORBIDDEN,
  },
  {
    name: 'PUT /users {ids} Assign to Provider (internal only)',
    target: USERS,
    send: (c, id) => c.send('PUT', '/api/users', { ids: [id], data: { tenant_id: northwind } }),
    expected: { status: 403, body: { detail: 'Only internal users can do this' } },
  },
  {
    name: 'PUT /devices/{id} set_location location_id (internal only)',
    target: LOCATIONS,
    send: (c, id) => c.send('PUT', `/api/devices/${own.freeDevice}`, { update_action: 'set_location', location_id: id }),
    expected: { status: 403, body: { detail: 'Only internal users can do this' } },
  },
  {
    // The record's demo-measurement tool (demo and development): another provider's patient is out of reach.
    name: 'POST /testing/add-device-observation patient_id (the record tool)',
    target: PATIENTS,
    send: (c, id) => c.send('POST', '/api/testing/add-device-observation', { patient_id: id, device_type: 'weight_scale', weight: 70, unit: 'kg' }),
    expected: NOT_FOUND,
  },
];

describe('the references of the bespoke routes', () => {
  test('cover every reference of the resources whose writes they serve', () => {
    const bespoke = RESOURCES.filter((r) => r.bespokeRoutes.has('create') || r.bespokeRoutes.has('update'));
    const covered = new Set(BESPOKE.flatMap((c) => (c.covers ? [c.covers] : [])));
    for (const resource of bespoke)
      for (const column of Object.keys(resource.references)) expect(covered, `${resource.name}.${column}`).toContain(`${resource.name}.${column}`);
  });

  test.each(BESPOKE.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const unknown = await sameAsUnknown(c.send, await hiddenIds(c.target));
    expect(unknown).toEqual(c.expected);
  });
});

describe('what the caller sees decides, not what exists', () => {
  const nonNpiStaff = async (tenantId: number) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('role', '<>', 'patient')
        .where('npi_number', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  test("the issue's case: a care program's billing provider without an NPI number is a refusal of Northwind's own user only", async () => {
    const program = own['service-instances'];
    const patch = (client: Client, id: number) => client.send('PATCH', `/api/service-instances/${program}`, { practitioner_id: id });
    expect(await patch(admin, await nonNpiStaff(lakeside))).toMatchObject(missing(['body', 'practitioner_id']));
    const refusal = await patch(admin, await nonNpiStaff(northwind));
    expect(refusal).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'practitioner_id'], msg: 'The billing provider must be a provider user with an NPI number' }] },
    });
    // An internal admin sees every provider's users: for them Lakeside's user exists, and is no billing provider either.
    expect(await patch(internal, await nonNpiStaff(lakeside))).toMatchObject({
      status: 422,
      body: { detail: [{ msg: 'The billing provider must be a provider user with an NPI number' }] },
    });
  });

  test("a patient's account as billing provider: 'Must be a staff member' for Northwind's own patient, missing for Lakeside's", async () => {
    const account = async (tenantId: number) =>
      (await db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'patient').orderBy('id').executeTakeFirstOrThrow()).id;
    const patch = async (id: number) => admin.send('PATCH', `/api/patients/${own.patients}`, { billing_provider_id: id });
    expect(await patch(await account(lakeside))).toEqual(expect.objectContaining(missing(['body', 'billing_provider_id'])));
    expect(await patch(await account(northwind))).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'billing_provider_id'], msg: 'Must be a staff member of the provider' }] },
    });
  });
});

describe('and nothing changed', () => {
  test('no table but the audit trail changed, and it only recorded denied attempts', async () => {
    const after = await fingerprints();
    for (const [table, fingerprint] of before) expect(after.get(table), table).toBe(fingerprint);
    const written = await db().selectFrom('audit_logs').select(['outcome']).where('id', '>', lastAudit).execute();
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((row) => row.outcome !== 'denied')).toEqual([]);
  });
});
