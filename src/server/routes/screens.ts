import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { screensResponse } from '../../../schemas/payloads/screens';
import { effectiveScreens, loadScreenCatalog } from '../screens/screenCatalog';

/**
 * `GET /api/screens` (signed in): the effective screen definitions, one per id (docs/DESIGN.md
 * section 3). The console bundles the files too and takes a served definition only when it is
 * newer than its own and passes its checks, so this call never delays a first paint.
 */
export const screenRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const catalog = loadScreenCatalog();
  app.addHook('onRequest', app.authenticate);
  app.get('/screens', { schema: { tags: ['session'], response: { 200: screensResponse } } }, async (request) =>
    effectiveScreens(app.db, catalog, (screenId, version, problems) =>
      request.log.warn({ screenId, version, problems }, 'published screen definition skipped: it does not pass the meta-schema'),
    ),
  );
};
