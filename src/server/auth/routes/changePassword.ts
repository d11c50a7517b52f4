import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { changePasswordBody } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import { HttpError } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { withTransaction } from '../../resources/transaction';
import { limitAuthCall } from '../authRateLimit';
import { checkNewPassword } from '../newPassword';
import { changePassword } from '../passwordChange';
import { hashPassword, verifyPassword } from '../passwords';
import { signInUserById } from '../signInUser';

/** POST /auth/change-password (spec 002 "Account security"): other sessions of the user end. */
export const changePasswordRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['account security'],
        summary: 'Change my password',
        body: changePasswordBody,
        response: { 200: messageResponse, 400: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      await limitAuthCall(app, request, 'change-password', String(identity.id));
      const { old_password, new_password, new_password_2 } = request.body;
      checkNewPassword(new_password, new_password_2);
      const user = await signInUserById(app.db, identity.id);
      if (!(await verifyPassword(user?.password_hash, old_password))) throw new HttpError(400, 'Current password is incorrect');
      const hash = await hashPassword(new_password);
      await withTransaction(app.db, (trx) => changePassword(trx, request, identity.id, hash, identity.session_id));
      return { message: 'Password changed successfully.' };
    },
  );
};
