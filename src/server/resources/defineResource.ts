import type { FastifyRequest } from 'fastify';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { AuditAction } from '../../../schemas/entities/auditLog';
import type { PermissionKey } from '../../domain/permissions';
import type { DB } from '../db/schema';
import type { Identity } from '../plugins/identity';
import type { Access } from './access';
import type { Caller } from './caller';
import { compileResource } from './compileResource';
import type { EntitySchema, Field } from './fields';
import type { Condition, Operator } from './filterQuery';
import type { ReferenceTarget } from './references';
import type { RelationDefinition } from './relations';

export type Action = AuditAction;
/** A record's columns by name, as written or read. */
export type Values = Record<string, unknown>;
// Tables and columns come from definitions, so the engine works on an untyped view of the database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Trx = Transaction<any>;

type Props<S> = S extends { properties: infer P } ? P : never;
/** A property of the entity (`tenant_id`) or of one nested object (`user.full_name`). */
export type FieldPath<S> = {
  [K in keyof Props<S> & string]: Props<S>[K] extends { properties: infer N } ? K | `${K}.${keyof N & string}` : K;
}[keyof Props<S> & string];

/** How a write reaches the tables; the default writes one row of the definition's table. */
export interface Store {
  insert(trx: Trx, values: Values): Promise<number>;
  update(trx: Trx, id: number, values: Values): Promise<void>;
  remove(trx: Trx, id: number): Promise<void>;
}

export interface WriteContext {
  trx: Trx;
  identity: Identity;
  /** The validated body, already holding the forced tenant. */
  values: Values;
  /** The record as it was, for an update. */
  existing: Values | null;
  /** The rows the caller's permission for this action reaches. */
  access: Access;
  /** Audits other rows of this resource that the write changes too (members a care-team add replaces). */
  audit: (action: Action, records: readonly Values[]) => Promise<void>;
}

/** What `afterCreate` gets: the create's transaction, its request and caller, the new record's id and the validated body. */
export interface CreatedContext {
  trx: Transaction<DB>;
  request: FastifyRequest;
  identity: Identity;
  id: number;
  /** The body as validated, with the writeOnly fields that `prepare` took out of the stored values. */
  body: Values;
}

/** What `afterWrite` gets. */
export interface WrittenContext {
  trx: Transaction<DB>;
  /** Who wrote: the author of what the write derives (a task's activity). */
  identity: Identity;
  action: 'create' | 'update' | 'delete';
  before: Values | null;
  after: Values | null;
}

/** A `meta` key a list reads (`meta={"patient_group_id": 4}`): its value is compared to a field by the operator. */
export interface MetaKey {
  field: string;
  op: Operator;
  /**
   * 'caller': the key is a switch (`meta={"under_care": true}`); when true the field is compared to
   * the caller's user id instead of the value ("in my care"), when false nothing is filtered.
   */
  value?: 'caller';
}

/**
 * Adds a property to the records of a list page, or to the record of a read, when
 * `meta={"expand": [name]}` asks for it (`observations` of the patient queue, `devices` of the
 * patient's chart): one query for the whole page, never one per record. The caller is the list's or
 * the read's: a loader of another resource's rows reads them as that caller may (its scope for
 * the other resource's list key), so an expansion never shows what the caller could not list.
 */
export type ExpandLoader = (db: Kysely<DB>, records: Values[], caller: Caller) => Promise<void>;

