import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { recordAuthEvent } from './authLog';
import { revokeUserSessions } from './sessions';
import { consumeUserToken } from './userTokens';

/**
 * Tokens that let their holder set a password on the /otp page, which calls their type email_user
 * (POST /auth/otp, /auth/otp-set-password): the reset mail's code, Add Patient's one-time password
 * (`otp_login`) and the patient record's mobile-app invitation code (`mobile_invite`,
 * services/mobileInvite). Setting a password with any of them voids the user's other ones.
 */
export const PASSWORD_TOKENS = ['reset_password', 'otp_login', 'mobile_invite'] as const;

/**
 * Codes that may have been handed over in person rather than mailed (the invitation is shown on the
 * patient record, and mailed only on request): using one proves nothing about the mailbox, so it
 * leaves the address as verified or unverified as it was.
 */
const HANDED_OVER_TOKENS: readonly string[] = ['mobile_invite'];

/** POST /auth/change-password, in the caller's transaction: the new hash, and the user's other sessions end. */
export async function changePassword(trx: Transaction<DB>, request: FastifyRequest, userId: number, hash: string, keepSession: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  await revokeUserSessions(trx, userId, 'password_changed', keepSession);
  await recordAuthEvent(trx, request, 'password_set', userId);
}

/**
 * POST /auth/otp-set-password, in the caller's transaction: uses the code once and voids the
 * user's other password codes (invitation codes included). A reset code came by mail, so the
 * address is proven (Add Patient's one-time passwords are treated alike, as before); an invitation
 * code, maybe handed over in person, leaves it as it was (HANDED_OVER_TOKENS). Whoever knew the old
 * password is signed out. False when another request used the code first.
 */
export async function setPasswordWithCode(
  trx: Transaction<DB>,
  request: FastifyRequest,
  code: { id: number; user_id: number; purpose: string },
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
  const provesAddress = !HANDED_OVER_TOKENS.includes(code.purpose);
  await trx
    .updateTable('users')
    .set({ password_hash: hash, ...(provesAddress ? { is_email_verified: true } : {}) })
    .where('id', '=', code.user_id)
    .execute();
  await revokeUserSessions(trx, code.user_id, 'password_set');
  await recordAuthEvent(trx, request, 'password_set', code.user_id);
  return true;
}
