import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { recordAuthEvent } from './authLog';
import { consumeUserToken } from './userTokens';

/** POST /auth/verify, in the caller's transaction: uses the code once and marks the address verified; false when it was used first. */
export async function verifyEmailWithCode(trx: Transaction<DB>, request: FastifyRequest, code: { id: number; user_id: number }): Promise<boolean> {
  if (!(await consumeUserToken(trx, code.id))) return false;
  await trx.updateTable('users').set({ is_email_verified: true }).where('id', '=', code.user_id).execute();
  await recordAuthEvent(trx, request, 'email_verified', code.user_id);
  return true;
}
