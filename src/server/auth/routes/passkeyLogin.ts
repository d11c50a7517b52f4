import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { generateAuthenticationOptions, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { looseObject, tokenResponse, webauthnBody } from '../../../../schemas/payloads/auth';
import { errorResponse } from '../../../../schemas/payloads/common';
import { forbidden, unauthorized } from '../../errors';
import { PATIENT_REFUSED } from '../../plugins/identity';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { passkeyOf } from '../passkeys';
import { establishSession } from '../signIn';
import { signInUserById } from '../signInUser';
import { acceptAssertion, relyingParty, storeChallenge, takeChallenge } from '../webauthn';
import { credentialOf } from '../webauthnCredential';
import { WEBAUTHN_FAILED } from './webauthnAuthenticate';

/**
 * Sign-in with a passkey alone, without a user name (the /passkey page's Login with PassKey): the
 * browser offers the discoverable credentials it holds for the console, and the signed assertion
 * names the account. User verification is required, so the passkey counts as both factors and the
 * answer is the session of POST /auth/login, never an mfa challenge.
 */
export const passkeyLoginRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/auth/login/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'Passkey sign-in: challenge options for a discoverable credential (no user name)',
        security: [],
        response: { 200: looseObject, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'passkey-login-options');
      // No allowCredentials: the browser lists the passkeys it holds for this relying party.
      const options = await generateAuthenticationOptions({ rpID: relyingParty(app.config).rpID, userVerification: 'required' });
      await storeChallenge(app.db, { ceremony: 'passkey_login' }, options.challenge);
      const { allowCredentials: _none, ...rest } = options;
      return rest;
    },
  );

  app.post(
    '/auth/login/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'Passkey sign-in: the signed assertion; answers as POST /auth/login does',
        security: [],
        body: webauthnBody,
        response: { 200: tokenResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limitAuthCall(app, request, 'passkey-login');
      const response = credentialOf<AuthenticationResponseJSON>(request.body);
      const fail = async (userId: number | null) => {
        await recordAuthEvent(app.db, request, 'login_failed', userId);
        return unauthorized(WEBAUTHN_FAILED);
      };
      if (!response) throw await fail(null);
      // Taken first, so that a failed try spends the challenge.
      const challenge = await takeChallenge(app.db, 'passkey_login', response.response.clientDataJSON);
      const key = await passkeyOf(app.db, undefined, response.id);
      if (!key || !challenge) throw await fail(key?.userId ?? null);
      if (!(await acceptAssertion(app.db, app.config, response, challenge.challenge, key, true))) throw await fail(key.userId);
      const user = await signInUserById(app.db, key.userId);
      if (!user || !user.is_active) throw await fail(key.userId);
      if (user.role === 'patient') {
        await recordAuthEvent(app.db, request, 'patient_refused', user.id);
        throw forbidden(PATIENT_REFUSED);
      }
      return establishSession(app, request, reply, user);
    },
  );
};
