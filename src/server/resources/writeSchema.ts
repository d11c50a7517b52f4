import type { PropertySchema } from './fields';

/** create: a new record; replace (PUT): a whole record; patch (PATCH): any subset of the writable fields. */
export type WriteMode = 'create' | 'replace' | 'patch';

/**
 * The request-body schema of a write, derived from the entity schema: additionalProperties stays
 * false, and `required` keeps only writable fields, or goes entirely for a patch. Read-only fields
 * (computed ones are read-only too) are refused on create ("Extra inputs are not permitted") and
 * accepted with any value on update, where `withoutReadOnly` drops them: a client may send back
 * the record it read (react-admin does). `optional` fields are never required by the schema: the
 * engine fills or checks them (the tenant column), or a PUT may leave them out (users' role).
 */
export function writeSchemaOf(schema: PropertySchema, mode: WriteMode, optional: readonly string[] = []): PropertySchema {
  const { readOnly: _readOnly, title: _title, properties, required, anyOf, ...rest } = schema as PropertySchema & { title?: string };
  const out: Record<string, unknown> = { ...rest };
  if (anyOf) out.anyOf = anyOf.map((s) => writeSchemaOf(s, mode));
  if (properties) {
    const writable = Object.entries(properties).filter(([, p]) => !p.readOnly);
    const ignored = mode === 'create' ? [] : Object.entries(properties).filter(([, p]) => p.readOnly);
    out.properties = Object.fromEntries([...writable.map(([name, p]) => [name, writeSchemaOf(p, mode)]), ...ignored.map(([name]) => [name, {}])]);
    const names = new Set(writable.map(([name]) => name));
    const kept = mode === 'patch' ? [] : (required ?? []).filter((name) => names.has(name) && !optional.includes(name));
    if (kept.length) out.required = kept;
  }
  return out;
}

/**
 * An update's body without the read-only fields the entity schema marks, at any depth (`id` and
 * `full_name` of a patient's `user`, `bmi` of its profile): they were accepted to be ignored.
 */
export function withoutReadOnly(schema: PropertySchema, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const property = schema.properties?.[name];
    if (property?.readOnly) continue;
    const nested = property?.properties && typeof value === 'object' && value !== null && !Array.isArray(value);
    out[name] = nested ? withoutReadOnly(property, value as Record<string, unknown>) : value;
  }
  return out;
}

/**
 * The entity schema as an update reads a body: also the names a read may add to a record
 * (`meta.expand`: a queue row's `observations`), read-only, so that a record read with them can be
 * sent back as well.
 */
export function withExpansions(schema: PropertySchema, names: Iterable<string>): PropertySchema {
  const added = [...names].filter((name) => schema.properties?.[name] === undefined);
  if (added.length === 0) return schema;
  return { ...schema, properties: { ...schema.properties, ...Object.fromEntries(added.map((name) => [name, { readOnly: true }])) } };
}
