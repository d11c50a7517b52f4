import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { healthResponse, rootResponse } from '../../../schemas/payloads/health';
import { pingDatabase } from '../services/databaseHealth';
import { APP_VERSION } from '../version';

/** `GET /api/` (is_demo) and `GET /api/health` (readiness, including the database). */
export const healthRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const root = async () => ({ is_demo: app.config.isDemo, version: APP_VERSION, environment: app.config.environment });
  app.get('/', { schema: { tags: ['session'], security: [], response: { 200: rootResponse } } }, root);

  app.get('/health', { schema: { tags: ['operations'], security: [], response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
    try {
      await pingDatabase(app.database);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).header('retry-after', '5').send({ status: 'unavailable', database: 'unreachable' });
    }
  });
};
