import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { deviceActionBodySchema, type ActionBodyOptions } from '../../../../schemas/payloads/deviceActions';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { applyDeviceActionById } from '../../services/deviceActions';

/**
 * PUT and PATCH /devices/{id} with an update_action and its fields (spec 000 sections 4.1 and 7):
 * the only way a device changes. Needs devices.update; a device out of reach is 404.
 */
export const deviceActionRoute: FastifyPluginAsyncJsonSchemaToTs<ActionBodyOptions> = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/devices/:id',
    schema: { tags: ['devices'], params: idParams, body: deviceActionBodySchema },
    handler: async (request) => {
      const caller = callerFor(request, devices, 'update');
      return withTransaction(app.db, (trx) => applyDeviceActionById({ trx, request, caller, at: ['body'] }, request.params.id, request.body), devices);
    },
  });
};
