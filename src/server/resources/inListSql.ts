import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/**
 * `in` over a list that may hold null: `ref in (values) or ref is null`. SQL's `in` never matches a
 * null item, so null is taken out of the list and asked for with `is null`. An empty list keeps nothing.
 */
export function inListSql(eb: Eb, ref: Expression<unknown>, list: readonly unknown[]): Expression<SqlBool> {
  const values = list.filter((item) => item !== null);
  const terms = [...(values.length ? [eb(ref, 'in', values)] : []), ...(values.length < list.length ? [eb(ref, 'is', null)] : [])];
  return terms.length ? eb.or(terms) : eb.lit(false);
}
