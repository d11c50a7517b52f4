import type { FastifyInstance } from 'fastify';
import { deviceActionBodySchema, type DeviceActionBody } from '../../../../schemas/payloads/deviceActions';
import { notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { parseId } from '../../resources/ids';
import { inTransaction } from '../../resources/recordHandlers';
import { applyDeviceAction } from '../../services/deviceActions';
import { lockDevices } from '../../services/deviceRecords';

/**
 * PUT and PATCH /devices/{id} with an update_action and its fields (spec 000 sections 4.1 and 7):
 * the only way a device changes. Needs devices.update; a device out of reach is 404.
 */
export async function deviceActionRoute(app: FastifyInstance) {
  app.route({
    method: ['PUT', 'PATCH'],
    url: '/devices/:id',
    onRequest: app.authenticate,
    schema: { tags: ['devices'], body: deviceActionBodySchema },
    handler: async (request) => {
      const caller = callerFor(request, devices, 'update');
      const id = parseId((request.params as { id?: string }).id ?? '', 'id');
      return inTransaction(app.db, devices, async (trx) => {
        const [device] = await lockDevices(trx, caller.access, [id]);
        if (!device) throw notFound();
        return applyDeviceAction({ trx, request, caller, at: ['body'] }, device, request.body as DeviceActionBody);
      });
    },
  });
}
