import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import * as s from '../../../../schemas/payloads/patientStatus';
import { patients } from '../../resources/definitions/patients';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { canBeConsentedAnswer, consentedToActiveProgress, recheckConsentedToActive } from '../../services/patientStatus/enrollmentProgress';
import { unenrollPatient } from '../../services/patientStatus/unenrollPatient';
import { updatePatientStatus } from '../../services/patientStatus/updatePatientStatus';

const tags = ['patient-status'];

/**
 * Patient enrolment and status (spec 001 section 7, "Patients and queues"): the status dialog and
 * Mark consented, Unenroll, the two enrolment checks and Recheck. The rules are src/domain's
 * patient status machine, the writes services/patientStatus/; the tenancy, permissions and audit
 * are the resource engine's. See README.md.
 */
export const patientStatusRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.post('/patients/:id/status', { schema: { tags, params: idParams, body: s.statusBody } }, (request) =>
    withTransaction(app.db, (trx) => updatePatientStatus(trx, request, request.params.id, request.body), patients),
  );
  app.post('/patients/:id/unenroll', { schema: { tags, params: idParams, body: s.unenrollBody } }, (request) =>
    withTransaction(app.db, (trx) => unenrollPatient(trx, request, request.params.id, request.body), patients),
  );
  app.get('/patients/:id/can-be-consented', { schema: { tags, params: idParams, response: { 200: s.canBeConsentedAnswer } } }, (request) =>
    canBeConsentedAnswer(app.db, request, request.params.id),
  );
  app.get(
    '/patients/:id/consented-to-active-progress',
    { schema: { tags, params: idParams, response: { 200: s.consentedToActiveProgressAnswer } } },
    (request) => consentedToActiveProgress(app.db, request, request.params.id),
  );
  app.post('/patients/:id/check-consented-to-active-status', { schema: { tags, params: idParams, response: { 200: s.recheckAnswer } } }, (request) =>
    withTransaction(app.db, (trx) => recheckConsentedToActive(trx, request, request.params.id), patients),
  );
};
