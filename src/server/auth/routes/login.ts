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
/** A staff account signing in as the patients' mobile app. */
export const MOBILE_APP_FOR_PATIENTS = 'The mobile app is for patients. Sign in to the console instead.';

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
      // The console (client webapp) is for staff, the patients' app (client mobile_app) for patients.
      // A patient's session reaches only the calls that accept one (config.patientSession, plugins/identity.ts).
      const patient = user.role === 'patient';
      if (patient !== (request.body.client_id === 'mobile_app')) {
        await recordAuthEvent(app.db, request, patient ? 'patient_refused' : 'login_failed', user.id);
        throw forbidden(patient ? PATIENT_REFUSED : MOBILE_APP_FOR_PATIENTS);
      }
      return passwordAccepted(app, request, reply, user);
    },
  );
};
