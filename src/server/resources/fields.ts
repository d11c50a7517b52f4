import type { Relation } from './relations';

/** What a field is, as read from its entity schema: drives filter operators, value checks and SQL casts. */
export type FieldKind = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'date' | 'date-time' | 'array' | 'json';

/** The part of a JSON Schema property the engine reads. */
export interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly readOnly?: boolean;
  /** Sent on a write, never stored nor read (clear_existing of a care team member). */
  readonly writeOnly?: boolean;
  readonly properties?: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
  readonly items?: PropertySchema;
  readonly anyOf?: readonly PropertySchema[];
}

export interface EntitySchema extends PropertySchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, PropertySchema>>;
}

/** A filterable, sortable or searchable field resolved against the definition. */
export interface Field {
  path: string;
  /** Qualified column, `t.device_type` or `j_user.full_name`; only ever built from the definition. */
  ref: string;
  kind: FieldKind;
  nullable: boolean;
  enumValues?: readonly unknown[];
  /** For `array` fields: the kind of one element. */
  itemKind?: FieldKind;
  /** What a sort by this field orders by, when not the field itself (`t.priority_rank` for priority). */
  orderRef?: string;
  /** A field of related rows (`care_team_members.practitioner_id`): filtered by EXISTS, see relations.ts. */
  relation?: Relation;
}

const typesOf = (p: PropertySchema): readonly string[] => (p.type === undefined ? [] : typeof p.type === 'string' ? [p.type] : p.type);

export function isNullable(p: PropertySchema): boolean {
  return typesOf(p).includes('null') || (p.anyOf ?? []).some((s) => typesOf(s).includes('null'));
}

export function kindOf(p: PropertySchema): FieldKind {
  const types = typesOf(p).filter((t) => t !== 'null');
  if (p.enum) return 'enum';
  if (types.length !== 1 || p.anyOf) return 'json';
  switch (types[0]) {
    case 'integer':
    case 'number':
    case 'boolean':
      return types[0];
    case 'string':
      return p.format === 'date-time' ? 'date-time' : p.format === 'date' ? 'date' : 'string';
    case 'array':
      // An array of scalars is a PostgreSQL array column (text[]); anything else is jsonb.
      return p.items && kindOf(p.items) !== 'json' && kindOf(p.items) !== 'array' ? 'array' : 'json';
    default:
      return 'json';
  }
}

/** The property a dotted path names (`user.full_name`), or undefined. */
export function propertyAt(schema: PropertySchema, path: string): PropertySchema | undefined {
  let current: PropertySchema | undefined = schema;
  for (const part of path.split('.')) current = current?.properties?.[part];
  return current;
}
