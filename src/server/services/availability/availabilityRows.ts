import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Trx } from '../../resources/defineResource';
import type { StoredSlot } from '../../../domain/availability/scopes';
import type { Access } from '../../resources/access';
import { tenantVisibleSql } from '../../resources/visibility';

/** The columns of an availability row as the rules read it (excluded days as yyyy-mm-dd texts, never Dates). */
export const rowColumns = [
  'a.id',
  'a.user_id',
  'a.tenant_id',
  'a.appointment_location_id',
  'a.range_start',
  'a.range_end',
  'a.availability_date',
  'a.timezone',
  'a.is_repeating',
  'a.repeat_interval',
  'a.repeat_until',
] as const;

export const excludedColumn = sql<string[]>`a.excluded_dates::text[]`.as('excluded_dates');

export interface AvailabilityRow extends StoredSlot {
  id: number;
  tenant_id: number | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/**
 * The rows an access reaches: `own` the caller's own slots; otherwise the slots of the users whose
 * tenant it reaches (internal users' slots have none: every `all` access reaches them, as it reaches
 * internal users themselves).
 */
export function availabilityVisibleSql(eb: Eb, access: Access): Expression<SqlBool> {
  if (access.kind === 'own') return eb(eb.ref('a.user_id'), '=', access.userId);
  return tenantVisibleSql(eb, 'a.tenant_id', access);
}

/** The row `id` if the access reaches it, else undefined (another provider's row is missing). */
export async function visibleAvailability(db: Trx, access: Access, id: number): Promise<AvailabilityRow | undefined> {
  const row = await db
    .selectFrom('availability as a')
    .select([...rowColumns, excludedColumn])
    .where('a.id', '=', id)
    .where((eb) => availabilityVisibleSql(eb, access))
    .forUpdate()
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** A selected row as the rules read it. */
export function toStored<R extends { range_start: Date | string; range_end: Date | string; excluded_dates: readonly string[] | null }>(
  row: R,
): Omit<R, 'range_start' | 'range_end' | 'excluded_dates'> & { range_start: Date; range_end: Date; excluded_dates: string[] } {
  return { ...row, range_start: new Date(row.range_start), range_end: new Date(row.range_end), excluded_dates: [...(row.excluded_dates ?? [])] };
}
