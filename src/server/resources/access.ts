import type { Scope } from '../../domain/permissions';
import type { Identity } from '../plugins/identity';

/**
 * Which rows a caller reaches with one permission:
 * - `all`: every row;
 * - `tenants`: rows of the listed tenants, plus the operator's own rows (tenant null) when `operatorRows`;
 * - `own`: rows whose owner field is the caller.
 */
export type Access = { kind: 'all' } | { kind: 'tenants'; tenantIds: readonly number[]; operatorRows: boolean } | { kind: 'own'; userId: number };

/**
 * Turns a scope into the rows it reaches. Internal users limited to listed tenants still see
 * the operator's rows (inventory devices, internal accounts): those belong to no provider and
 * hold no patient data; patient data always has a tenant, so the limit applies to all of it.
 */
export function accessOf(identity: Identity, scope: Scope): Access {
  switch (scope) {
    case 'all':
      return identity.tenant_ids === null ? { kind: 'all' } : { kind: 'tenants', tenantIds: identity.tenant_ids, operatorRows: true };
    case 'tenant':
      return { kind: 'tenants', tenantIds: identity.tenant_id === null ? [] : [identity.tenant_id], operatorRows: false };
    case 'own':
      return { kind: 'own', userId: identity.id };
  }
}

/** Whether a row of this tenant (null = operator) may be written by a caller with this access. */
export function mayHoldTenant(access: Access, tenantId: number | null): boolean {
  if (access.kind === 'all') return true;
  if (access.kind === 'own') return false;
  return tenantId === null ? access.operatorRows : access.tenantIds.includes(tenantId);
}
