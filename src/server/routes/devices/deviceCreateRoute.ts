import type { FastifyInstance } from 'fastify';
import { deviceSchema } from '../../../../schemas/entities/device';
import { DEVICE_STATUSES } from '../../../domain/enums';
import { callerFor } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { devices } from '../../resources/definitions/devices';
import { inTransaction } from '../../resources/recordHandlers';
import { writeSchemaOf } from '../../resources/writeSchema';
import { createDevice } from '../../services/deviceCreation';

const entityBody = writeSchemaOf(deviceSchema, 'create', ['tenant_id']);
/** The entity's writable fields; a null status (the Tenovi form once received) lets the server decide. */
const createBody = { ...entityBody, properties: { ...entityBody.properties, status: { type: ['string', 'null'], enum: [...DEVICE_STATUSES, null] } } };

/** POST /devices: one device, from the single-device form or the Tenovi gateway form (spec 000 sections 4.1 and 5). 201 with the device. */
export async function deviceCreateRoute(app: FastifyInstance) {
  app.post('/devices', { onRequest: app.authenticate, schema: { tags: ['devices'], body: createBody } }, async (request, reply) => {
    const caller = callerFor(request, devices, 'create');
    const device = await inTransaction(app.db, devices, (trx) => createDevice({ trx, request, caller, at: ['body'] }, request.body as Values));
    return reply.code(201).send(device);
  });
}
