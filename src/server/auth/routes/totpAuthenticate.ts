import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { codeBody, tokenResponse } from '../../../../schemas/payloads/auth';
import { errorResponse } from '../../../../schemas/payloads/common';
import { unauthorized } from '../../errors';
import { authRateLimitOf, consumeRateLimit } from '../../plugins/rateLimit';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { mfaUserOf } from '../mfaBearer';
import { establishSession } from '../signIn';
import { acceptTotpCode } from '../totp';

export const TOTP_FAILED = 'TOTP verification failed. Please try again.';

/** POST /auth/totp/authenticate: the authenticator-app second factor, with the `mfa` bearer token. */
export const totpAuthenticateRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/totp/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second factor: a 6-digit authenticator code (bearer: the mfa token)',
        body: codeBody,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limitAuthCall(app, request, 'totp');
      const user = await mfaUserOf(app, request);
      // Per account too: guessing codes from many addresses for one stolen password stays slow.
      await consumeRateLimit(app.db, `totp:user:${user.id}`, authRateLimitOf(app.config));
      const accepted = user.totp_enabled && (await acceptTotpCode(app.db, user, request.body.code));
      if (!accepted) {
        await recordAuthEvent(app.db, request, 'mfa_failed', user.id);
        throw unauthorized(TOTP_FAILED);
      }
      return establishSession(app, request, reply, user, ['mfa_success', 'login_success']);
    },
  );
};
