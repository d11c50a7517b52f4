import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { recordAuthEvent } from './authLog';
import { revokeUserSessions } from './sessions';
import { consumeUserToken } from './userTokens';

/** Tokens that let their holder set a password (the /otp page calls their type email_user). */
export const PASSWORD_TOKENS = ['reset_password', 'otp_login'] as const;

/** POST /auth/change-password, in the caller's transaction: the new hash, and the user's other sessions end. */
export async function changePassword(trx: Transaction<DB>, request: FastifyRequest, userId: number, hash: string, keepSession: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  await revokeUserSessions(trx, userId, 'password_changed', keepSession);
  await recordAuthEvent(trx, request, 'password_set', userId);
}

/**
 * POST /auth/otp-set-password, in the caller's transaction: uses the code once and voids the
 * user's other password codes. The code came by mail, so the address is proven; whoever knew the
 * old password is signed out. False when another request used the code first.
 */
export async function setPasswordWithCode(
  trx: Transaction<DB>,
  request: FastifyRequest,
  code: { id: number; user_id: number },
  hash: string,
): Promise<boolean> {
  if (!(await consumeUserToken(trx, code.id))) return false;
  await trx
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', code.user_id)
    .where('purpose', 'in', PASSWORD_TOKENS)
    .where('used_at', 'is', null)
    .execute();
  await trx.updateTable('users').set({ password_hash: hash, is_email_verified: true }).where('id', '=', code.user_id).execute();
  await revokeUserSessions(trx, code.user_id, 'password_set');
  await recordAuthEvent(trx, request, 'password_set', code.user_id);
  return true;
}
