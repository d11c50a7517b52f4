import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/medicalHistory';
import { callerWithPermission } from '../../resources/caller';
import { carePlans, medicationStatements } from '../../resources/definitions/medicalHistory';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { clinicalPatient } from '../../services/clinical/clinicalPatient';
import { activateCarePlan, activeCarePlan, carePlanRevisions, createCarePlan, editCarePlan, reviewCarePlan } from '../../services/medicalHistory/carePlans';
import { findTemplates } from '../../services/medicalHistory/carePlanTemplates';
import { setNoKnownAllergies, stopMedication } from '../../services/medicalHistory/historyWrites';

const tags = ['medical history'];

/**
 * The medical history's calls beyond the engine's CRUD (README.md in this folder): a medication's
 * delete (a stop), No Known Allergies, and care plans (templates, the active plan, create, activate,
 * review, edit, revise, revisions). Each reads the patient or the plan through the caller's reach for
 * `patients.queue` (another provider's is 404) and is audited for the patient.
 */
export const medicalHistoryRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);
  const clinicalCaller = (request: Parameters<typeof callerWithPermission>[0]) => callerWithPermission(request, 'patients.queue');

  app.delete('/medication-statements/:id', { schema: { tags, params: s.idParams } }, (request) =>
    withTransaction(app.db, (trx) => stopMedication({ trx, request, caller: clinicalCaller(request) }, request.params.id, undefined), medicationStatements),
  );
  app.delete('/patients/:patient_id/medication-statements/:id', { schema: { tags, params: s.patientRecordParams } }, (request) =>
    withTransaction(
      app.db,
      (trx) => stopMedication({ trx, request, caller: clinicalCaller(request) }, request.params.id, request.params.patient_id),
      medicationStatements,
    ),
  );

  app.post('/patients/:patient_id/allergy-intolerances/no-known-allergies', { schema: { tags, params: s.patientParams } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    return withTransaction(app.db, (trx) => setNoKnownAllergies({ trx, request, caller }, patient));
  });

  app.get('/care-plan-templates', { schema: { tags, querystring: s.templateQuery } }, async (request, reply) => {
    clinicalCaller(request);
    const templates = findTemplates(request.query.filter);
    const span = templates.length ? `0-${String(templates.length - 1)}` : '*';
    return reply
      .header('content-range', `care-plan-templates ${span}/${String(templates.length)}`)
      .header('access-control-expose-headers', 'Content-Range')
      .send(templates);
  });

  app.get('/patients/:patient_id/active-care-plan', { schema: { tags, params: s.patientParams } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    return activeCarePlan(app.db, request, caller, patient.id);
  });

  app.post('/care-plans', { schema: { tags, body: s.carePlanCreateBody } }, async (request, reply) => {
    const caller = clinicalCaller(request);
    const plan = await withTransaction(app.db, (trx) => createCarePlan({ trx, request, caller }, request.body), carePlans);
    return reply.code(201).send(plan);
  });
  app.post('/care-plans/:id/activate', { schema: { tags, params: s.idParams } }, (request) =>
    withTransaction(app.db, (trx) => activateCarePlan({ trx, request, caller: clinicalCaller(request) }, request.params.id), carePlans),
  );
  app.post('/care-plans/:id/review', { schema: { tags, params: s.idParams } }, (request) =>
    withTransaction(app.db, (trx) => reviewCarePlan({ trx, request, caller: clinicalCaller(request) }, request.params.id), carePlans),
  );
  app.put('/care-plans/:id', { schema: { tags, params: s.idParams, body: s.carePlanEditBody } }, (request) =>
    withTransaction(app.db, (trx) => editCarePlan({ trx, request, caller: clinicalCaller(request) }, request.params.id, request.body), carePlans),
  );
  app.post('/care-plans/:id/revise', { schema: { tags, params: s.idParams, body: s.carePlanEditBody } }, (request) =>
    withTransaction(
      app.db,
      (trx) => editCarePlan({ trx, request, caller: clinicalCaller(request) }, request.params.id, request.body, { activeOnly: true }),
      carePlans,
    ),
  );
  app.get('/care-plans/:id/revisions', { schema: { tags, params: s.idParams } }, (request) =>
    carePlanRevisions(app.db, request, clinicalCaller(request), request.params.id),
  );
};
