import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { tokenResponse } from '../../../schemas/payloads/auth';
import type { AuthEventType } from '../../domain/enums';
import { unauthorized } from '../errors';
import { withTransaction } from '../resources/transaction';
import { clientOf, recordAuthEvent } from './authLog';
import { mfaMethodsOf, preferredMfaMethod } from './mfa';
import type { SessionUser } from './refreshRotation';
import { setRefreshCookie } from './refreshCookie';
import { openSession } from './sessions';
import type { SignInUser } from './signInUser';

/** The answer of every call that starts or continues a session (spec 000 section 3, "Auth responses"). */
export type TokenBody = FromSchema<typeof tokenResponse>;

/** A new access token of a session, with its lifetime in seconds. */
export async function accessTokenBody(app: FastifyInstance, user: SessionUser, sessionId: string): Promise<TokenBody> {
  const ttl = app.config.accessTokenTtl;
  const access_token = await app.tokens.sign({ sub: String(user.id), sid: sessionId, typ: 'access', role: user.role, tenant_id: user.tenant_id }, ttl);
  return { access_token, token_expiry: ttl, token_type: 'bearer' };
}

/**
 * Starts a session for a user whose every factor has been checked: the session row, its first
 * refresh token (cookie), last_login and the auth log, in one transaction.
 */
export async function establishSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  events: AuthEventType[] = ['login_success'],
): Promise<TokenBody> {
  const opened = await withTransaction(app.db, async (trx) => {
    // First, and only while the account is still enabled: this update locks the user's row, so a
    // disable running at the same time either waits and then ends this session too, or commits
    // first and this sign-in is refused (a session opened behind it would come back on re-enable).
    const stillActive = await trx
      .updateTable('users')
      .set({ last_login: new Date() })
      .where('id', '=', user.id)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (Number(stillActive.numUpdatedRows) === 0) throw unauthorized('Could not validate credentials');
    const session = await openSession(trx, user.id, app.config.sessionTtl, clientOf(request));
    for (const event of events) await recordAuthEvent(trx, request, event, user.id);
    return session;
  });
  setRefreshCookie(reply, app.config, opened.refreshToken, opened.expiresAt);
  return accessTokenBody(app, user, opened.sessionId);
}

/**
 * After a good password: a session, or, when the user has a second factor, an `mfa` token that
 * only opens the second-factor calls. No session (and no cookie) exists until that factor passes.
 */
export async function passwordAccepted(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignInUser,
  events: AuthEventType[] = ['login_success'],
): Promise<TokenBody> {
  const available = await mfaMethodsOf(app.db, user);
  if (available.length === 0) return establishSession(app, request, reply, user, events);
  const ttl = app.config.mfaTokenTtl;
  // The sid of an mfa token names this sign-in attempt only; no session row carries it.
  const access_token = await app.tokens.sign({ sub: String(user.id), sid: randomUUID(), typ: 'mfa', role: user.role, tenant_id: user.tenant_id }, ttl);
  await recordAuthEvent(app.db, request, 'mfa_challenge', user.id);
  return {
    access_token,
    token_expiry: ttl,
    token_type: 'mfa_challenge',
    preferred_mfa_method: preferredMfaMethod(available, user.preferred_mfa_method),
    available_mfa_methods: available,
  };
}
