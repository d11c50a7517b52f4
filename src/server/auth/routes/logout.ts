import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import { messageResponse } from '../../../../schemas/payloads/common';
import { bearerToken } from '../../plugins/identity';
import { recordAuthEvent } from '../authLog';
import { clearRefreshCookie, REFRESH_COOKIE } from '../refreshCookie';
import { revokeSession, sessionOfRefreshToken } from '../sessions';

/**
 * GET /auth/logout ends the session named by the refresh cookie and by the bearer token (either
 * may be missing or stale: logout always answers 200 and clears the cookie).
 */
export const logoutRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const sessionsOf = async (request: FastifyRequest) => {
    const found: { id: string; user_id: number }[] = [];
    const cookie = request.cookies[REFRESH_COOKIE];
    const byCookie = cookie ? await sessionOfRefreshToken(app.db, cookie) : undefined;
    if (byCookie) found.push(byCookie);
    try {
      const claims = await app.tokens.verify(bearerToken(request), 'access');
      found.push({ id: claims.sid, user_id: Number(claims.sub) });
    } catch {
      // No bearer token, or an expired one: the cookie alone names the session.
    }
    return found;
  };

  app.get(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the session', security: [], response: { 200: messageResponse } } },
    async (request, reply) => {
      for (const session of await sessionsOf(request)) {
        if (await revokeSession(app.db, session.id, 'logout')) {
          await recordAuthEvent(app.db, request, 'logout', session.user_id);
        }
      }
      clearRefreshCookie(reply, app.config);
      return { message: 'Logged out.' };
    },
  );
};
