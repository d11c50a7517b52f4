import { getPath, type ApiRow } from './context';
import type { SchemaNode } from './entityFields';

/** The schema of one row of an array-of-objects field (`device_count_table`), or undefined for any other field. */
export function rowSchemaOf(schema: SchemaNode | undefined): SchemaNode | undefined {
  const items = schema?.items;
  if (typeof items !== 'object' || items === null || Array.isArray(items)) return undefined;
  return typeof (items as SchemaNode).properties === 'object' ? (items as SchemaNode) : undefined;
}

/** The rows an array field of a record holds; nothing when the field is missing or not a list of objects. */
export function recordRows(record: ApiRow | undefined, field: string): ApiRow[] {
  const value = getPath(record, field);
  return Array.isArray(value) ? value.filter((row): row is ApiRow => typeof row === 'object' && row !== null && !Array.isArray(row)) : [];
}
