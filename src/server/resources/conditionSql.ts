import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Field } from './fields';
import type { Condition, Search } from './filterQuery';
import { inListSql } from './inListSql';
import { relationSql } from './relations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/** SQL element types of array columns, by element kind. */
const ARRAY_TYPES = { integer: 'integer[]', number: 'numeric[]', string: 'text[]', enum: 'text[]' } as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One checked condition as SQL. Column names come from the definition (Field.ref) and every value
 * is a parameter. `ne` and `notin` keep rows whose value is null, as a person reading "not X" expects.
 */
export function conditionSql(eb: Eb, { field, op, value }: Condition): Expression<SqlBool> {
  if (field.relation) return relationSql(eb, field, op, value);
  if (field.kind === 'array') return arraySql(eb.ref(field.ref), field, op, value as unknown[]);
  const ref = eb.ref(field.ref);
  switch (op) {
    case 'eq':
      return value === null ? eb(ref, 'is', null) : eb(ref, '=', value);
    case 'ne':
      return value === null ? eb(ref, 'is not', null) : eb(ref, 'is distinct from', value);
    case 'lt':
      return eb(ref, '<', value);
    case 'lte':
      return eb(ref, '<=', value);
    case 'gt':
      return eb(ref, '>', value);
    case 'gte':
      return eb(ref, '>=', value);
    case 'in':
      return inListSql(eb, ref, value as unknown[]);
    case 'notin':
      return notInListSql(eb, ref, value as unknown[]);
    case 'like':
      return eb(ref, 'ilike', `%${escapeLike(String(value))}%`);
    case 'inall':
      throw new Error(`inall on ${field.path}, which is not an array`);
  }
}

/**
 * `notin`: `not in (values)` is unknown, never true, when the list holds null or the value is null
 * (the trap of SQL's NOT IN). Without a null item the rows whose value is null are kept, as `ne`
 * keeps them; a null item leaves them out: `ref is not null and ref not in (values)`. An empty list keeps everything.
 */
function notInListSql(eb: Eb, ref: Expression<unknown>, list: readonly unknown[]): Expression<SqlBool> {
  const values = list.filter((item) => item !== null);
  if (values.length === list.length) return values.length ? eb.or([eb(ref, 'is', null), eb(ref, 'not in', values)]) : eb.lit(true);
  return values.length ? eb.and([eb(ref, 'is not', null), eb(ref, 'not in', values)]) : eb(ref, 'is not', null);
}

/**
 * An array column (text[]) against a list: `in` overlaps it (has any), `notin` does not (has none),
 * `inall` contains it (has every one). An empty list keeps nothing for `in`, everything otherwise.
 */
function arraySql(ref: Expression<unknown>, field: Field, op: Condition['op'], values: unknown[]): Expression<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`${sql.lit(op !== 'in')}`;
  const type = ARRAY_TYPES[field.itemKind as keyof typeof ARRAY_TYPES] ?? 'text[]';
  const list = sql`cast(array[${sql.join(values)}] as ${sql.raw(type)})`;
  if (op === 'in') return sql<SqlBool>`${ref} && ${list}`;
  if (op === 'notin') return sql<SqlBool>`not (coalesce(${ref}, '{}') && ${list})`;
  return sql<SqlBool>`${ref} @> ${list}`;
}

/** `q`: text fields by case-insensitive substring, integer fields (ids) by equality when the text is a number. */
export function searchSql(eb: Eb, search: Search): Expression<SqlBool> {
  const terms = search.fields.flatMap((field: Field) => {
    if (field.kind === 'integer') return /^\d{1,9}$/.test(search.value) ? [eb(eb.ref(field.ref), '=', Number(search.value))] : [];
    return [eb(eb.ref(field.ref), 'ilike', `%${escapeLike(search.value)}%`)];
  });
  return terms.length ? eb.or(terms) : eb.lit(false);
}
