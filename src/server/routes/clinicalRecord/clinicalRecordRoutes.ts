import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/clinicalRecord';
import { forbidden } from '../../errors';
import { auditPatients } from '../../resources/audit';
import { callerWithPermission } from '../../resources/caller';
import { assessmentRuns } from '../../resources/definitions/assessmentRuns';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { markEnteredInError, runsSummary, submitAssessment } from '../../services/clinical/assessments';
import { clinicalPatient } from '../../services/clinical/clinicalPatient';
import { readChart } from '../../services/clinical/readChart';
import { createPatientSummary } from '../../services/clinical/summaries/createPatientSummary';
import { symptomSummary } from '../../services/clinical/symptomSummary';

const tags = ['clinical record'];

/**
 * The clinical record's calls beyond the engine's lists (spec 001 section 7, "Patient record";
 * README.md in this folder): charts, the symptoms grid, assessments and their runs' summary and
 * entered-in-error, and AI summaries. Every one reads the patient through the caller's reach for
 * `patients.queue` (another provider's patient is 404) and is audited for the patient.
 */
export const clinicalRecordRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);
  const clinicalCaller = (request: Parameters<typeof callerWithPermission>[0]) => callerWithPermission(request, 'patients.queue');

  app.get('/patients/:patient_id/charts/:measure', { schema: { tags, params: s.chartParams, querystring: s.chartQuery } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    const chart = await readChart(app.db, patient, request.params.measure, request.query);
    await auditPatients(app.db, {
      request,
      identity: caller.identity,
      resource: 'charts',
      action: 'read',
      tenantId: patient.tenant_id,
      records: [{ patientId: patient.id, recordId: request.params.measure }],
    });
    return chart;
  });

  app.get('/patients/:patient_id/conditions/summary', { schema: { tags, params: s.patientParams, querystring: s.symptomSummaryQuery } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    const summary = await symptomSummary(app.db, patient, request.query.timeframe ?? 'week');
    await auditPatients(app.db, {
      request,
      identity: caller.identity,
      resource: 'conditions/summary',
      action: 'read',
      tenantId: patient.tenant_id,
      records: [{ patientId: patient.id, recordId: summary.timeframe }],
    });
    return summary;
  });

  app.post('/patients/:patient_id/assessments', { schema: { tags, params: s.patientParams, body: s.assessmentBody } }, async (request, reply) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    const run = await withTransaction(app.db, (trx) => submitAssessment(trx, request, caller, patient, request.body), assessmentRuns);
    return reply.code(201).send(run);
  });

  app.get('/patients/:patient_id/runs/summary', { schema: { tags, params: s.patientParams } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    return runsSummary(app.db, request, caller, patient);
  });

  app.post('/patients/:patient_id/runs/:id/entered-in-error', { schema: { tags, params: s.runParams } }, async (request) => {
    const caller = clinicalCaller(request);
    const patient = await clinicalPatient(app.db, caller, request.params.patient_id);
    return withTransaction(app.db, (trx) => markEnteredInError(trx, request, caller, patient.id, request.params.id), assessmentRuns);
  });

  app.get('/foundation-model-responses/summary-enabled', { schema: { tags, querystring: s.summaryEnabledQuery } }, async (request) => {
    const patient = await clinicalPatient(app.db, clinicalCaller(request), request.query.patient_id);
    return { enabled: patient.llm_summary_enabled };
  });

  app.post('/foundation-model-responses/patient-summary', { schema: { tags, body: s.patientSummaryBody } }, async (request, reply) => {
    const caller = clinicalCaller(request);
    // Spec 001 section 2: the ai-summaries tab is internal users' only.
    if (!caller.identity.is_internal) throw forbidden('Only internal users can do this');
    const patient = await clinicalPatient(app.db, caller, request.body.patient_id);
    const summary = await createPatientSummary(app.db, request, caller, patient, request.body, app.summariser);
    return reply.code(201).send(summary);
  });
};
