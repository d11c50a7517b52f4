import type { FastifyInstance } from 'fastify';
import { sharedDeviceAssignmentSchema, type SharedDeviceAssignment } from '../../../../schemas/payloads/sharedDeviceAssignment';
import { callerFor } from '../../resources/caller';
import { devices } from '../../resources/definitions/devices';
import { patients } from '../../resources/definitions/patients';
import { parseId } from '../../resources/ids';
import { inTransaction } from '../../resources/recordHandlers';
import { assignSharedDevice, listSharedDevices } from '../../services/sharedDevices';

/**
 * Shared devices on the patient record (spec 001 section 7, "Patient record"): POST
 * devices/assign-shared-device {device_id, patient_id} links a shared device to a patient (201, or
 * 200 when the link is renewed), GET patients/{id}/assigned-shared-devices lists the links. Linking
 * is a change to the patient's record (patients.update) with a device the caller reaches (devices.read).
 */
export async function sharedDeviceRoutes(app: FastifyInstance) {
  app.post('/devices/assign-shared-device', { onRequest: app.authenticate, schema: { tags: ['devices'], body: sharedDeviceAssignmentSchema } }, async (request, reply) => {
    const callers = { patient: callerFor(request, patients, 'update'), device: callerFor(request, devices, 'read') };
    const { device, created } = await inTransaction(app.db, devices, (trx) => assignSharedDevice(trx, request, callers, request.body as SharedDeviceAssignment));
    return reply.code(created ? 201 : 200).send(device);
  });

  app.get('/patients/:id/assigned-shared-devices', { onRequest: app.authenticate, schema: { tags: ['devices'] } }, async (request, reply) => {
    const patientId = parseId((request.params as { id: string }).id, 'id');
    const callers = { patient: callerFor(request, patients, 'read'), device: callerFor(request, devices, 'list') };
    const linked = await listSharedDevices(app.db, request, callers, patientId);
    reply.header('content-range', `assigned-shared-devices ${linked.length ? `0-${linked.length - 1}` : '*'}/${linked.length}`);
    reply.header('access-control-expose-headers', 'Content-Range');
    return linked;
  });
}
