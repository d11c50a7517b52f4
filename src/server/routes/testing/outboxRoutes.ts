import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponse } from '../../../../schemas/payloads/common';
import { forbidden } from '../../errors';
import { identityOf } from '../../plugins/identity';

const outboxQuery = {
  type: 'object',
  properties: { to: { type: 'string', minLength: 3, maxLength: 320 } },
  required: ['to'],
  additionalProperties: false,
} as const;

const outboxMail = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'to', 'subject', 'text', 'created_at'],
  additionalProperties: false,
} as const;

/**
 * GET testing/outbox?to= (README.md here): the last 20 mails of the outbox to one address, newest
 * first, so that an end-to-end test can follow a mailed link (an e-sign request's). Mails carry
 * live links and codes: the route exists only in a demo or development server (never in production
 * or a bare test server) and answers only a superadmin (403 for anyone else).
 */
export const outboxRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  if (app.config.environment === 'production' || !(app.config.isDemo || app.config.environment === 'development')) return;
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', async (request) => {
    if (identityOf(request).role !== 'superadmin') throw forbidden();
  });
  app.get(
    '/testing/outbox',
    {
      schema: {
        tags: ['testing'],
        summary: 'The last mails to an address (demo and development only)',
        querystring: outboxQuery,
        response: { 200: { type: 'array', items: outboxMail }, 403: errorResponse },
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('outbox_emails')
        .select(['id', 'to_address', 'subject', 'body_text', 'created_at'])
        .where((eb) => eb(eb.fn('lower', ['to_address']), '=', request.query.to.trim().toLowerCase()))
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.body_text, created_at: new Date(r.created_at).toISOString() }));
    },
  );
};
