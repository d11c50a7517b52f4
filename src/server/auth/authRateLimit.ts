import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import { AUTH_RATE_LIMIT, consumeRateLimit, type RateLimitRule } from '../plugins/rateLimit';

/** Counts a call of a sign-in, one-time-code or reset endpoint against its caller's address; 429 past the limit. */
export function limitAuthCall(app: FastifyInstance, request: FastifyRequest, endpoint: string): Promise<void> {
  return consumeRateLimit(app.db, `${endpoint}:${request.ip}`, AUTH_RATE_LIMIT);
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
