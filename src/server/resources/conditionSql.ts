import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Field } from './fields';
import type { Condition, Search } from './filterQuery';
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
      return (value as unknown[]).length ? eb(ref, 'in', value as unknown[]) : eb.lit(false);
    case 'notin':
      return (value as unknown[]).length ? eb.or([eb(ref, 'is', null), eb(ref, 'not in', value as unknown[])]) : eb.lit(true);
    case 'like':
      return eb(ref, 'ilike', `%${escapeLike(String(value))}%`);
    case 'inall':
      return arrayContains(ref, field, value as unknown[]);
  }
}

function arrayContains(ref: Expression<unknown>, field: Field, values: unknown[]): Expression<SqlBool> {
  const type = ARRAY_TYPES[field.itemKind as keyof typeof ARRAY_TYPES] ?? 'text[]';
  return sql<SqlBool>`${ref} @> cast(array[${sql.join(values)}] as ${sql.raw(type)})`;
}

/** `q`: text fields by case-insensitive substring, integer fields (ids) by equality when the text is a number. */
export function searchSql(eb: Eb, search: Search): Expression<SqlBool> {
  const terms = search.fields.flatMap((field: Field) => {
    if (field.kind === 'integer') return /^\d{1,9}$/.test(search.value) ? [eb(eb.ref(field.ref), '=', Number(search.value))] : [];
    return [eb(eb.ref(field.ref), 'ilike', `%${escapeLike(search.value)}%`)];
  });
  return terms.length ? eb.or(terms) : eb.lit(false);
}
