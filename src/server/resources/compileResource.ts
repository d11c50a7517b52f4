import { PERMISSION_KEYS, type PermissionKey } from '../../domain/permissions';
import type { Action, Resource, ResourceDefinition } from './defineResource';
import { isNullable, kindOf, propertyAt, type EntitySchema, type Field } from './fields';
import type { Condition } from './filterQuery';
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
    join ? [{ property, alias: aliasOf(property), table: join.table, on: join.on, columns: Object.keys(propertyAt(definition.schema, property)?.properties ?? {}) }] : [],
  );
  const joined = new Set(joins.map((j) => j.property));
  const columns = Object.keys(definition.schema.properties).filter((name) => !joined.has(name));
  const jsonColumns = new Set(columns.filter((c) => kindOf(definition.schema.properties[c] ?? {}) === 'json'));

  const fields = new Map<string, Field>();
  const field = (path: string): Field => {
    const known = fields.get(path);
    if (known) return known;
    const property = propertyAt(definition.schema, path) ?? fail(`no property ${path}`);
    const [head = '', column] = path.split('.');
    if (column !== undefined && !joined.has(head)) fail(`${path} is nested but ${head} is not a join`);
    const kind = kindOf(property);
    if (kind === 'json') fail(`${path} cannot be filtered or sorted`);
    const resolved: Field = {
      path,
      ref: column === undefined ? `t.${path}` : `${aliasOf(head)}.${column}`,
      kind,
      nullable: isNullable(property),
      ...(property.enum ? { enumValues: property.enum.filter((v) => v !== null) } : {}),
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

  return {
    name: definition.name,
    table: definition.table,
    schema: definition.schema,
    actions: new Set(definition.actions),
    keys: actionKeys,
    setOwnerKey: isKey(setOwnerKey) ? setOwnerKey : undefined,
    columns,
    joins,
    fields,
    filterable: new Set(definition.filterable.map((p) => field(p).path)),
    sortable: new Set(definition.sortable.map((p) => field(p).path)),
    search: definition.search.map(field),
    defaultSort: { field: field(definition.defaultSort.field), order: definition.defaultSort.order },
    tenant,
    writableTenantColumn: tenant.ref.startsWith('t.') && tenantProperty?.readOnly !== true ? tenant.path : null,
    own: definition.ownField ? field(definition.ownField) : null,
    patient: definition.patientField ? field(definition.patientField) : null,
    nestedUnderPatient: definition.nestedUnderPatient ?? false,
    references: Object.fromEntries(Object.entries(definition.references ?? {}).flatMap(([k, v]) => (v ? [[k, v]] : []))),
    rowFilter,
    prepare: definition.prepare,
    store: definition.store ?? tableStore(definition.table, jsonColumns),
  };
}
