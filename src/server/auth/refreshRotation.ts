import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { withTransaction } from '../resources/transaction';
import { revokeSession } from './sessions';
import { hashOpaqueToken, newOpaqueToken } from './tokens';

export interface SessionUser {
  id: number;
  role: string;
  tenant_id: number | null;
}

/** What presenting a refresh token led to. Only `rotated` carries a new token. */
export type Rotation =
  | { outcome: 'rotated'; sessionId: string; expiresAt: Date; user: SessionUser; refreshToken: string }
  | { outcome: 'reused' | 'expired'; userId: number }
  | { outcome: 'unknown' };

/**
 * Rotates a refresh token in one transaction: the presented token is marked used and a new one
 * joins the same family. A token that was already used means two holders of one family (a
 * stolen cookie, or a replay), so the whole session is revoked. The mark is a conditional update,
 * so two concurrent rotations of one token cannot both succeed.
 */
export async function rotateRefreshToken(db: Kysely<DB>, presented: string): Promise<Rotation> {
  return withTransaction(db, async (trx): Promise<Rotation> => {
    const row = await trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['t.id as token_id', 't.used_at', 's.id as session_id', 's.expires_at', 's.revoked_at'])
      .select(['u.id as user_id', 'u.role', 'u.tenant_id', 'u.is_active'])
      .where('t.token_hash', '=', hashOpaqueToken(presented))
      .executeTakeFirst();
    if (!row) return { outcome: 'unknown' };
    const userId = row.user_id;
    if (row.revoked_at || row.expires_at.getTime() <= Date.now()) return { outcome: 'expired', userId };
    if (!row.is_active || row.role === 'patient') {
      await revokeSession(trx, row.session_id, 'account_disabled');
      return { outcome: 'expired', userId };
    }
    const marked = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', row.token_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) {
      await revokeSession(trx, row.session_id, 'refresh_token_reused');
      return { outcome: 'reused', userId };
    }
    const { token, hash } = newOpaqueToken();
    await trx.insertInto('refresh_tokens').values({ session_id: row.session_id, token_hash: hash }).execute();
    return {
      outcome: 'rotated',
      sessionId: row.session_id,
      expiresAt: row.expires_at,
      user: { id: userId, role: row.role, tenant_id: row.tenant_id },
      refreshToken: token,
    };
  });
}
