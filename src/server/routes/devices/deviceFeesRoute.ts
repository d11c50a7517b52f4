import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { deviceOneTimeFees } from '../../resources/definitions/deviceOneTimeFees';
import { devices } from '../../resources/definitions/devices';
import { parsePathIds } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { findRecord } from '../../resources/recordQuery';

/**
 * GET /devices/{id}/one-time-fees (the Charges card, spec 000 sections 2.5 and 7: page 1, 100 per
 * page): a list like any other, of a device the caller may read (else 404).
 */
export const deviceFeesRoute: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/devices/:id/one-time-fees', { schema: { tags: ['devices'], params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await findRecord(app.db, devices, callerFor(request, devices, 'read').access, id))) throw notFound();
    return listRecords(app, deviceOneTimeFees, request, reply, { ref: 't.device_id', id });
  });
};
