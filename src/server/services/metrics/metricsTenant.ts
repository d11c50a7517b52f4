import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { mayHoldTenant } from '../../resources/access';
import type { Caller } from '../../resources/caller';
import { missingReference } from '../../resources/references';

/** The provider whose figures are read, with the time zone its days and weeks are counted in. */
export interface MetricsTenant {
  id: number;
  timeZone: string;
}

/**
 * The provider a metrics call names (`tenant_id`), or the caller's own when it names none. A
 * provider out of the caller's reach answers exactly like a missing one: 422 `The referenced record
 * does not exist` at ["query", "tenant_id"] (resources/references.ts), the repo's answer to an id a
 * request names. An internal user of no tenant must name one.
 */
export async function metricsTenant(db: Kysely<DB>, caller: Caller, tenantId: number | undefined): Promise<MetricsTenant> {
  const id = tenantId ?? caller.identity.tenant_id;
  if (id === null) throw invalid(['query', 'tenant_id'], 'Field required', 'missing');
  const loc = ['query', 'tenant_id'];
  if (!mayHoldTenant(caller.access, id)) throw missingReference(loc);
  const row = await db.selectFrom('tenants').select(['id', 'timezone']).where('id', '=', id).executeTakeFirst();
  if (!row) throw missingReference(loc);
  return { id: row.id, timeZone: row.timezone };
}
