import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { tokenBody } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import { HttpError } from '../../errors';
import { withTransaction } from '../../resources/transaction';
import { limitAuthCall } from '../authRateLimit';
import { verifyEmailWithCode } from '../emailVerification';
import { findUserToken } from '../userTokens';
import { BAD_TOKEN } from './passwordReset';

/** POST /auth/verify: the verifyEmailCode of a verification mail marks the address verified. */
export const emailVerificationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address',
        security: [],
        body: tokenBody,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'verify');
      const found = await findUserToken(app.db, request.body.token, ['verify_email']);
      if (!found) throw new HttpError(400, BAD_TOKEN);
      if (!(await withTransaction(app.db, (trx) => verifyEmailWithCode(trx, request, found)))) throw new HttpError(400, BAD_TOKEN);
      return { message: 'Email verified successfully!' };
    },
  );
};
