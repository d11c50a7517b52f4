import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { UserMetrics } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { mayHoldTenant } from '../../resources/access';
import { callerWithPermission } from '../../resources/caller';
import { userMetrics } from './userMetrics';

/**
 * GET metrics/user: the figures of the identity `id` (the caller's own when left out). Any
 * signed-in staff user reads its own; another user's are for the operator's admins (metrics.provider
 * over every tenant; 403 otherwise), and only of a user they reach (404 otherwise, as for a
 * missing one). Counted in the user's time zone (settings.user_timezone), else its provider's, else UTC.
 */
export async function readUserMetrics(db: Kysely<DB>, request: FastifyRequest, id: number | undefined): Promise<UserMetrics> {
  const identity = identityOf(request);
  const userId = id ?? identity.id;
  const caller = userId === identity.id ? undefined : callerWithPermission(request, 'metrics.provider', { reach: 'all' });
  const user = await db
    .selectFrom('users as u')
    .leftJoin('tenants as t', 't.id', 'u.tenant_id')
    .select(['u.id', 'u.tenant_id', 'u.role', 'u.settings', 't.timezone'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.role === 'patient' || (caller && !mayHoldTenant(caller.access, user.tenant_id))) throw notFound();
  const zone = (user.settings as { user_timezone?: unknown } | null)?.user_timezone;
  return userMetrics(db, user.id, typeof zone === 'string' && isTimeZone(zone) ? zone : (user.timezone ?? 'UTC'));
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
