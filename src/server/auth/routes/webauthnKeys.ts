import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { looseObject, passkeyRegistrationQuery, securityKey, securityKeyParams, securityKeysResponse, webauthnBody } from '../../../../schemas/payloads/auth';
import { errorResponse, messageResponse } from '../../../../schemas/payloads/common';
import { conflict, HttpError, invalid, notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { addPasskey, deletePasskey, listPasskeys } from '../passkeys';
import { consumeChallenge, registrationOptionsFor, storeChallenge, verifiedRegistration } from '../webauthn';
import { credentialOf } from '../webauthnCredential';

// Texts of spec 002 section 8 (account security), so the console can show the server's words.
const REGISTRATION_FAILED = 'Failed to create passkey. Please try again.';
export const ALREADY_REGISTERED = 'This authenticator was previously registered. Please try a different device or browser.';

/** Passkeys of the signed-in user (spec 002 "Account security"): register, list, delete. */
export const webauthnKeyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/auth/webauthn/register',
    { schema: { tags: ['account security'], summary: 'Passkey registration options', querystring: passkeyRegistrationQuery, response: { 200: looseObject } } },
    async (request) => {
      const me = identityOf(request);
      const attachment = request.query.authenticator_type;
      const options = await registrationOptionsFor(
        app.db,
        app.config,
        { id: me.id, userName: me.email, displayName: me.full_name },
        { residentKey: 'preferred', userVerification: 'preferred', ...(attachment ? { authenticatorAttachment: attachment } : {}) },
      );
      await storeChallenge(app.db, me.id, options.challenge);
      return { ...options };
    },
  );

  app.post(
    '/auth/webauthn/register',
    {
      schema: {
        tags: ['account security'],
        summary: 'Register a passkey: the browser credential and a nickname',
        body: webauthnBody,
        response: { 200: securityKey, 400: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const me = identityOf(request);
      const name = request.body.name?.trim();
      if (!name) throw invalid(['body', 'name'], 'Field required', 'missing');
      const response = credentialOf<RegistrationResponseJSON>(request.body);
      if (!response) throw invalid(['body', 'credential'], 'Field required', 'missing');
      const challenge = await consumeChallenge(app.db, me.id, response.response.clientDataJSON);
      if (!challenge) throw new HttpError(400, REGISTRATION_FAILED);
      const credential = await verifiedRegistration(app.config, response, challenge);
      if (!credential) throw new HttpError(400, REGISTRATION_FAILED);
      const key = await addPasskey(app.db, me.id, credential, name);
      if (!key) throw conflict(ALREADY_REGISTERED);
      return key;
    },
  );

  app.get('/auth/webauthn/keys', { schema: { tags: ['account security'], summary: 'My passkeys', response: { 200: securityKeysResponse } } }, async (request) =>
    listPasskeys(app.db, identityOf(request).id),
  );

  app.delete(
    '/auth/webauthn/keys/:id',
    {
      schema: {
        tags: ['account security'],
        summary: 'Delete one of my passkeys',
        params: securityKeyParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      if (!(await deletePasskey(app.db, identityOf(request).id, request.params.id))) throw notFound();
      return { message: 'Security key deleted.' };
    },
  );
};
