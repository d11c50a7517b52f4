import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { parseId } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { findRecord } from '../../resources/recordQuery';
import { deviceOneTimeFees } from './deviceFeesResource';

/**
 * GET /devices/{id}/one-time-fees (the Charges card, spec 000 sections 2.5 and 7: page 1, 100 per
 * page): a list like any other, of a device the caller may read (else 404).
 */
export async function deviceFeesRoute(app: FastifyInstance) {
  app.get('/devices/:id/one-time-fees', { onRequest: app.authenticate, schema: { tags: ['devices'] } }, async (request, reply) => {
    const caller = callerFor(request, devices, 'read');
    const id = parseId((request.params as { id?: string }).id ?? '', 'id');
    if (!(await findRecord(app.db, devices, caller.access, id))) throw notFound();
    return listRecords(app, deviceOneTimeFees, request, reply, { ref: 't.device_id', id });
  });
}