export interface ResourceDefinition<S extends EntitySchema> {
  /** The URL segment: `/api/{name}`. */
  name: string;
  table: keyof DB;
  schema: S;
  /** Permission keys are `${permission}.${action}`. */
  permission: string;
  /** The actions served; each needs a permission key. */
  actions: readonly Action[];
  /** Actions whose routes live in routes/ rather than here (devices: update goes through update_action); their keys still compile. */
  bespokeRoutes?: readonly Action[];
  /** Where `${permission}.${action}` is not a key of the permission table, the key that guards the action. */
  keys?: Partial<Record<Action, PermissionKey>>;
  /** The field holding the row's tenant (`tenant_id`; `id` for providers; `user.tenant_id` through a join). */
  tenantField: FieldPath<S>;
  /** The field equal to the caller's id for the `own` scope. */
  ownField?: FieldPath<S>;
  /** Nested objects read through a many-to-one join: property -> table and the local column holding its id. */
  joins?: Partial<Record<keyof Props<S> & string, { table: keyof DB; on: string }>>;
  filterable: readonly FieldPath<S>[];
  sortable: readonly FieldPath<S>[];
  /** Fields searched by `q`: text by case-insensitive substring, integers (ids) by equality. */
  search: readonly FieldPath<S>[];
  defaultSort: { field: FieldPath<S>; order: 'asc' | 'desc' };
  /** The patient a record concerns: every action on such a resource is audited. */
  patientField?: FieldPath<S>;
  /** Also serve `/patients/{patient_id}/{name}[/{id}]`. */
  nestedUnderPatient?: boolean;
  /** With nestedUnderPatient, also serve its writes there (POST, PUT, PATCH, DELETE); the path's patient is the record's. */
  nestedWrites?: boolean;
  /** Read-only fields computed in SQL over the table alias `t`: sql`(select count(*) ... where m.group_id = t.id)`. */
  computed?: Partial<Record<keyof Props<S> & string, RawBuilder<unknown>>>;
  /** Rows of other tables that point at a record, whose fields lists filter as `name.column` (see relations.ts). */
  relations?: Readonly<Record<string, RelationDefinition>>;
  /** The `meta` keys a list reads; any other key is ignored. */
  meta?: Readonly<Record<string, MetaKey>>;
  /** What `meta.expand` may add to a list's records or a read's record; other names are ignored (profile is always there). */
  expand?: Readonly<Record<string, ExpandLoader>>;
  /** A column that orders a sortable field as a person reads it: priority by risk (`priority_rank`), not alphabetically. */
  orderBy?: Partial<Record<FieldPath<S>, string>>;
  /**
   * A joined field the table keeps a copy of in a column of its own, kept by the database (a trigger):
   * filters, searches and sorts read the copy and need no join; the record still shows the joined value.
   * Patients keep `user.full_name` as `user_full_name` for the search by name.
   */
  copiedColumns?: Partial<Record<FieldPath<S>, string>>;
  /**
   * Every column holding the id of another tenant-owned row (tests/server/references.crossTenant.test.ts
   * checks the list against the table's foreign keys): the row must be visible to the caller before any
   * rule reads it, and share the row's tenant (references.ts); else 422 as if it did not exist.
   */
  references?: Partial<Record<keyof Props<S> & string, ReferenceTarget>>;
  /** Rows that are never part of this resource, whatever the caller asks. */
  rowFilter?: readonly { field: FieldPath<S>; op: Operator; value: unknown }[];
  /** Required fields that a PUT may leave out, which keeps them (users' role: spec 002 section 5, "role is omitted from the update when unchanged"). */
  optionalOnUpdate?: readonly (keyof Props<S> & string)[];
  /** Domain rules of a write that a schema cannot say; returns the values to store. */
  prepare?: (context: WriteContext) => Promise<Values> | Values;
  /**
   * Runs in a create's transaction once the record is stored and audited: the further writes the
   * body asks for (an Add Patient's is_patient_consented) and what the answer adds to the record
   * (its one-time password, shown once); returns those answer fields.
   */
  afterCreate?: (context: CreatedContext) => Promise<Values>;
  /**
   * Runs in the transaction of every create, update and delete once the record is stored, with the
   * record before and after (null where there is none): for data derived from the rows, such as
   * the monthly services a monitoring note counts toward. A refusal thrown here undoes the write.
   */
  afterWrite?: (context: WrittenContext) => Promise<void>;
  store?: Store;
}

/** A definition resolved against its schema: what the engine reads. */
export interface Resource {
  name: string;
  table: keyof DB;
  schema: EntitySchema;
  actions: ReadonlySet<Action>;
  /** Declared actions that the engine does not route (a bespoke route serves them with the same key). */
  bespokeRoutes: ReadonlySet<Action>;
  keys: Readonly<Partial<Record<Action, PermissionKey>>>;
  /** `${permission}.set_owner` when the permission table has it: moving a row to another tenant. */
  setOwnerKey: PermissionKey | undefined;
  /** Columns of the table that the record shows. */
  columns: readonly string[];
  joins: readonly { property: string; alias: string; table: keyof DB; on: string; columns: readonly string[] }[];
  fields: ReadonlyMap<string, Field>;
  filterable: ReadonlySet<string>;
  sortable: ReadonlySet<string>;
  search: readonly Field[];
  defaultSort: { field: Field; order: 'asc' | 'desc' };
  tenant: Field;
  /** The tenant column when the request body may set it (tenant_id of most resources). */
  writableTenantColumn: string | null;
  own: Field | null;
  patient: Field | null;
  nestedUnderPatient: boolean;
  nestedWrites: boolean;
  computed: readonly { name: string; expression: RawBuilder<unknown> }[];
  /** Meta keys with their field resolved. */
  meta: ReadonlyMap<string, { field: Field; op: Operator; value?: 'caller' }>;
  expand: ReadonlyMap<string, ExpandLoader>;
  references: Readonly<Record<string, ReferenceTarget>>;
  rowFilter: readonly Condition[];
  optionalOnUpdate: readonly string[];
  prepare: ResourceDefinition<EntitySchema>['prepare'];
  afterCreate: ResourceDefinition<EntitySchema>['afterCreate'];
  afterWrite: ResourceDefinition<EntitySchema>['afterWrite'];
  store: Store;
}

/** Declares a resource; the engine serves it once it is listed in definitions/index.ts. Throws at start-up on a bad definition. */
export function defineResource<S extends EntitySchema>(definition: ResourceDefinition<S>): Resource {
  return compileResource(definition);
}
