import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { tooManyRequests } from '../errors';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** Sign-in, one-time-code and reset endpoints: 10 tries a minute per account (or code) and endpoint. */
export const AUTH_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 };

/** The per-account rule as configured (config.authAccountRateLimit: 10 unless a non-production server raises it). */
export const authRateLimitOf = (config: { authAccountRateLimit: number }): RateLimitRule => ({ ...AUTH_RATE_LIMIT, limit: config.authAccountRateLimit });

/**
 * The same endpoints per client address: looser, because a whole clinic signs in at nine from
 * behind one address; guessing at one account is held by AUTH_RATE_LIMIT instead.
 */
export const AUTH_ADDRESS_RATE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 60 };

/**
 * Counts one request against `key` in a fixed window kept in the database (so that every replica
 * counts together) and throws 429 with Retry-After once the window's limit is passed.
 */
export async function consumeRateLimit(db: Kysely<DB>, key: string, rule: RateLimitRule): Promise<void> {
  const now = Date.now();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > rule.limit) {
    throw tooManyRequests(Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
  }
}
