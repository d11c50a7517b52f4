import type { Kysely } from 'kysely';
import type { DB, UserTokens } from '../db/schema';
import { hashOpaqueToken, newOpaqueToken } from './tokens';

type Purpose = UserTokens['purpose'];

/** Creates a one-time token for a user; only its hash is stored. Returns the token for the link. */
export async function issueUserToken(db: Kysely<DB>, userId: number, purpose: Purpose, ttlSeconds: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, purpose, token_hash: hash, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .execute();
  return token;
}

/** The live (unused, unexpired) token of one of `purposes`, with its active user, or undefined. */
export function findUserToken(db: Kysely<DB>, token: string, purposes: readonly Purpose[]) {
  return db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.purpose', 't.user_id'])
    .where('t.token_hash', '=', hashOpaqueToken(token))
    .where('t.purpose', 'in', purposes)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .executeTakeFirst();
}

/** Marks a token used; false when another request used it first (so each token works once). */
export async function consumeUserToken(db: Kysely<DB>, tokenId: number): Promise<boolean> {
  const result = await db.updateTable('user_tokens').set({ used_at: new Date() }).where('id', '=', tokenId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
