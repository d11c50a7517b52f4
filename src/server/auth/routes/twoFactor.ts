import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import { codeBody, passwordBody, totpSecretResponse } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import { conflict, HttpError, unauthorized } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { withTransaction } from '../../resources/transaction';
import { limitAuthCall } from '../authRateLimit';
import { verifyPassword } from '../passwords';
import { revokeUserSessions } from '../sessions';
import { signInUserById } from '../signInUser';
import { disableTotp, enableTotp, newTotpSecret, storeTotpSecret, totpCodeMatches, totpUri } from '../totp';
import { TOTP_FAILED } from './totpAuthenticate';

const ALREADY_ENABLED = 'Two-factor authentication is already enabled.';

/**
 * Authenticator-app two-factor of the signed-in user (spec 002 section 4 "Two-factor"): setup
 * generates a secret, a code enables it, the password disables it.
 */
export const twoFactorRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const me = async (request: FastifyRequest) => {
    const user = await signInUserById(app.db, identityOf(request).id);
    if (!user) throw unauthorized('Could not validate credentials');
    return user;
  };

  app.post(
    '/auth/generate-2fa',
    {
      schema: { tags: ['account security'], summary: 'New authenticator secret (not yet enabled)', response: { 200: totpSecretResponse, 409: errorResponse } },
    },
    async (request) => {
      const user = await me(request);
      if (user.totp_enabled) throw conflict(ALREADY_ENABLED);
      const secret = newTotpSecret();
      await storeTotpSecret(app.db, user.id, secret);
      return { secret_key: secret, qr_code: totpUri(user.email, secret) };
    },
  );

  app.post(
    '/auth/enable-2fa',
    {
      schema: {
        tags: ['account security'],
        summary: 'Enable the authenticator with a first code',
        body: codeBody,
        response: { 200: messageResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'enable-2fa');
      const user = await me(request);
      if (user.totp_enabled) throw conflict(ALREADY_ENABLED);
      if (!user.totp_secret) throw new HttpError(400, 'Generate a two-factor secret first.');
      // Checked, not spent: signing in is another use of the code (see totpCodeMatches).
      if (!(await totpCodeMatches(user, request.body.code))) throw new HttpError(400, TOTP_FAILED);
      if (!(await enableTotp(app.db, user.id, user.totp_secret))) throw conflict(ALREADY_ENABLED);
      return { message: 'Two-factor authentication enabled.' };
    },
  );

  app.post(
    '/auth/disable-2fa',
    {
      schema: {
        tags: ['account security'],
        summary: 'Disable the authenticator with the password',
        body: passwordBody,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'disable-2fa');
      const user = await me(request);
      if (!(await verifyPassword(user.password_hash, request.body.password))) throw new HttpError(400, 'Incorrect password');
      // A factor less: every other session of the account ends with it, as on a password change.
      await withTransaction(app.db, async (trx) => {
        await disableTotp(trx, user.id);
        await revokeUserSessions(trx, user.id, 'two_factor_disabled', identityOf(request).session_id);
      });
      return { message: 'Two-factor authentication disabled.' };
    },
  );
};
