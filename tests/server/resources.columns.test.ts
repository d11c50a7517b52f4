import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { RESOURCES } from '../../src/server/resources/definitions';
import { deviceOneTimeFees } from '../../src/server/resources/definitions/deviceOneTimeFees';

/** Every resource definition: the engine's, and the one-time fees a device route lists through the engine's list. */
const DEFINITIONS = [...RESOURCES, deviceOneTimeFees];

/**
 * The entity schemas (schemas/entities) and the SQL migrations describe the same rows twice: this
 * test keeps them in agreement. Every stored property of a resource's schema is a column of its
 * table, every joined property a column of the joined table; and a resource that is exactly one
 * table (no join, no custom store) shows all of its table's columns but the ones it keeps private.
 */
describe('entity schemas agree with the migrated tables', () => {
  let database: Database;
  const columnsOf = new Map<string, Set<string>>();

  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: undefined });
    await migrate(database.db);
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(database.db);
    for (const { table_name, column_name } of rows.rows) {
      if (!columnsOf.has(table_name)) columnsOf.set(table_name, new Set());
      columnsOf.get(table_name)!.add(column_name);
    }
  });
  afterAll(() => database.close());

  /**
   * Columns a one-table resource does not show, each with its reason. A column added to such a
   * table must either become a property of the entity schema or be listed here.
   */
  const PRIVATE_COLUMNS: Record<string, readonly string[]> = {
    users: [
      // Secrets: never part of any answer.
      'password_hash',
      'totp_secret',
      'totp_last_used_step',
      // The caller's own settings, served by PUT /users/settings and the identity only.
      'settings',
      // Columns of patient accounts, read through the patient record's `user` (users never lists patients).
      'address',
      'facility_phone_number',
      'home_phone_number',
      'primary_phone_number_type',
    ],
    'voice-calls': [
      // The recording is reached through `recording_url` (GET voice-calls/{id}/recording), never by its stored file.
      'recording_file_id',
      // The carrier's id of the recording, which the product deletes there once stored.
      'recording_sid',
    ],
  };

  it.each(DEFINITIONS.map((r) => [r.name, r] as const))('%s: every stored property is a column', (_name, resource) => {
    const table = columnsOf.get(resource.table);
    expect(table, `table ${resource.table}`).toBeDefined();
    expect(resource.columns.filter((c) => !table!.has(c))).toEqual([]);
    for (const join of resource.joins) {
      const joined = columnsOf.get(join.table);
      expect(joined, `joined table ${join.table}`).toBeDefined();
      expect(table!.has(join.on), `${resource.table}.${join.on}`).toBe(true);
      expect(
        join.columns.filter((c) => !joined!.has(c)),
        `${join.property} -> ${join.table}`,
      ).toEqual([]);
    }
  });

  it('the one-table resources show exactly their table', () => {
    const mismatches: Record<string, { notShown: string[] }> = {};
    for (const resource of DEFINITIONS.filter((r) => r.joins.length === 0)) {
      const table = [...(columnsOf.get(resource.table) ?? [])];
      const privateColumns = new Set(PRIVATE_COLUMNS[resource.name] ?? []);
      const notShown = table.filter((c) => !resource.columns.includes(c) && !privateColumns.has(c)).sort();
      if (notShown.length > 0) mismatches[resource.name] = { notShown };
    }
    expect(mismatches).toEqual({});
  });
});
