import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthEventType } from '../../domain/enums';
import type { DB } from '../db/schema';
import { clientAddress } from '../plugins/clientAddress';

const USER_AGENT_MAX = 512;

/** Where a request came from, as sessions and the auth log keep it. */
export function clientOf(request: FastifyRequest): { ip_address: string; user_agent: string | null } {
  const agent = request.headers['user-agent'];
  return { ip_address: request.ip, user_agent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

/**
 * Adds one sign-in event to auth_logs (the Security log of spec 002), with the connection's own
 * address beside the client's. Takes the executor so that an event is written in the same
 * transaction as the change it records.
 */
export async function recordAuthEvent(db: Kysely<DB>, request: FastifyRequest, event_type: AuthEventType, user_id: number | null): Promise<void> {
  await db
    .insertInto('auth_logs')
    .values({ event_type, user_id, ...clientOf(request), ...clientAddress(request) })
    .execute();
}
