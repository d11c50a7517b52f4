import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import { AUTH_ADDRESS_RATE_LIMIT, authRateLimitOf, consumeRateLimit, type RateLimitRule } from '../plugins/rateLimit';

/**
 * Counts a call of a sign-in, one-time-code or reset endpoint against its caller's address and,
 * when one is named, against the account tried (any string: unknown accounts count the same, so
 * the limit reveals nothing); 429 past either limit.
 */
export async function limitAuthCall(app: FastifyInstance, request: FastifyRequest, endpoint: string, account?: string): Promise<void> {
  await consumeRateLimit(app.db, `${endpoint}:ip:${request.ip}`, AUTH_ADDRESS_RATE_LIMIT);
  if (account !== undefined) await consumeRateLimit(app.db, `${endpoint}:account:${account.trim().toLowerCase()}`, authRateLimitOf(app.config));
}

/** Counts one use of `key` and answers whether it is still within `rule`, for limits that must not show in the answer. */
export async function withinRateLimit(db: Kysely<DB>, key: string, rule: RateLimitRule): Promise<boolean> {
  try {
    await consumeRateLimit(db, key, rule);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}
