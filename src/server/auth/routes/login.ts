import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginBody, tokenResponse } from '../../../../schemas/payloads/auth';
import { errorResponse } from '../../../../schemas/payloads/common';
import { forbidden, unauthorized } from '../../errors';
import { PATIENT_REFUSED } from '../../plugins/identity';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { verifyPassword } from '../passwords';
import { passwordAccepted } from '../signIn';
import { signInUserByEmail } from '../signInUser';

/** One answer for an unknown account, a wrong password and a disabled account, so none is revealed. */
export const BAD_CREDENTIALS = 'Incorrect username or password';

/** POST /auth/login: the credentials step (form fields, as an OAuth2 password grant). */
export const loginRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: loginBody,
        response: { 200: tokenResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limitAuthCall(app, request, 'login', request.body.username);
      const user = await signInUserByEmail(app.db, request.body.username);
      // Always one Argon2id verification, account or not (see verifyPassword).
      const passwordMatches = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !passwordMatches || !user.is_active) {
        await recordAuthEvent(app.db, request, 'login_failed', user?.id ?? null);
        throw unauthorized(BAD_CREDENTIALS);
      }
      if (user.role === 'patient') {
        await recordAuthEvent(app.db, request, 'patient_refused', user.id);
        throw forbidden(PATIENT_REFUSED);
      }
      return passwordAccepted(app, request, reply, user);
    },
  );
};
