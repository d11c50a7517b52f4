/** A field that names its record: `name`, `full_name`, `user.full_name` (not `actor_name`, which names someone else). */
const NAMING_FIELD = /(^|\.)(full_)?name$/;

/**
 * The column a wide list keeps in view while its other columns scroll: the one that names the row
 * (the first whose field is a name), else the first.
 */
export function pinnedColumn(fields: readonly string[]): number {
  return Math.max(
    0,
    fields.findIndex((field) => NAMING_FIELD.test(field)),
  );
}
