import { PERMISSION_KEYS, type PermissionKey } from '../../domain/permissions';
import type { Action, Resource, ResourceDefinition } from './defineResource';
import { isNullable, kindOf, propertyAt, type EntitySchema, type Field } from './fields';
import type { Condition } from './filterQuery';
import { relationFields } from './relations';
import { tableStore } from './tableStore';

type Definition = ResourceDefinition<EntitySchema>;

const isKey = (key: string): key is PermissionKey => (PERMISSION_KEYS as readonly string[]).includes(key);
const aliasOf = (property: string) => `j_${property}`;

/** Resolves a definition against its schema; any name that does not resolve stops the server at start-up. */
export function compileResource(definition: Definition): Resource {
  const fail = (msg: string): never => {
    throw new Error(`resource ${definition.name}: ${msg}`);
  };
  const joins = Object.entries(definition.joins ?? {}).flatMap(([property, join]) =>
    join
      ? [
          {
            property,
            alias: aliasOf(property),
            table: join.table,
            on: join.on,
            columns: Object.keys(propertyAt(definition.schema, property)?.properties ?? {}),
          },
        ]
      : [],
  );
  const joined = new Set(joins.map((j) => j.property));
  const computed = Object.entries(definition.computed ?? {}).flatMap(([name, expression]) => (expression ? [{ name, expression }] : []));
  const computedNames = new Set(computed.map((c) => c.name));
  // An update ignores what is read-only (writeSchema.ts): a computed field must say it is.
  for (const name of computedNames) if (definition.schema.properties[name]?.readOnly !== true) fail(`computed ${name} is not readOnly in the schema`);
  // Write-only properties (clear_existing) are sent, never stored; computed ones are read, never stored;
  // a property named after a relation (a filter-only description of related rows) is no column either.
  const columns = Object.keys(definition.schema.properties).filter(
    (name) =>
      !joined.has(name) && !computedNames.has(name) && !(name in (definition.relations ?? {})) && definition.schema.properties[name]?.writeOnly !== true,
  );
  const jsonColumns = new Set(columns.filter((c) => kindOf(definition.schema.properties[c] ?? {}) === 'json'));

  const copies = new Map(Object.entries(definition.copiedColumns ?? {}).flatMap(([path, column]) => (column ? [[path, column]] : [])));
  for (const [path, column] of copies) {
    if (!path.includes('.')) fail(`copiedColumns ${path}: only a joined field can be copied`);
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) fail(`copiedColumns ${path}: ${column} is not a column name`);
  }

  const fields = new Map<string, Field>();
  const field = (path: string): Field => {
    const known = fields.get(path);
    if (known) return known;
    const property = propertyAt(definition.schema, path) ?? fail(`no property ${path}`);
    if (computedNames.has(path) || property.writeOnly) fail(`${path} is not a column: it cannot be filtered, sorted or searched`);
    const [head = '', column] = path.split('.');
    if (column !== undefined && !joined.has(head)) fail(`${path} is nested but ${head} is not a join`);
    const kind = kindOf(property);
    if (kind === 'json') fail(`${path} cannot be filtered or sorted`);
    const resolved: Field = {
      path,
      ref: column === undefined ? `t.${path}` : copies.has(path) ? `t.${copies.get(path)}` : `${aliasOf(head)}.${column}`,
      kind,
      nullable: isNullable(property),
      // An array of enum items (`enabled_care_program_types`) checks its items against the items' enum.
      ...((property.enum ?? property.items?.enum) ? { enumValues: (property.enum ?? property.items?.enum ?? []).filter((v) => v !== null) } : {}),
      ...(kind === 'array' && property.items ? { itemKind: kindOf(property.items) } : {}),
    };
    fields.set(path, resolved);
    return resolved;
  };

  const actionKeys: Partial<Record<Action, PermissionKey>> = {};
  for (const action of definition.actions) {
    const key = definition.keys?.[action] ?? `${definition.permission}.${action}`;
    actionKeys[action] = isKey(key) ? key : fail(`no permission key ${key} for ${action}`);
  }
  const setOwnerKey = `${definition.permission}.set_owner`;
  const tenant = field(definition.tenantField);
  const tenantProperty = propertyAt(definition.schema, definition.tenantField);
  const rowFilter: Condition[] = (definition.rowFilter ?? []).map((c) => ({ field: field(c.field), op: c.op, value: c.value }));
  for (const [path, column] of Object.entries(definition.orderBy ?? {})) {
    if (typeof column !== 'string') continue;
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) fail(`orderBy ${path}: ${column} is not a column name`);
    fields.set(path, { ...field(path), orderRef: `t.${column}` });
  }
  const sortable = new Set(definition.sortable.map((p) => field(p).path));
  const search = definition.search.map(field);
  const defaultSort = { field: field(definition.defaultSort.field), order: definition.defaultSort.order };
  // Related rows are filtered only: they are resolved after the sorts and searches, which cannot name them.
  const related = relationFields(definition.relations ?? {}, fail);
  for (const relationField of related) fields.set(relationField.path, relationField);
  const meta = new Map(
    Object.entries(definition.meta ?? {}).map(
      ([key, m]) => [key, { field: fields.get(m.field) ?? field(m.field), op: m.op, ...(m.value ? { value: m.value } : {}) }] as const,
    ),
  );

  return {
    name: definition.name,
    table: definition.table,
    schema: definition.schema,
    actions: new Set(definition.actions),
    bespokeRoutes: new Set(definition.bespokeRoutes ?? []),
    keys: actionKeys,
    setOwnerKey: isKey(setOwnerKey) ? setOwnerKey : undefined,
    columns,
    joins,
    fields,
    filterable: new Set([...definition.filterable.map((p) => field(p).path), ...related.map((f) => f.path)]),
    sortable,
    search,
    defaultSort,
    tenant,
    writableTenantColumn: tenant.ref.startsWith('t.') && tenantProperty?.readOnly !== true ? tenant.path : null,
    own: definition.ownField ? field(definition.ownField) : null,
    patient: definition.patientField ? field(definition.patientField) : null,
    nestedUnderPatient: definition.nestedUnderPatient ?? false,
    nestedWrites: (definition.nestedUnderPatient ?? false) && (definition.nestedWrites ?? false),
    computed,
    meta,
    expand: new Map(Object.entries(definition.expand ?? {})),
    references: Object.fromEntries(Object.entries(definition.references ?? {}).flatMap(([k, v]) => (v ? [[k, v]] : []))),
    rowFilter,
    optionalOnUpdate: definition.optionalOnUpdate ?? [],
    prepare: definition.prepare,
    afterCreate: definition.afterCreate,
    afterWrite: definition.afterWrite,
    store: definition.store ?? tableStore(definition.table, jsonColumns),
  };
}
