import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { emailBody, setPasswordBody, tokenBody, tokenResponse, tokenTypeResponse } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import { forbidden, HttpError } from '../../errors';
import { PATIENT_REFUSED } from '../../plugins/identity';
import { withTransaction } from '../../resources/transaction';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall, withinRateLimit } from '../authRateLimit';
import { checkNewPassword } from '../newPassword';
import { PASSWORD_TOKENS, setPasswordWithCode } from '../passwordChange';
import { hashPassword } from '../passwords';
import { resetPasswordMail } from '../resetPasswordMail';
import { passwordAccepted } from '../signIn';
import { signInUserByEmail, signInUserById } from '../signInUser';
import { findUserToken, issueUserToken } from '../userTokens';

export const RESET_LINK_SENT = 'Password reset link sent.';
export const BAD_TOKEN = 'bad_token';
const RESET_TOKEN_TTL_SECONDS = 3600;
/** Mails per address: past it the answer stays the same and no mail leaves (no mail bombing, no account probing). */
const RESET_MAILS_PER_ADDRESS = { limit: 3, windowSeconds: 900 };

/** Forgotten password: the reset mail, the /otp code check, and setting the password with the code. */
export const passwordResetRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/reset-password',
    {
      schema: { tags: ['auth'], summary: 'Mail a password reset link', security: [], body: emailBody, response: { 200: messageResponse, 429: errorResponse } },
    },
    async (request) => {
      await limitAuthCall(app, request, 'reset-password');
      const email = request.body.email.trim().toLowerCase();
      const mailAllowed = await withinRateLimit(app.db, `reset-password-mail:${email}`, RESET_MAILS_PER_ADDRESS);
      const user = await signInUserByEmail(app.db, email);
      if (user?.is_active && mailAllowed) {
        const token = await issueUserToken(app.db, user.id, 'reset_password', RESET_TOKEN_TTL_SECONDS);
        await app.mailer.send(resetPasswordMail(app.config.publicUrl, user.email, token));
      }
      await recordAuthEvent(app.db, request, 'password_reset_requested', user?.id ?? null);
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/auth/otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a one-time code',
        security: [],
        body: tokenBody,
        response: { 200: tokenTypeResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'otp');
      const found = await findUserToken(app.db, request.body.token, PASSWORD_TOKENS);
      if (!found) throw new HttpError(400, BAD_TOKEN);
      return { token_type: 'email_user' };
    },
  );

  app.post(
    '/auth/otp-set-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the password with a one-time code, and sign in',
        security: [],
        body: setPasswordBody,
        response: { 200: tokenResponse, 400: errorResponse, 403: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limitAuthCall(app, request, 'otp-set-password');
      const { token, new_password, new_password_2 } = request.body;
      checkNewPassword(new_password, new_password_2);
      const found = await findUserToken(app.db, token, PASSWORD_TOKENS);
      if (!found) throw new HttpError(400, BAD_TOKEN);
      const hash = await hashPassword(new_password);
      const passwordSet = await withTransaction(app.db, (trx) => setPasswordWithCode(trx, request, found, hash));
      const user = passwordSet ? await signInUserById(app.db, found.user_id) : undefined;
      if (!user) throw new HttpError(400, BAD_TOKEN);
      if (user.role === 'patient') {
        await recordAuthEvent(app.db, request, 'patient_refused', user.id);
        throw forbidden(PATIENT_REFUSED);
      }
      // A second factor still applies: a mailbox alone must not open an account protected by one.
      return passwordAccepted(app, request, reply, user);
    },
  );
};
