import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Access } from './access';
import type { Resource } from './defineResource';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/** The rows of a resource that an access reaches: the one place where reads are scoped by tenant. */
export function visibleSql(eb: Eb, resource: Resource, access: Access): Expression<SqlBool> {
  if (access.kind === 'own') return resource.own ? eb(eb.ref(resource.own.ref), '=', access.userId) : eb.lit(false);
  return tenantVisibleSql(eb, resource.tenant.ref, access);
}

/**
 * The rows whose tenant (the column `tenantRef`) an access reaches: every row for `all`; rows of the
 * listed tenants, and rows with no tenant when the access or the caller of this check allows them
 * (`operatorRows`), for `tenants`; none for `own`, whose owner field says nothing of another table.
 * Reads (visibleSql) and references (references.ts) are scoped by this one condition.
 */
export function tenantVisibleSql(eb: Eb, tenantRef: string, access: Access, { operatorRows = false } = {}): Expression<SqlBool> {
  switch (access.kind) {
    case 'all':
      return eb.lit(true);
    case 'own':
      return eb.lit(false);
    case 'tenants': {
      const tenant = eb.ref(tenantRef);
      const listed = access.tenantIds.length ? [eb(tenant, 'in', access.tenantIds)] : [];
      const operator = access.operatorRows || operatorRows ? [eb(tenant, 'is', null)] : [];
      return eb.or([...listed, ...operator, eb.lit(false)]);
    }
  }
}
