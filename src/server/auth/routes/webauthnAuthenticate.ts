import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { generateAuthenticationOptions, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { looseObject, tokenResponse, webauthnBody } from '../../../../schemas/payloads/auth';
import { errorResponse } from '../../../../schemas/payloads/common';
import { HttpError, unauthorized } from '../../errors';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { mfaUserOf } from '../mfaBearer';
import { passkeyDescriptors, passkeyOf } from '../passkeys';
import { establishSession } from '../signIn';
import { acceptAssertion, consumeChallenge, relyingParty, storeChallenge } from '../webauthn';
import { credentialOf } from '../webauthnCredential';

export const WEBAUTHN_FAILED = 'WebAuthn authentication failed. Please try again.';

/** The passkey second factor: options for navigator.credentials.get, then the signed assertion. */
export const webauthnAuthenticateRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '/auth/webauthn/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second factor: passkey challenge options (bearer: the mfa token)',
        response: { 200: looseObject, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = await mfaUserOf(app, request);
      const keys = await passkeyDescriptors(app.db, user.id);
      if (keys.length === 0) throw new HttpError(400, 'No passkey is registered for this account.');
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(app.config).rpID,
        allowCredentials: keys,
        // The password was the first factor; possession of the key is the second.
        userVerification: 'preferred',
      });
      await storeChallenge(app.db, user.id, options.challenge);
      return { ...options };
    },
  );

  app.post(
    '/auth/webauthn/authenticate/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second factor: the signed passkey assertion (bearer: the mfa token)',
        body: webauthnBody,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limitAuthCall(app, request, 'webauthn');
      const user = await mfaUserOf(app, request);
      const response = credentialOf<AuthenticationResponseJSON>(request.body);
      const fail = async () => {
        await recordAuthEvent(app.db, request, 'mfa_failed', user.id);
        return unauthorized(WEBAUTHN_FAILED);
      };
      if (!response) throw await fail();
      const key = await passkeyOf(app.db, user.id, response.id);
      const challenge = await consumeChallenge(app.db, user.id, response.response.clientDataJSON);
      if (!key || !challenge) throw await fail();
      // The password was the first factor; possession of the key is the second.
      if (!(await acceptAssertion(app.db, app.config, response, challenge, key, false))) throw await fail();
      return establishSession(app, request, reply, user, ['mfa_success', 'login_success']);
    },
  );
};
