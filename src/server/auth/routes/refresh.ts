import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refreshBody, tokenResponse } from '../../../../schemas/payloads/auth';
import { errorResponse } from '../../../../schemas/payloads/common';
import { unauthorized } from '../../errors';
import { recordAuthEvent } from '../authLog';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../refreshCookie';
import { rotateRefreshToken } from '../refreshRotation';
import { accessTokenBody } from '../signIn';
import { EXPIRED_SESSION } from '../tokens';

const noSession = { description: 'No refresh token was presented: there is no session', type: 'null' } as const;

/**
 * GET /auth/refresh (the cookie) and POST /auth/refresh (the cookie, or `refresh_token` in the
 * body for clients without cookies): a new access token and a rotated refresh token.
 *
 * Without any refresh token there is no session to refresh, which is no error: the console asks on
 * every cold load, signed in or not, and a browser logs every 4xx it gets. So the answer is 204 with
 * no body (the console starts signed out). A token presented and refused (expired, revoked, reused,
 * unknown) is 401 'Token has expired', the non-200 with a message of spec 000 section 7.
 */
export const refreshRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const refresh = async (request: FastifyRequest, reply: FastifyReply, presented: string | undefined) => {
    if (!presented) return reply.code(204).send();
    const rotation = await rotateRefreshToken(app.db, presented);
    if (rotation.outcome === 'rotated') {
      await recordAuthEvent(app.db, request, 'refresh_token_rotated', rotation.user.id);
      setRefreshCookie(reply, app.config, rotation.refreshToken, rotation.expiresAt);
      return accessTokenBody(app, rotation.user, rotation.sessionId);
    }
    if (rotation.outcome !== 'unknown') {
      const event = rotation.outcome === 'reused' ? 'refresh_token_reused' : 'refresh_token_expired';
      await recordAuthEvent(app.db, request, event, rotation.userId);
    }
    clearRefreshCookie(reply, app.config);
    throw unauthorized(EXPIRED_SESSION);
  };
  const schema = { tags: ['auth'], security: [], response: { 200: tokenResponse, 204: noSession, 401: errorResponse } };

  app.get('/auth/refresh', { schema: { ...schema, summary: 'New access token from the refresh cookie' } }, (request, reply) =>
    refresh(request, reply, request.cookies[REFRESH_COOKIE]),
  );
  app.post('/auth/refresh', { schema: { ...schema, summary: 'New access token from the refresh cookie or body', body: refreshBody } }, (request, reply) =>
    refresh(request, reply, request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE]),
  );
};
