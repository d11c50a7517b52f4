import type { DB } from '../db/schema';
import type { Store, Values } from './defineResource';

/** Values as the driver takes them: jsonb columns as JSON text (an array would otherwise become a PostgreSQL array). */
export function toRow(values: Values, jsonColumns: ReadonlySet<string>): Values {
  return Object.fromEntries(
    Object.entries(values).map(([column, value]) => [column, jsonColumns.has(column) && value !== null ? JSON.stringify(value) : value]),
  );
}

/** The default store: one row of one table, keyed by `id`. */
export function tableStore(table: keyof DB, jsonColumns: ReadonlySet<string>): Store {
  return {
    async insert(trx, values) {
      const row = await trx.insertInto(table).values(toRow(values, jsonColumns)).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async update(trx, id, values) {
      if (Object.keys(values).length === 0) return;
      await trx.updateTable(table).set(toRow(values, jsonColumns)).where('id', '=', id).execute();
    },
    async remove(trx, id) {
      await trx.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}
