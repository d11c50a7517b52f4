import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Access } from './access';
import { conditionSql } from './conditionSql';
import type { Resource, Values } from './defineResource';
import { visibleSql } from './visibility';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/**
 * The resource's rows that an access reaches, with its joins: every read starts here, so that
 * no list, lookup or write can skip the tenancy condition or the resource's row filter.
 */
export function visibleRows(db: AnyDb, resource: Resource, access: Access, where?: (eb: Eb) => Expression<SqlBool>) {
  let query = db.selectFrom(`${resource.table} as t`);
  for (const join of resource.joins) query = query.leftJoin(`${join.table} as ${join.alias}`, `${join.alias}.id`, `t.${join.on}`);
  return query.where((eb) => eb.and([visibleSql(eb, resource, access), ...resource.rowFilter.map((c) => conditionSql(eb, c)), ...(where ? [where(eb)] : [])]));
}

/** The select list of a record: the table's columns, its computed fields, and each join's columns as `user.full_name`. */
export function recordColumns(eb: Eb, resource: Resource) {
  return [
    ...resource.columns.map((c) => eb.ref(`t.${c}`).as(c)),
    ...resource.computed.map((c) => c.expression.as(c.name)),
    ...resource.joins.flatMap((j) => j.columns.map((c) => eb.ref(`${j.alias}.${c}`).as(`${j.property}.${c}`))),
  ];
}

/** A selected row as the API record: `user.full_name` becomes `user: {full_name}`; a missing join becomes null. */
export function toRecord(row: Values, resource: Resource): Values {
  const record: Values = {};
  for (const c of resource.columns) record[c] = row[c];
  for (const { name } of resource.computed) record[name] = row[name];
  for (const join of resource.joins) {
    const nested = Object.fromEntries(join.columns.map((c) => [c, row[`${join.property}.${c}`]]));
    record[join.property] = nested.id === null || nested.id === undefined ? null : nested;
  }
  return record;
}

/** One record by id if the access reaches it. */
export async function findRecord(db: AnyDb, resource: Resource, access: Access, id: number): Promise<Values | undefined> {
  const row = await visibleRows(db, resource, access, (eb) => eb('t.id', '=', id))
    .select((eb) => recordColumns(eb, resource))
    .executeTakeFirst();
  return row ? toRecord(row, resource) : undefined;
}
