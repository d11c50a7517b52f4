import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '../version';

const rootResponse = {
  type: 'object',
  properties: { is_demo: { type: 'boolean' }, version: { type: 'string' }, environment: { type: 'string' } },
  required: ['is_demo', 'version', 'environment'],
} as const;

/** `GET /api/` (is_demo) and `GET /api/health` (readiness, including the database). */
export async function healthRoutes(app: FastifyInstance) {
  const root = async () => ({ is_demo: app.config.isDemo, version: APP_VERSION, environment: app.config.environment });
  app.get('/', { schema: { tags: ['session'], security: [], response: { 200: rootResponse } } }, root);

  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        security: [],
        response: {
          200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } },
          503: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', database: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}
