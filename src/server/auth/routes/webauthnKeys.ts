import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { conflict, HttpError, invalid, notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { errorResponse, looseObject, messageResponse, securityKey, webauthnBody } from '../schemas';
import { consumeChallenge, relyingParty, storeChallenge } from '../webauthn';
import { credentialOf } from '../webauthnCredential';

// Texts of spec 002 section 8 (account security), so the console can show the server's words.
const REGISTRATION_FAILED = 'Failed to create passkey. Please try again.';
const ALREADY_REGISTERED = 'This authenticator was previously registered. Please try a different device or browser.';

const registerQuery = {
  type: 'object',
  properties: { authenticator_type: { type: 'string', enum: ['platform', 'cross-platform'] } },
} as const;
const keyParams = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } as const;

/** Passkeys of the signed-in user (spec 002 "Account security"): register, list, delete. */
export const webauthnKeyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const keysOf = (userId: number) =>
    app.db.selectFrom('webauthn_credentials').select(['id', 'name', 'created_on', 'credential_id', 'transports']).where('user_id', '=', userId);

  app.get(
    '/auth/webauthn/register',
    { schema: { tags: ['account security'], summary: 'Passkey registration options', querystring: registerQuery, response: { 200: looseObject } } },
    async (request) => {
      const me = identityOf(request);
      const { rpName, rpID } = relyingParty(app.config);
      const existing = await keysOf(me.id).execute();
      const attachment = request.query.authenticator_type;
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: me.email,
        userDisplayName: me.full_name,
        userID: new TextEncoder().encode(String(me.id)),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.credential_id, transports: k.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred', ...(attachment ? { authenticatorAttachment: attachment } : {}) },
      });
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
      const { rpID, origin } = relyingParty(app.config);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw new HttpError(400, REGISTRATION_FAILED);
      const { credential } = verification.registrationInfo;
      const row = await app.db
        .insertInto('webauthn_credentials')
        .values({
          user_id: me.id,
          credential_id: credential.id,
          public_key: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning(['id', 'name', 'created_on'])
        .executeTakeFirst();
      if (!row) throw conflict(ALREADY_REGISTERED);
      return { ...row, created_on: row.created_on.toISOString() };
    },
  );

  app.get(
    '/auth/webauthn/keys',
    { schema: { tags: ['account security'], summary: 'My passkeys', response: { 200: { type: 'array', items: securityKey } } } },
    async (request) => {
      const keys = await keysOf(identityOf(request).id).orderBy('created_on').orderBy('id').execute();
      return keys.map((k) => ({ id: k.id, name: k.name, created_on: k.created_on.toISOString() }));
    },
  );

  app.delete(
    '/auth/webauthn/keys/:id',
    { schema: { tags: ['account security'], summary: 'Delete one of my passkeys', params: keyParams, response: { 200: messageResponse, 404: errorResponse } } },
    async (request) => {
      const deleted = await app.db
        .deleteFrom('webauthn_credentials')
        .where('id', '=', request.params.id)
        .where('user_id', '=', identityOf(request).id)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound();
      return { message: 'Security key deleted.' };
    },
  );
};
