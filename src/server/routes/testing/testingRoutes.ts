import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { testDeviceSchema } from '../../../../schemas/payloads/testDevice';
import { testMeasurementSchema } from '../../../../schemas/payloads/testMeasurement';
import { forbidden, HttpError, notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { callerFor } from '../../resources/caller';
import { deviceActivities } from '../../resources/definitions/deviceActivities';
import { devices } from '../../resources/definitions/devices';
import { patients } from '../../resources/definitions/patients';
import { withTransaction } from '../../resources/transaction';
import { addTestDevice } from '../../services/testing/addTestDevice';
import { addTestMeasurement } from '../../services/testing/addTestMeasurement';
import { findTestPatient } from '../../services/testing/findTestPatient';

/**
 * The Testing page's calls (spec 002 sections 2 and 7): POST testing/add-device and POST
 * testing/add-device-observation, for superadmins only (403 for anyone else), except the record's
 * demo measurement (below). In production they do not exist at all (404), like the page (spec 000 section 2.1).
 */
export const testingRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  if (app.config.environment === 'production') return;
  app.addHook('onRequest', app.authenticate);
  // A role, not a permission key: the page is the superadmin's whatever the permission table says.
  // The one exception is the clinical record's demo-measurement tool (spec 001 sections 5 and 7): in a
  // demo or development, add-device-observation for a patient named by id, by whoever may add device
  // events (the handler's callerFor) to a patient they reach (findTestPatient reads it in their scope).
  const recordTool = app.config.isDemo || app.config.environment === 'development';
  app.addHook('preValidation', async (request) => {
    if (identityOf(request).role === 'superadmin') return;
    const body = request.body as { patient_id?: unknown; email?: unknown } | undefined;
    const byRecord = request.routeOptions.url === '/api/testing/add-device-observation' && body?.patient_id !== undefined && body.email === undefined;
    if (!(recordTool && byRecord)) throw forbidden();
  });

  app.post('/testing/add-device', { schema: { tags: ['testing'], body: testDeviceSchema } }, async (request, reply) => {
    const { body } = request;
    const caller = callerFor(request, devices, 'create');
    const patient = await findTestPatient(app.db, callerFor(request, patients, 'read').access, { email: body.email });
    const device = await withTransaction(app.db, (trx) => addTestDevice(trx, { request, caller, patient, body }), devices);
    return reply.code(201).send(device);
  });

  app.post('/testing/add-device-observation', { schema: { tags: ['testing'], body: testMeasurementSchema } }, async (request, reply) => {
    const { body } = request;
    const caller = callerFor(request, deviceActivities, 'create');
    const deviceCaller = callerFor(request, devices, 'read');
    const patientReader = callerFor(request, patients, 'read');
    // The record's tool names the patient it shows: one out of reach is 404, as on every record call.
    const patient =
      identityOf(request).role === 'superadmin'
        ? await findTestPatient(app.db, patientReader.access, body)
        : await findTestPatient(app.db, patientReader.access, body).catch((error: unknown) => {
            throw error instanceof HttpError && error.statusCode === 422 ? notFound() : error;
          });
    const activity = await withTransaction(app.db, (trx) => addTestMeasurement(trx, { request, caller, deviceCaller, patient, body }), deviceActivities);
    return reply.code(201).send(activity);
  });
};
