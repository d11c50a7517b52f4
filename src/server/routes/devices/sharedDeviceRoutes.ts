import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { sharedDeviceAssignmentSchema } from '../../../../schemas/payloads/sharedDeviceAssignment';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { patients } from '../../resources/definitions/patients';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { assignSharedDevice, listSharedDevices } from '../../services/sharedDevices';

/**
 * Shared devices on the patient record (spec 001 section 7, "Patient record"): POST
 * devices/assign-shared-device {device_id, patient_id} links a shared device to a patient (201, or
 * 200 when the link is renewed), GET patients/{id}/assigned-shared-devices lists the links. Linking
 * is a change to the patient's record (patients.update) with a device the caller reaches (devices.read).
 */
export const sharedDeviceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.post('/devices/assign-shared-device', { schema: { tags: ['devices'], body: sharedDeviceAssignmentSchema } }, async (request, reply) => {
    const callers = { patient: callerFor(request, patients, 'update'), device: callerFor(request, devices, 'read') };
    const { device, created } = await withTransaction(app.db, (trx) => assignSharedDevice(trx, request, callers, request.body), devices);
    return reply.code(created ? 201 : 200).send(device);
  });

  app.get('/patients/:id/assigned-shared-devices', { schema: { tags: ['devices'], params: idParams } }, async (request, reply) => {
    const callers = { patient: callerFor(request, patients, 'read'), device: callerFor(request, devices, 'list') };
    const linked = await listSharedDevices(app.db, request, callers, request.params.id);
    reply.header('content-range', `assigned-shared-devices ${linked.length ? `0-${linked.length - 1}` : '*'}/${linked.length}`);
    reply.header('access-control-expose-headers', 'Content-Range');
    return linked;
  });
};
