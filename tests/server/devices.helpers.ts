import type { FastifyInstance } from 'fastify';
import { sql, type Insertable } from 'kysely';
import { expect } from 'vitest';
import type { Devices } from '../../src/server/db/schema';
import { tableFingerprint, type ApiAnswer } from './resources.helpers';

/** What the device tests read back from the database, straight from the tables. */
export function deviceFixtures(app: () => FastifyInstance) {
  const db = () => app().db;
  let serial = 0;

  return {
    /** A device of its own for one test (a glucometer of Northwind unless told otherwise), so tests do not depend on each other. */
    async newDevice(values: Partial<Insertable<Devices>> & { tenant_id: number | null }): Promise<number> {
      serial += 1;
      const externalId = `99${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(10, '0')}`;
      const row = await db()
        .insertInto('devices')
        .values({
          device_manufacturer: 'other',
          device_type: 'glucometer',
          external_id: externalId,
          status: 'inactive',
          device_received: true,
          misc_data: '{}',
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    device: (id: number) => db().selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    events: (deviceId: number) => db().selectFrom('device_activities').selectAll().where('device_id', '=', deviceId).orderBy('id').execute(),
    fees: (deviceId: number) => db().selectFrom('device_one_time_fees').selectAll().where('device_id', '=', deviceId).orderBy('id').execute(),
    /** A patient of the tenant in this status, with its name. */
    patient: (tenantId: number, status: string) =>
      db()
        .selectFrom('patients as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'u.full_name', 'p.has_device'])
        .where('p.tenant_id', '=', tenantId)
        .where('p.patient_status', '=', status)
        .orderBy('p.id')
        .executeTakeFirstOrThrow(),
    /** A location of the tenant, active or not, with its name. */
    location: (tenantId: number, active = true) =>
      db()
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('is_active', '=', active)
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    userId: async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
  };
}

/** Every row of the tables a device write may change. */
const REWRITABLE = ['devices', 'device_one_time_fees', 'patients'] as const;
/**
 * Tables whose rows are only ever added (the history and the audit trail): their count and last id
 * tell. A refusal writes no audit row of an access, only one of the refusal (outcome denied).
 */
const APPEND_ONLY = { device_activities: sql`true`, audit_logs: sql`outcome = 'allowed'` } as const;

async function snapshot(app: FastifyInstance): Promise<string[]> {
  const appended = Object.entries(APPEND_ONLY).map(async ([table, kept]) => {
    const { rows } = await sql<{
      n: number;
      last: number | null;
    }>`select count(*)::int as n, max(id)::bigint as last from ${sql.table(table)} where ${kept}`.execute(app.db);
    return `${table} ${rows[0]?.n}:${rows[0]?.last}`;
  });
  return Promise.all([...REWRITABLE.map(async (table) => `${table} ${await tableFingerprint(app, table)}`), ...appended]);
}

/** Runs a request and checks that no device, fee, patient, history event or audit row changed; returns its answer. */
export async function expectNothingChanged(app: FastifyInstance, request: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const before = await snapshot(app);
  const answer = await request();
  expect(await snapshot(app), `${answer.status} ${JSON.stringify(answer.body)} changed something`).toEqual(before);
  return answer;
}
