import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { identity, permissions } from '../../../schemas/identity';
import { errorResponse } from '../../../schemas/payloads/common';
import * as s from '../../../schemas/payloads/session';
import { permissionMap } from '../../domain/permissions';
import { identityView } from '../auth/identityView';
import { updateUserSettings } from '../auth/userSettings';
import { notFound } from '../errors';
import { identityOf } from '../plugins/identity';
import { ongoingAttendance } from '../services/attendance/ongoing';
import { featureFlags } from '../services/featureFlags';
import { APP_VERSION } from '../version';

/**
 * The calls the console makes around a session (spec 000 section 7 "Session and identity"):
 * permissions, identity, preferences, open attendance, feature flags, the deployed version.
 * GET /providers/{id} of the same table is served by the resource engine (tenancy in one place).
 */
export const sessionRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  // The version poll needs no session: it must work while the sign-in page is open.
  app.get('/signature.json', { schema: { tags: ['session'], security: [], response: { 200: s.signature } } }, async () => ({
    version: APP_VERSION,
  }));
  await app.register(signedInRoutes);
};

const signedInRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/permissions', { schema: { tags: ['session'], response: { 200: permissions } } }, async (request) => permissionMap(identityOf(request)));

  app.get(
    '/users/:sub/identity',
    { schema: { tags: ['session'], params: s.identityParams, response: { 200: identity, 404: errorResponse } } },
    async (request) => {
      const caller = identityOf(request);
      // Only one's own identity; another id answers like a missing one.
      if (request.params.sub !== caller.id) throw notFound();
      return identityView(app.db, caller);
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/users/settings',
    bodyLimit: 16 * 1024,
    schema: { tags: ['session'], body: s.settingsBody, response: { 200: s.settingsResponse, 422: errorResponse } },
    handler: async (request) => updateUserSettings(app.db, identityOf(request).id, request.body),
  });

  app.get('/attendances/ongoing', { schema: { tags: ['session'], response: { 200: s.ongoingAttendance } } }, async (request) =>
    ongoingAttendance(app.db, identityOf(request).id),
  );

  app.get('/feature-flags', { schema: { tags: ['session'], response: { 200: s.featureFlags } } }, async () => featureFlags(app.db));
};
