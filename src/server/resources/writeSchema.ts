import type { PropertySchema } from './fields';

/** create: a new record; replace (PUT): a whole record; patch (PATCH): any subset of the writable fields. */
export type WriteMode = 'create' | 'replace' | 'patch';

/**
 * The request-body schema of a write, derived from the entity schema: read-only fields are
 * dropped (so sending one is "Extra inputs are not permitted"), additionalProperties stays false,
 * and `required` keeps only writable fields, or goes entirely for a patch. `optional` fields are
 * never required by the schema: the engine fills or checks them (the tenant column).
 */
export function writeSchemaOf(schema: PropertySchema, mode: WriteMode, optional: readonly string[] = []): PropertySchema {
  const { readOnly: _readOnly, title: _title, properties, required, anyOf, ...rest } = schema as PropertySchema & { title?: string };
  const out: Record<string, unknown> = { ...rest };
  if (anyOf) out.anyOf = anyOf.map((s) => writeSchemaOf(s, mode));
  if (properties) {
    const writable = Object.entries(properties).filter(([, p]) => !p.readOnly);
    out.properties = Object.fromEntries(writable.map(([name, p]) => [name, writeSchemaOf(p, mode)]));
    const names = new Set(writable.map(([name]) => name));
    const kept = mode === 'patch' ? [] : (required ?? []).filter((name) => names.has(name) && !optional.includes(name));
    if (kept.length) out.required = kept;
  }
  return out;
}
