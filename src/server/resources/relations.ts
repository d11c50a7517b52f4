import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { isNullable, kindOf, type EntitySchema, type Field } from './fields';
import type { Operator } from './filterQuery';
import { inListSql } from './inListSql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/**
 * Rows of another table that point at a record (a patient's care team members): filters on them
 * ask whether the record has such rows, never join them in (a join would repeat the record).
 */
export interface RelationDefinition {
  table: keyof DB;
  /** The related table's column holding the record's id (`patient_id`). */
  on: string;
  /** The record's column that `on` holds, `id` unless said (monitoring progress rows name their patient in `patient_id`). */
  localKey?: string;
  /** The related rows' entity schema, for the kinds of their fields. */
  schema: EntitySchema;
  /** Its columns that may be filtered: `care_team_members.practitioner_id[inall]`. */
  fields: readonly string[];
  /** Which related rows count, over the alias `r`: sql`(r.end_date is null or r.end_date >= current_date)`. */
  current?: RawBuilder<SqlBool>;
}

/** A resolved relation, as a filter field carries it. */
export interface Relation {
  table: keyof DB;
  on: string;
  localKey: string;
  current: RawBuilder<SqlBool> | undefined;
}

/** Operators on a relation field: has one (eq, in), has none (ne, notin), has every one listed (inall). */
export const RELATION_OPERATORS: readonly Operator[] = ['eq', 'ne', 'in', 'notin', 'inall'];

/** The filter fields of a definition's relations, by path `relation.column`; throws on a column its schema lacks. */
export function relationFields(relations: Readonly<Record<string, RelationDefinition>>, fail: (msg: string) => never): Field[] {
  return Object.entries(relations).flatMap(([name, relation]) =>
    relation.fields.map((column) => {
      const property = relation.schema.properties[column] ?? fail(`relation ${name} has no property ${column}`);
      const kind = kindOf(property);
      if (kind === 'json' || kind === 'array') fail(`relation field ${name}.${column} cannot be filtered`);
      return {
        path: `${name}.${column}`,
        ref: `r.${column}`,
        kind,
        nullable: isNullable(property),
        ...(property.enum ? { enumValues: property.enum.filter((v) => v !== null) } : {}),
        relation: { table: relation.table, on: relation.on, localKey: relation.localKey ?? 'id', current: relation.current },
      };
    }),
  );
}

/**
 * A relation condition as an EXISTS subquery on the related table (its index on `on` answers it):
 * eq/in: some related row matches; ne/notin: none does. inall: every listed value has its row, as
 * one grouped subquery over the related rows holding any of the values (its index on the column
 * answers it), so that the cost grows with the list rather than one EXISTS per value and record
 * (200 of those took 29 s on 100,000 patients).
 * Example: `care_team_members.practitioner_id[inall]: [4, 9]` keeps patients with both 4 and 9 on the team.
 */
export function relationSql(eb: Eb, field: Field, op: Operator, value: unknown): Expression<SqlBool> {
  const relation = field.relation as Relation;
  const related = (match: Expression<SqlBool>) =>
    eb.exists(
      eb
        .selectFrom(`${relation.table} as r`)
        .select(sql.lit(1).as('one'))
        .whereRef(`r.${relation.on}`, '=', `t.${relation.localKey}`)
        .where(relation.current ?? sql<SqlBool>`true`)
        .where(match),
    );
  const ref = eb.ref(field.ref);
  const list = (value as unknown[] | null) ?? [];
  switch (op) {
    case 'eq':
      return related(eb(ref, '=', value));
    case 'ne':
      return eb.not(related(eb(ref, '=', value)));
    // A null item asks for related rows whose column is null (inListSql).
    case 'in':
      return list.length ? related(inListSql(eb, ref, list)) : eb.lit(false);
    case 'notin':
      return list.length ? eb.not(related(inListSql(eb, ref, list))) : eb.lit(true);
    case 'inall': {
      const values = [...new Set(list)];
      if (values.length === 0) return eb.lit(true);
      const holders = eb
        .selectFrom(`${relation.table} as r`)
        .select(`r.${relation.on}`)
        .where(relation.current ?? sql<SqlBool>`true`)
        .where(ref, 'in', values)
        .groupBy(`r.${relation.on}`)
        .having(sql`count(distinct ${ref})`, '=', values.length);
      return eb(`t.${relation.localKey}`, 'in', holders);
    }
    default:
      throw new Error(`operator ${op} on relation field ${field.path}`);
  }
}
