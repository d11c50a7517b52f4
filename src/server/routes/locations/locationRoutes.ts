import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { scopeOf } from '../../../domain/permissions';
import { forbidden, notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { fromDbError } from '../../resources/dbErrors';
import { devices } from '../../resources/definitions/devices';
import { locations } from '../../resources/definitions/locations';
import { parseId } from '../../resources/ids';
import { findRecord } from '../../resources/recordQuery';
import { locationDeviceCounts } from './locationDetails';
import { moveLocation } from './moveLocation';

const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const setOwnerBody = {
  type: 'object',
  properties: { tenant_id: { type: 'integer', minimum: 1 } },
  required: ['tenant_id'],
  additionalProperties: false,
} as const;

/**
 * The location calls beyond the engine's CRUD (spec 002 section 7 "Locations"): the details with
 * device counts, and set-owner. Reach, permissions and audit come from the resource engine.
 */
export const locationRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/locations/:id/details', { schema: { tags: ['locations'], params: idParams } }, async (request) => {
    const id = parseId(request.params.id, 'id');
    const location = await findRecord(app.db, locations, callerFor(request, locations, 'read').access, id);
    if (!location) throw notFound();
    return { ...location, ...(await locationDeviceCounts(app.db, callerFor(request, devices, 'list').access, id)) };
  });

  app.patch('/locations/:id/set-owner', { schema: { tags: ['locations'], params: idParams, body: setOwnerBody } }, async (request) => {
    const id = parseId(request.params.id, 'id');
    const caller = callerFor(request, locations, 'update');
    // Spec 002 section 6: {resource}.set_owner; moving between providers is for callers who reach them all.
    if (!locations.setOwnerKey || scopeOf(caller.identity.role, locations.setOwnerKey) !== 'all') throw forbidden();
    try {
      return await app.db.transaction().execute(async (trx) => {
        const location = await findRecord(trx, locations, caller.access, id);
        if (!location) throw notFound();
        await moveLocation(trx, { request, caller, location, tenantId: request.body.tenant_id });
        return findRecord(trx, locations, caller.access, id);
      });
    } catch (error) {
      throw fromDbError(error, locations);
    }
  });
};
