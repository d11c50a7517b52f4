import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { permissionMap } from '../../domain/permissions';
import { identityView } from '../auth/identityView';
import { errorResponse } from '../auth/schemas';
import { updateUserSettings } from '../auth/userSettings';
import { notFound } from '../errors';
import { identityOf } from '../plugins/identity';
import { APP_VERSION } from '../version';
import * as s from './session.schemas';

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

  app.get('/permissions', { schema: { tags: ['session'], response: { 200: s.permissions } } }, async (request) =>
    permissionMap(identityOf(request)),
  );

  app.get(
    '/users/:sub/identity',
    { schema: { tags: ['session'], params: s.identityParams, response: { 200: s.identity, 404: errorResponse } } },
    async (request) => {
      const identity = identityOf(request);
      // Only one's own identity; another id answers like a missing one.
      if (request.params.sub !== identity.id) throw notFound();
      return identityView(app.db, identity);
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/users/settings',
    bodyLimit: 16 * 1024,
    schema: { tags: ['session'], body: s.settingsBody, response: { 200: s.settingsResponse, 422: errorResponse } },
    handler: async (request) => updateUserSettings(app.db, identityOf(request).id, request.body),
  });

  app.get('/attendances/ongoing', { schema: { tags: ['session'], response: { 200: s.ongoingAttendance } } }, async (request) => {
    const open = await app.db
      .selectFrom('attendances')
      .select('id')
      .where('user_id', '=', identityOf(request).id)
      .where('check_out_time', 'is', null)
      .orderBy('check_in_time', 'desc')
      .executeTakeFirst();
    return open ?? null;
  });

  app.get('/feature-flags', { schema: { tags: ['session'], response: { 200: s.featureFlags } } }, async () => {
    const flags = await app.db.selectFrom('feature_flags').select(['key', 'value']).orderBy('key').execute();
    return Object.fromEntries(flags.map((flag) => [flag.key, flag.value]));
  });
};
