import type { CoreRegistries } from './coreRegistries';
import { DefinitionError, resolveEntry, type DefinitionLocation } from './resolve';

/** A JSON Schema read loosely: entity schemas differ in shape, and only a few keywords matter here. */
export type SchemaNode = Readonly<Record<string, unknown>>;

/** The JSON types a schema names (`type` as a string or a list; none when it names none). */
export const typesOf = (schema: SchemaNode): string[] => {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

/** Properties of an object schema, through anyOf/oneOf branches (a nullable address). */
function propertiesOf(schema: SchemaNode): SchemaNode | undefined {
  if (typeof schema.properties === 'object') return schema.properties as SchemaNode;
  const branches = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
  return branches?.map(propertiesOf).find((properties) => properties !== undefined);
}

/** An object whose keys the schema does not list (misc_data, an activity's value): any path below it is allowed. */
function isOpenObject(schema: SchemaNode): boolean {
  if (propertiesOf(schema) !== undefined) return false;
  const branches = (schema.anyOf ?? schema.oneOf) as SchemaNode[] | undefined;
  return typesOf(schema).includes('object') || (branches ?? []).some(isOpenObject);
}

/** The schema of a dotted path in an entity (`user.full_name`, `misc_data.status.signal`), or undefined. */
export function fieldSchema(entity: SchemaNode, path: string): SchemaNode | undefined {
  let current: SchemaNode = entity;
  for (const segment of path.split('.')) {
    if (isOpenObject(current)) return {};
    const next = propertiesOf(current)?.[segment];
    if (typeof next !== 'object' || next === null) return undefined;
    current = next as SchemaNode;
  }
  return current;
}

/** The entity schema of a body: its `entity`, else its resource's. */
export function entityOf(
  body: { resource: string; entity?: string },
  location: DefinitionLocation,
  { entities, resourceEntities }: Pick<CoreRegistries, 'entities' | 'resourceEntities'>,
): SchemaNode {
  if (body.entity !== undefined) return resolveEntry(entities, 'entity', body.entity, location);
  const name = resourceEntities[body.resource];
  if (!name) throw new DefinitionError(location, `no entity schema for resource "${body.resource}"; name one with "entity"`);
  return resolveEntry(entities, 'entity', name, location);
}

export function enumValues(schema: SchemaNode | undefined): unknown[] | undefined {
  return Array.isArray(schema?.enum) ? (schema.enum as unknown[]).filter((value) => value !== null) : undefined;
}

export const isIntegerField = (schema: SchemaNode | undefined) => schema !== undefined && typesOf(schema).includes('integer');

/** The cell a field gets when its definition names none. */
export function defaultCell(schema: SchemaNode | undefined): string {
  if (!schema) return 'text';
  if (schema.format === 'date-time') return 'datetime';
  if (schema.format === 'date') return 'date';
  if (typesOf(schema).includes('boolean')) return 'boolean';
  if (enumValues(schema)) return 'badge';
  return 'text';
}
