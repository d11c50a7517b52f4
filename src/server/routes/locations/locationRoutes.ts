import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { setOwnerBody } from '../../../../schemas/payloads/locations';
import { callerFor, callerWithPermission } from '../../resources/caller';
import { locations } from '../../resources/definitions/locations';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { locationDetails } from '../../services/locations/locationDetails';
import { setLocationOwner } from '../../services/locations/setLocationOwner';

/**
 * The location calls beyond the engine's CRUD (spec 002 section 7 "Locations"): the details with
 * device counts, and set-owner. Reach, permissions and audit come from the resource engine.
 */
export const locationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/locations/:id/details', { schema: { tags: ['locations'], params: idParams } }, (request) => locationDetails(app.db, request, request.params.id));

  app.patch('/locations/:id/set-owner', { schema: { tags: ['locations'], params: idParams, body: setOwnerBody } }, async (request) => {
    const caller = callerFor(request, locations, 'update');
    // Spec 002 section 6: {resource}.set_owner; moving between providers is for callers who reach them all.
    callerWithPermission(request, 'locations.set_owner', { reach: 'all' });
    return withTransaction(
      app.db,
      (trx) => setLocationOwner(trx, { request, caller, locationId: request.params.id, tenantId: request.body.tenant_id }),
      locations,
    );
  });
};
