import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { parseId } from '../../resources/ids';
import { canBeConsentedAnswer, consentedToActiveProgress, recheckConsentedToActive } from './enrollmentProgress';
import * as s from './schemas';
import { unenrollPatient } from './unenrollPatient';
import { updatePatientStatus } from './updatePatientStatus';

const tags = ['patient-status'];
const idOf = (params: unknown) => parseId((params as { id?: string }).id ?? '', 'id');

/**
 * Patient enrolment and status (spec 001 section 7, "Patients and queues"): the status dialog and
 * Mark consented, Unenroll, the two enrolment checks and Recheck. The rules are src/domain's
 * patient status machine; the tenancy, permissions and audit are the resource engine's. See README.md.
 */
export const patientStatusRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/patients/:id/status', { schema: { tags, body: s.statusBody } }, (request) => updatePatientStatus(app, request, idOf(request.params), request.body));
  app.post('/patients/:id/unenroll', { schema: { tags, body: s.unenrollBody } }, (request) => unenrollPatient(app, request, idOf(request.params), request.body));
  app.get('/patients/:id/can-be-consented', { schema: { tags, response: { 200: s.canBeConsentedAnswer } } }, (request) =>
    canBeConsentedAnswer(app, request, idOf(request.params)),
  );
  app.get('/patients/:id/consented-to-active-progress', { schema: { tags, response: { 200: s.consentedToActiveProgressAnswer } } }, (request) =>
    consentedToActiveProgress(app, request, idOf(request.params)),
  );
  app.post('/patients/:id/check-consented-to-active-status', { schema: { tags, response: { 200: s.recheckAnswer } } }, (request) =>
    recheckConsentedToActive(app, request, idOf(request.params)),
  );
};
