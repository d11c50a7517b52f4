import type { FastifyInstance } from 'fastify';
import { deviceBulkUpdateBodySchema, type DeviceBulkUpdateBody } from '../../../../schemas/payloads/deviceActions';
import { deviceBulkCreationSchema, type DeviceBulkCreation } from '../../../../schemas/payloads/deviceCreation';
import { invalid } from '../../errors';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { inTransaction } from '../../resources/recordHandlers';
import { applyBulkDeviceAction } from '../../services/deviceActions';
import { createDevices } from '../../services/deviceCreation';

/**
 * The list's bulk calls (spec 000 sections 2.4 and 7): PUT /devices `{ids, data}` (Mark as
 * Received, Bulk Edit of provider and location; all or nothing) and POST /devices/bulk (devices
 * from a pasted IMEI list: 201 with created_devices and existing_imeis, 200 when every IMEI was in use).
 */
export async function deviceBulkRoutes(app: FastifyInstance) {
  app.put('/devices', { onRequest: app.authenticate, schema: { tags: ['devices'], body: deviceBulkUpdateBodySchema } }, async (request) => {
    const caller = callerFor(request, devices, 'update');
    const { ids, data } = request.body as DeviceBulkUpdateBody;
    if (data.update_action === 'bulk_update' && data.tenant_id === undefined && data.location_id === undefined) {
      throw invalid(['body', 'data', 'tenant_id'], 'Choose a provider or a location', 'missing');
    }
    return inTransaction(app.db, devices, (trx) => applyBulkDeviceAction({ trx, request, caller, at: ['body', 'data'] }, ids, data));
  });

  app.post('/devices/bulk', { onRequest: app.authenticate, schema: { tags: ['devices'], body: deviceBulkCreationSchema } }, async (request, reply) => {
    const caller = callerFor(request, devices, 'create');
    const answer = await inTransaction(app.db, devices, (trx) => createDevices({ trx, request, caller, at: ['body'] }, request.body as DeviceBulkCreation));
    return reply.code(answer.created_devices.length ? 201 : 200).send(answer);
  });
}
