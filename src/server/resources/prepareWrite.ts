import { scopeOf } from '../../domain/permissions';
import { invalid } from '../errors';
import { mayHoldTenant } from './access';
import type { Caller } from './caller';
import type { Resource, Trx, Values, WriteContext } from './defineResource';
import { missingReference, sharesTenant, visibleReference, type ReferenceTarget, type VisibleRow } from './references';

export interface WriteInput {
  trx: Trx;
  resource: Resource;
  caller: Caller;
  /** The validated body. */
  values: Values;
  /** The record before an update; null for a create. */
  existing: Values | null;
  /** Audits other rows the resource's own rules change (see WriteContext). */
  audit: WriteContext['audit'];
}

/**
 * Tenancy of a write, in one place: a provider user's new row goes to the caller's own tenant
 * whatever the body says; moving a row to another tenant needs `{permission}.set_owner` with
 * scope all; every row the body names must be visible to the caller before the resource's own
 * rules run, so that no rule can tell what another provider's row is (a row out of reach answers
 * exactly like no row, references.ts); after them, every referenced row must share the row's
 * tenant, and the row must end where the caller may hold it.
 */
export async function prepareWrite({ trx, resource, caller, values, existing, audit }: WriteInput): Promise<Values> {
  const tenantColumn = resource.writableTenantColumn;
  let prepared = { ...values };
  if (tenantColumn && !existing) {
    if (caller.scope === 'tenant') prepared[tenantColumn] = caller.identity.tenant_id;
    else if (prepared[tenantColumn] === undefined) {
      if (!resource.tenant.nullable) throw invalid(['body', tenantColumn], 'Field required', 'missing');
      prepared[tenantColumn] = null;
    }
  }
  const moved = tenantColumn !== null && existing !== null && tenantColumn in prepared && prepared[tenantColumn] !== existing[tenantColumn];
  if (moved && !(resource.setOwnerKey && scopeOf(caller.identity.role, resource.setOwnerKey) === 'all')) {
    throw invalid(['body', tenantColumn], 'Not allowed to move this record to another provider', 'set_owner');
  }
  const seen = new Map<string, VisibleRow>();
  const visible = async (column: string, target: ReferenceTarget, id: unknown) => {
    const key = `${column}:${String(id)}`;
    const row = seen.get(key) ?? (await visibleReference(trx, caller.access, target, id, ['body', column]));
    seen.set(key, row);
    return row;
  };
  for (const [column, target] of Object.entries(resource.references)) {
    const id = prepared[column];
    if (id !== null && id !== undefined) await visible(column, target, id);
  }
  if (resource.prepare) prepared = await resource.prepare({ trx, identity: caller.identity, values: prepared, existing, access: caller.access, audit });

  const tenantPath = resource.tenant.ref.startsWith('t.') ? resource.tenant.path : null;
  const merged = { ...existing, ...prepared };
  const rowTenant = tenantPath === null ? undefined : (merged[tenantPath] as number | null | undefined);
  for (const [column, target] of Object.entries(resource.references)) {
    const id = merged[column];
    if (id === null || id === undefined || !(column in prepared || moved)) continue;
    if (!sharesTenant(target, await visible(column, target, id), rowTenant)) throw missingReference(['body', column]);
  }
  if (tenantPath !== null && rowTenant !== undefined && !mayHoldTenant(caller.access, rowTenant)) {
    throw invalid(['body', tenantPath], 'Not allowed for this provider', 'tenant');
  }
  return prepared;
}
