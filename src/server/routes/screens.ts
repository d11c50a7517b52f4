import type { FastifyInstance } from 'fastify';
import { effectiveScreens, loadScreenCatalog } from '../screens/screenCatalog';

/**
 * `GET /api/screens` (signed in): the effective screen definitions, one per id (DESIGN.md
 * section 3). The console bundles the files too and takes a served definition only when it is
 * newer than its own and passes its checks, so this call never delays a first paint.
 */
export async function screenRoutes(app: FastifyInstance) {
  const catalog = loadScreenCatalog();
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/screens',
    {
      schema: {
        tags: ['session'],
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true, required: ['id', 'version'] } } },
      },
    },
    async (request) =>
      effectiveScreens(app.db, catalog, (screenId, version, problems) =>
        request.log.warn({ screenId, version, problems }, 'published screen definition skipped: it does not pass the meta-schema'),
      ),
  );
}
