import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { deviceCreationSchema } from '../../../../schemas/payloads/deviceCreation';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { withTransaction } from '../../resources/transaction';
import { createDevice } from '../../services/deviceCreation';

/** POST /devices: one device, from the single-device form or the Tenovi gateway form (spec 000 sections 4.1 and 5). 201 with the device. */
export const deviceCreateRoute: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/devices', { schema: { tags: ['devices'], body: deviceCreationSchema } }, async (request, reply) => {
    const caller = callerFor(request, devices, 'create');
    const device = await withTransaction(app.db, (trx) => createDevice({ trx, request, caller, at: ['body'] }, request.body), devices);
    return reply.code(201).send(device);
  });
};
