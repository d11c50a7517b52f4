import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { testDeviceSchema } from '../../../../schemas/payloads/testDevice';
import { testMeasurementSchema } from '../../../../schemas/payloads/testMeasurement';
import { forbidden } from '../../errors';
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
 * testing/add-device-observation, for superadmins only (403 for anyone else). In production
 * they do not exist at all (404), like the page (spec 000 section 2.1).
 */
export const testingRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  if (app.config.environment === 'production') return;
  app.addHook('onRequest', app.authenticate);
  // A role, not a permission key: the page is the superadmin's whatever the permission table says.
  app.addHook('preValidation', async (request) => {
    if (identityOf(request).role !== 'superadmin') throw forbidden();
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
    const patient = await findTestPatient(app.db, callerFor(request, patients, 'read').access, body);
    const activity = await withTransaction(app.db, (trx) => addTestMeasurement(trx, { request, caller, deviceCaller, patient, body }), deviceActivities);
    return reply.code(201).send(activity);
  });
};
