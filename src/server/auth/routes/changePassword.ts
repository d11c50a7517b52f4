import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { HttpError } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { recordAuthEvent } from '../authLog';
import { limitAuthCall } from '../authRateLimit';
import { newPasswordIssues } from '../../../domain/passwordRules';
import { hashPassword, verifyPassword } from '../passwords';
import { changePasswordBody, errorResponse, messageResponse } from '../schemas';
import { revokeUserSessions } from '../sessions';
import { signInUserById } from '../signInUser';

/** POST /auth/change-password (spec 002 "Account security"): other sessions of the user end. */
export const changePasswordRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
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
      const issues = newPasswordIssues(new_password, new_password_2);
      if (issues.length > 0) throw new HttpError(422, issues);
      const user = await signInUserById(app.db, identity.id);
      if (!(await verifyPassword(user?.password_hash, old_password))) throw new HttpError(400, 'Current password is incorrect');
      const hash = await hashPassword(new_password);
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', identity.id).execute();
        await revokeUserSessions(trx, identity.id, 'password_changed', identity.session_id);
        await recordAuthEvent(trx, request, 'password_set', identity.id);
      });
      return { message: 'Password changed successfully.' };
    },
  );
};
