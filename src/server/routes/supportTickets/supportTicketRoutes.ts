import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { supportTicketCreateBody } from '../../../../schemas/payloads/users';
import { identityOf } from '../../plugins/identity';
import { supportTickets } from '../../resources/definitions/supportTickets';
import { withTransaction } from '../../resources/transaction';
import { raiseSupportTicket } from './raiseSupportTicket';

/**
 * POST support-tickets: a patient raises a ticket from the mobile app (README.md). The one route
 * that accepts a patient's session (`config.patientSession`, plugins/identity.ts); any other
 * caller is refused with 403. Staff list, read and close tickets through the engine
 * (definitions/supportTickets.ts).
 */
export const supportTicketRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/support-tickets',
    {
      config: { patientSession: true },
      schema: {
        tags: ['support-tickets'],
        summary: "Raise a support ticket (a patient's session only)",
        body: supportTicketCreateBody,
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const ticket = await withTransaction(app.db, (trx) => raiseSupportTicket(trx, request, identity, request.body), supportTickets);
      return reply.code(201).send(ticket);
    },
  );
};
