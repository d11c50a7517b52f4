import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Access } from './access';
import type { Resource } from './defineResource';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

/** The rows of a resource that an access reaches: the one place where reads are scoped by tenant. */
export function visibleSql(eb: Eb, resource: Resource, access: Access): Expression<SqlBool> {
  switch (access.kind) {
    case 'all':
      return eb.lit(true);
    case 'own':
      return resource.own ? eb(eb.ref(resource.own.ref), '=', access.userId) : eb.lit(false);
    case 'tenants': {
      const tenant = eb.ref(resource.tenant.ref);
      const listed = access.tenantIds.length ? [eb(tenant, 'in', access.tenantIds)] : [];
      const operator = access.operatorRows ? [eb(tenant, 'is', null)] : [];
      return eb.or([...listed, ...operator, eb.lit(false)]);
    }
  }
}
