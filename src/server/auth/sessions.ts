import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { hashOpaqueToken, newOpaqueToken } from './tokens';
import { forgetSession, forgetUserSessions } from './sessionCache';

export interface SessionClient {
  ip_address: string;
  user_agent: string | null;
}

export interface OpenedSession {
  sessionId: string;
  /** The opaque refresh token for the cookie; only its SHA-256 hash is stored. */
  refreshToken: string;
  expiresAt: Date;
}

/**
 * Opens a session (one refresh-token family) with its first refresh token. The session's end is
 * fixed at opening: rotation never extends it, so a stolen family dies on schedule.
 */
export async function openSession(db: Kysely<DB>, userId: number, ttlSeconds: number, client: SessionClient): Promise<OpenedSession> {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: userId, expires_at: expiresAt, ...client })
    .execute();
  await db.insertInto('refresh_tokens').values({ session_id: sessionId, token_hash: hash }).execute();
  return { sessionId, refreshToken: token, expiresAt };
}

/** Ends a session; its access tokens then answer 401 `Token has expired`. Returns false if it had already ended. */
export async function revokeSession(db: Kysely<DB>, sessionId: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  forgetSession(sessionId);
  return Number(result.numUpdatedRows) > 0;
}

/** Why every session of a user ended at once: a change to how the account signs in or what it may do. */
type UserRevocation = 'password_changed' | 'password_set' | 'account_disabled' | 'role_changed' | 'two_factor_disabled';

/**
 * Ends every live session of a user, except `keep` when given (the caller's own, after it proved
 * the password again), in the transaction of the change that calls for it: each session's refresh
 * family and, since access tokens name their session (`sid`, checked on every request), its
 * access tokens too. Re-enabling the account later brings none of them back. The user's row is
 * locked first, so that a sign-in finishing at the same moment is either ended here or waits.
 */
export async function revokeUserSessions(trx: Transaction<DB>, userId: number, reason: UserRevocation, keep?: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  let query = trx.updateTable('sessions').set({ revoked_at: new Date(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
  // After the update: a request that read the row before it would otherwise keep it again.
  forgetUserSessions(userId, keep);
}

/** The session a refresh token (used or not) belongs to, for logout. */
export async function sessionOfRefreshToken(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select(['s.id', 's.user_id'])
    .where('t.token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst();
}
