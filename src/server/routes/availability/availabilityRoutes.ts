import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { availabilityCreateBody, availabilityDeleteBody, availabilityListQuery, availabilityUpdateBody } from '../../../../schemas/payloads/availability';
import { idParams } from '../../../../schemas/payloads/common';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { listAvailability } from '../../services/availability/listAvailability';
import { createAvailability, deleteAvailability, updateAvailability } from '../../services/availability/writeAvailability';

const tags = ['availability'];

/**
 * The availability calendar's calls (spec 002 sections 3, 4, 7 and 9; README.md beside this file):
 * the occurrences of a window of days, a new slot or series, an edit and a deletion in a scope.
 * availabilities.list / create / update: `all` reaches every user (tenant_scoped internal users: their
 * providers' users and the operator's), `own` the caller's own slots. Deleting needs availabilities.update.
 */
export const availabilityRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/availability', { schema: { tags, querystring: availabilityListQuery } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'availabilities.list');
    const { total, skip, page } = await listAvailability(app.db, caller, request.query);
    const span = page.length ? `${skip}-${skip + page.length - 1}` : '*';
    return reply.header('content-range', `availability ${span}/${total}`).header('access-control-expose-headers', 'Content-Range').send(page);
  });

  app.post('/availability', { schema: { tags, body: availabilityCreateBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'availabilities.create');
    const row = await withTransaction(app.db, (trx) => createAvailability(trx, request, caller, request.body));
    return reply.code(201).send(row);
  });

  app.put('/availability/:id', { schema: { tags, params: idParams, body: availabilityUpdateBody } }, async (request) => {
    const caller = callerWithPermission(request, 'availabilities.update');
    return withTransaction(app.db, (trx) => updateAvailability(trx, request, caller, request.params.id, request.body));
  });

  app.post('/availability/:id/delete', { schema: { tags, params: idParams, body: availabilityDeleteBody } }, async (request) => {
    const caller = callerWithPermission(request, 'availabilities.update');
    await withTransaction(app.db, (trx) => deleteAvailability(trx, request, caller, request.params.id, request.body));
    return { message: 'Availability deleted' };
  });
};
