import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { HttpError } from '../../errors';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { errorResponse, messageResponse, tokenBody } from '../schemas';
import { consumeUserToken, findUserToken } from '../userTokens';
import { BAD_TOKEN } from './passwordReset';

/** POST /auth/verify: the verifyEmailCode of a verification mail marks the address verified. */
export const emailVerificationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/verify',
    { schema: { tags: ['auth'], summary: 'Verify an e-mail address', security: [], body: tokenBody, response: { 200: messageResponse, 400: errorResponse, 429: errorResponse } } },
    async (request) => {
      await limitAuthCall(app, request, 'verify');
      const found = await findUserToken(app.db, request.body.token, ['verify_email']);
      if (!found) throw new HttpError(400, BAD_TOKEN);
      const verified = await app.db.transaction().execute(async (trx) => {
        if (!(await consumeUserToken(trx, found.id))) return false;
        await trx.updateTable('users').set({ is_email_verified: true }).where('id', '=', found.user_id).execute();
        await recordAuthEvent(trx, request, 'email_verified', found.user_id);
        return true;
      });
      if (!verified) throw new HttpError(400, BAD_TOKEN);
      return { message: 'Email verified successfully!' };
    },
  );
};
