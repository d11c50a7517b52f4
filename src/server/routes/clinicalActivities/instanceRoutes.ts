import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import * as s from '../../../../schemas/payloads/clinicalActivityInstances';
import type { ActivityData } from '../../../domain/clinicalActivities';
import { scopeOf } from '../../../domain/permissions';
import { invalid, notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { BODY_LIMITS } from '../../plugins/requestBounds';
import { callerFor, callerWithPermission } from '../../resources/caller';
import { clinicalActivityInstances as runs } from '../../resources/definitions/clinicalActivityInstances';
import { patients } from '../../resources/definitions/patients';
import { parseJsonObject } from '../../resources/filterQuery';
import { parsePathIds } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { visibleRows } from '../../resources/recordQuery';
import { withTransaction } from '../../resources/transaction';
import { availableActivities } from '../../services/clinicalActivities/availability';
import { completeRun } from '../../services/clinicalActivities/completion';
import { approveRun, rejectRun } from '../../services/clinicalActivities/review';
import { readRun, withRunSummaries } from '../../services/clinicalActivities/runRecords';
import { deleteRun, saveRun, startRun } from '../../services/clinicalActivities/runs';

const tags = ['clinical-activity-instances'];

/**
 * clinical-activities/available and the runs' calls (spec 001 section 7 "Clinical activities"; 002
 * section 7 "Clinical activity instances"; README.md "Runs"). Reach, fields, filters and audit are
 * the resource engine's (definitions/clinicalActivityInstances.ts); the rules are the services'
 * (services/clinicalActivities/) over the domain's (src/domain/clinicalActivities/).
 */
export const instanceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/clinical-activities/available', { schema: { tags, querystring: s.availableQuery } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'clinical_activities.list');
    const { skip, limit } = request.query;
    const { entries, total } = await availableActivities(app.db, request, caller, patientIdsOf(request.query), { skip, limit });
    const span = entries.length ? `${String(skip)}-${String(skip + entries.length - 1)}` : '*';
    return reply
      .header('content-range', `clinical-activities/available ${span}/${String(total)}`)
      .header('access-control-expose-headers', 'Content-Range')
      .send(entries);
  });

  // Lists and reads: the engine's, plus each run's duration and completion share (and on a read, its template).
  app.get('/clinical-activity-instances', { schema: { tags } }, async (request, reply) =>
    withRunSummaries(app.db, await listRecords(app, runs, request, reply)),
  );
  app.get('/patients/:patient_id/clinical-activity-instances', { schema: { tags, params: s.patientParams } }, async (request, reply) => {
    await requireVisiblePatient(request, request.params.patient_id);
    return withRunSummaries(app.db, await listRecords(app, runs, request, reply, { ref: 't.patient_id', id: request.params.patient_id }));
  });
  app.get('/clinical-activity-instances/:id', { schema: { tags, params: s.idParams } }, (request) =>
    readRun(app.db, request, callerFor(request, runs, 'read'), request.params.id),
  );
  app.get('/patients/:patient_id/clinical-activity-instances/:id', { schema: { tags, params: s.patientRunParams } }, async (request) => {
    await requireVisiblePatient(request, request.params.patient_id);
    return readRun(app.db, request, callerFor(request, runs, 'read'), request.params.id, request.params.patient_id);
  });

  app.post('/clinical-activity-instances', { bodyLimit: BODY_LIMITS.record, schema: { tags, body: s.startRunBody } }, async (request, reply) => {
    const caller = callerFor(request, runs, 'create');
    const { run, created } = await withTransaction(app.db, (trx) => startRun({ trx, request, caller }, request.body), runs);
    return reply.code(created ? 201 : 200).send(run);
  });

  app.put('/clinical-activity-instances/:id', { bodyLimit: BODY_LIMITS.record, schema: { tags, params: s.idParams, body: s.runDataBody } }, async (request) => {
    const caller = callerFor(request, runs, 'update');
    const data = request.body.data_json as Partial<ActivityData>;
    return withTransaction(app.db, (trx) => saveRun({ trx, request, caller }, request.params.id, data), runs);
  });

  app.post(
    '/clinical-activity-instances/:id/complete',
    { bodyLimit: BODY_LIMITS.record, schema: { tags, params: s.idParams, body: s.runDataBody } },
    async (request) => {
      const caller = callerFor(request, runs, 'update');
      const data = request.body.data_json as Partial<ActivityData>;
      return withTransaction(app.db, (trx) => completeRun({ trx, request, caller }, request.params.id, data), runs);
    },
  );

  app.delete('/clinical-activity-instances/:id', { schema: { tags, params: s.idParams } }, async (request) => {
    // Spec 002 section 6: deleting any run needs clinical_activities.delete with .approve; else one's own draft (the create key).
    const { role } = identityOf(request);
    const reviewer = scopeOf(role, 'clinical_activities.delete') !== undefined && scopeOf(role, 'clinical_activities.approve') !== undefined;
    const caller = reviewer ? callerWithPermission(request, 'clinical_activities.delete') : callerFor(request, runs, 'delete');
    return withTransaction(app.db, (trx) => deleteRun({ trx, request, caller }, request.params.id, reviewer), runs);
  });

  app.post('/clinical-activity-instances/:id/approve', { schema: { tags, params: s.idParams, body: s.approveRunBody } }, async (request) => {
    const caller = callerWithPermission(request, 'clinical_activities.approve');
    const overrides = request.body.time_overrides ?? {};
    return withTransaction(app.db, (trx) => approveRun({ trx, request, caller }, request.params.id, overrides), runs);
  });

  app.post('/clinical-activity-instances/:id/reject', { schema: { tags, params: s.idParams, body: s.rejectRunBody } }, async (request) => {
    const caller = callerWithPermission(request, 'clinical_activities.approve');
    return withTransaction(app.db, (trx) => rejectRun({ trx, request, caller }, request.params.id, request.body.reason), runs);
  });

  /** A patient-scoped path needs a patient the caller reaches with its clinical activity permission; otherwise 404, as for the patient itself. */
  async function requireVisiblePatient(request: FastifyRequest, patientId: number) {
    const caller = callerFor(request, runs, 'list');
    const found = await visibleRows(app.db, patients, caller.access, (eb) => eb('t.id', '=', patientId))
      .select('t.id')
      .executeTakeFirst();
    if (!found) throw notFound();
  }
};

/** The patients asked about: `patient_id`, and/or the list's `meta.patient_ids` (how the console's data provider sends a list's meta). */
function patientIdsOf(query: { patient_id?: number; meta?: string }): number[] {
  const ids = query.patient_id === undefined ? [] : [query.patient_id];
  if (query.meta !== undefined) {
    const listed = parseJsonObject(query.meta, 'meta').patient_ids;
    const loc = ['query', 'meta', 'patient_ids'];
    if (listed !== undefined && listed !== null) {
      const valid = Array.isArray(listed) && listed.every((id) => Number.isInteger(id) && (id as number) >= 1 && (id as number) <= 2_147_483_647);
      if (!valid) throw invalid(loc, 'Input should be a list of patient ids', 'list_type');
      if (listed.length > s.RUN_LIMITS.patients) throw invalid(loc, `At most ${String(s.RUN_LIMITS.patients)} patients`, 'too_long');
      ids.push(...(listed as number[]));
    }
  }
  if (ids.length === 0) throw invalid(['query', 'patient_id'], 'Field required', 'missing');
  return ids;
}
