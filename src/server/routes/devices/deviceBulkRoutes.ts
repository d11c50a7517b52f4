import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { deviceBulkUpdateBodySchema, type ActionBodyOptions } from '../../../../schemas/payloads/deviceActions';
import { deviceBulkCreationSchema } from '../../../../schemas/payloads/deviceCreation';
import { invalid } from '../../errors';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { withTransaction } from '../../resources/transaction';
import { applyBulkDeviceAction } from '../../services/deviceActions';
import { createDevices } from '../../services/deviceCreation';

/**
 * The list's bulk calls (spec 000 sections 2.4 and 7): PUT /devices `{ids, data}` (Mark as
 * Received, Bulk Edit of provider and location; all or nothing) and POST /devices/bulk (devices
 * from a pasted IMEI list: 201 with created_devices and existing_imeis, 200 when every IMEI was in use).
 */
export const deviceBulkRoutes: FastifyPluginAsyncJsonSchemaToTs<ActionBodyOptions> = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.put('/devices', { schema: { tags: ['devices'], body: deviceBulkUpdateBodySchema } }, async (request) => {
    const caller = callerFor(request, devices, 'update');
    const { ids, data } = request.body;
    if (data.update_action === 'bulk_update' && data.tenant_id === undefined && data.location_id === undefined) {
      throw invalid(['body', 'data', 'tenant_id'], 'Choose a provider or a location', 'missing');
    }
    return withTransaction(app.db, (trx) => applyBulkDeviceAction({ trx, request, caller, at: ['body', 'data'] }, ids, data), devices);
  });

  app.post('/devices/bulk', { schema: { tags: ['devices'], body: deviceBulkCreationSchema } }, async (request, reply) => {
    const caller = callerFor(request, devices, 'create');
    const answer = await withTransaction(app.db, (trx) => createDevices({ trx, request, caller, at: ['body'] }, request.body), devices);
    return reply.code(answer.created_devices.length ? 201 : 200).send(answer);
  });
};
