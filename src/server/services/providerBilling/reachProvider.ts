import { notFound } from '../../errors';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../resources/caller';
import { mayHoldTenant } from '../../resources/access';

/**
 * The provider `id` if the caller's access reaches it and it was not offboarded, else 404 `Not
 * found`: another provider answers exactly like none (a provider admin reaches only its own).
 */
export async function reachProvider(db: Kysely<DB>, caller: Caller, id: number) {
  const provider = await db.selectFrom('tenants').selectAll().where('id', '=', id).where('offboarded_at', 'is', null).executeTakeFirst();
  if (!provider || !mayHoldTenant(caller.access, provider.id)) throw notFound();
  return provider;
}

export type ProviderRow = Awaited<ReturnType<typeof reachProvider>>;
