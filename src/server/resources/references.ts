import type { DB } from '../db/schema';
import { invalid } from '../errors';
import type { Access } from './access';
import type { Trx, Values } from './defineResource';
import { tenantVisibleSql } from './visibility';

/** The one answer to a reference the caller cannot see: no such row, another provider's row and an operator's row alike. */
export const MISSING_REFERENCE = 'The referenced record does not exist';

/** 422 `The referenced record does not exist` at `loc` (type `foreign_key`), the same whether the row is missing or out of reach. */
export const missingReference = (loc: readonly (string | number)[]) => invalid([...loc], MISSING_REFERENCE, 'foreign_key');

/** A column holding the id of a row of another table, and how that row's tenant is read. */
export interface ReferenceTarget {
  table: keyof DB;
  /** The column holding the row's tenant (`tenant_id`; `id` for tenants themselves). */
  tenantColumn: string;
  /**
   * Rows with no tenant may be named from a row of any tenant, whatever the caller's scope: the
   * operator's staff, who may join any care team (spec 001 section 6). Their existence is no other
   * provider's data.
   */
  operatorRows?: boolean;
}

/** Providers named by id (a location's or patient's new provider): a tenant is its own tenant. */
export const TENANT_REFERENCE: ReferenceTarget = { table: 'tenants', tenantColumn: 'id' };

/** A referenced row as the caller may see it: its id, its tenant and the columns asked for. */
export type VisibleRow = Values & { id: number; tenant: number | null };

/**
 * The row `id` of the target table if the caller's access reaches its tenant (visibility.ts, the
 * scoping every read uses), else 422 `The referenced record does not exist` at `loc`. A row of
 * another provider answers exactly like no row: every rule about what the row is (a patient where
 * staff is expected, a user without an NPI number, an inactive location) runs only on the row this
 * returns, so that its text can never tell that another provider holds such an id. Internal users
 * whose scope is all see every row, so for them the row exists.
 *
 * `await visibleReference(trx, caller.access, { table: 'users', tenantColumn: 'tenant_id' }, id, ['body', 'practitioner_id'], ['role'])`
 */
export async function visibleReference(
  trx: Trx,
  access: Access,
  target: ReferenceTarget,
  id: unknown,
  loc: readonly (string | number)[],
  columns: readonly string[] = [],
): Promise<VisibleRow> {
  const tenant = `r.${target.tenantColumn}`;
  const row = (await trx
    .selectFrom(`${target.table} as r`)
    .select([`r.id as id`, `${tenant} as tenant`, ...columns.map((c) => `r.${c} as ${c}`)])
    .where('r.id', '=', id)
    .where((eb) => tenantVisibleSql(eb, tenant, access, { operatorRows: target.operatorRows === true }))
    .executeTakeFirst()) as VisibleRow | undefined;
  if (!row) throw missingReference(loc);
  return row;
}

/**
 * Whether a visible referenced row may be named from a row of `rowTenant`: only a row of the same
 * provider, or one with no provider where the target allows it. A row of another provider, even one
 * an internal caller sees, is refused like a missing one (resources README, "Tenancy").
 */
export const sharesTenant = (target: ReferenceTarget, row: VisibleRow, rowTenant: number | null | undefined) =>
  rowTenant === undefined || row.tenant === rowTenant || (row.tenant === null && target.operatorRows === true);
