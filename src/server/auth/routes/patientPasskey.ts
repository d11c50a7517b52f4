import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { looseObject, patientPasskeyStartBody, webauthnBody } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import type { Role } from '../../../domain/roles';
import { conflict, HttpError, invalid } from '../../errors';
import { auditPatients } from '../../resources/audit';
import { withTransaction } from '../../resources/transaction';
import { limitAuthCall } from '../authRateLimit';
import { addPasskey } from '../passkeys';
import { consumeLiveCode, findPatientCode, recordWrongBirthdate } from '../patientPasskey';
import { hashOpaqueToken } from '../tokens';
import { registrationOptionsFor, storeChallenge, takeChallenge, verifiedRegistration } from '../webauthn';
import { credentialOf } from '../webauthnCredential';
import { BAD_TOKEN } from './passwordReset';
import { ALREADY_REGISTERED } from './webauthnKeys';

/** Texts of the /passkey page (spec 002 section 8, "Public pages"). */
export const PATIENT_REGISTRATION_DONE = 'Registration successful!';
export const PATIENT_REGISTRATION_FAILED = 'Registration failed. Please try again.';
const DEFAULT_PASSKEY_NAME = 'Passkey';

/**
 * A patient registers a passkey on the /passkey page with a one-time code and their birth date
 * (spec 002 section 7 "Testing and public pages"). A wrong, used or expired code, a code of no
 * patient and a wrong birth date all answer the same 400 `bad_token`, so the answer never tells
 * which part was wrong; five wrong birth dates void the code.
 */
export const patientPasskeyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/auth/webauthn/register/patient/start',
    {
      schema: {
        tags: ['auth'],
        summary: "Patient passkey registration: options, given a patient's one-time code and birth date",
        security: [],
        body: patientPasskeyStartBody,
        response: { 200: looseObject, 400: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { token, birthdate } = request.body;
      await limitAuthCall(app, request, 'patient-passkey', hashOpaqueToken(token));
      const code = await findPatientCode(app.db, token);
      if (!code) throw new HttpError(400, BAD_TOKEN);
      if (code.birthdate === null || code.birthdate !== birthdate) {
        await recordWrongBirthdate(app.db, code.token_id);
        throw new HttpError(400, BAD_TOKEN);
      }
      const options = await registrationOptionsFor(
        app.db,
        app.config,
        { id: code.user_id, userName: code.email ?? `patient-${code.patient_id}`, displayName: code.full_name },
        // Discoverable, so that the passkey signs in without a user name.
        { residentKey: 'required', userVerification: 'preferred' },
      );
      await storeChallenge(app.db, { ceremony: 'patient_registration', userId: code.user_id, userTokenId: code.token_id }, options.challenge);
      return { ...options };
    },
  );

  app.post(
    '/auth/webauthn/register/patient/complete',
    {
      schema: {
        tags: ['auth'],
        summary: 'Patient passkey registration: the browser credential (optional name); uses the one-time code up',
        security: [],
        body: webauthnBody,
        response: { 200: messageResponse, 400: errorResponse, 409: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'patient-passkey-complete');
      const response = credentialOf<RegistrationResponseJSON>(request.body);
      if (!response) throw invalid(['body', 'credential'], 'Field required', 'missing');
      const name = request.body.name?.trim() || DEFAULT_PASSKEY_NAME;
      const challenge = await takeChallenge(app.db, 'patient_registration', response.response.clientDataJSON);
      if (!challenge?.user_id || !challenge.user_token_id) throw new HttpError(400, PATIENT_REGISTRATION_FAILED);
      const credential = await verifiedRegistration(app.config, response, challenge.challenge);
      if (!credential) throw new HttpError(400, PATIENT_REGISTRATION_FAILED);
      const { user_id: userId, user_token_id: tokenId } = challenge;
      await withTransaction(app.db, async (trx) => {
        // The code must still be live: used meanwhile (a password set with it, another registration) or expired ends here.
        if (!(await consumeLiveCode(trx, tokenId))) throw new HttpError(400, BAD_TOKEN);
        const key = await addPasskey(trx, userId, credential, name);
        if (!key) throw conflict(ALREADY_REGISTERED);
        const patient = await trx
          .selectFrom('patients as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select(['p.id', 'p.tenant_id', 'u.role', 'u.full_name', 'u.email'])
          .where('p.user_id', '=', userId)
          .executeTakeFirstOrThrow();
        await auditPatients(trx, {
          request,
          identity: { id: userId, role: patient.role as Role, full_name: patient.full_name, email: patient.email },
          resource: 'patient-passkeys',
          action: 'create',
          tenantId: patient.tenant_id,
          records: [{ patientId: patient.id, recordId: String(key.id) }],
        });
      });
      return { message: PATIENT_REGISTRATION_DONE };
    },
  );
};
