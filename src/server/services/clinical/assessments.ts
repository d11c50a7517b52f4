import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AssessmentBody } from '../../../../schemas/payloads/clinicalRecord';
import { findQuestionnaire, questionnairesFor, scoreResponse, validateResponse } from '../../../domain/clinical/questionnaires';
import { ENTERED_IN_ERROR } from '../../../domain/clinical/recordValues';
import type { Questionnaire } from '../../../domain/clinical/questionnaireSchema';
import { triageGroup, triageLabel } from '../../../domain/clinical/triage';
import type { DB } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { audit, auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { assessmentRuns } from '../../resources/definitions/assessmentRuns';
import { findRecord } from '../../resources/recordQuery';
import { expandMeasureReports } from './measureReports';
import type { ClinicalPatient } from './clinicalPatient';

/** Spec 001 section 8: "Assessment workflow 404: 'Workflow not found for patient.'". */
export const WORKFLOW_NOT_FOUND = 'Workflow not found for patient.';

/**
 * POST patients/{id}/assessments: the questionnaire named by workflow_name, if it is one offered for
 * the patient's primary condition or for every patient (general) (else 404 'Workflow not found for patient.'), answered in full (else
 * 422 at each answer), scored and triaged here (src/domain/clinical/questionnaires.ts), with the
 * patient's algorithm scores at that moment as the run's predictions. Audited as a create of the run.
 */
export async function submitAssessment(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, patient: ClinicalPatient, body: AssessmentBody) {
  const questionnaire = findQuestionnaire(body.workflow_name);
  // Offered: the patient's condition's questionnaires and the general ones (the console's dialog offers the same).
  const offered = [...questionnairesFor(patient.primary_condition), ...questionnairesFor('general')];
  if (!questionnaire || !offered.includes(questionnaire)) throw notFound(WORKFLOW_NOT_FOUND);
  const answers = body.questionnaire_response.answers;
  const errors = validateResponse(questionnaire, answers);
  if (errors.length > 0) {
    throw new HttpError(
      422,
      errors.map((e) => ({ loc: ['body', 'questionnaire_response', 'answers', e.linkId], msg: e.message, type: 'value_error' })),
    );
  }
  const record: Values = { id: patient.id, tenant_id: patient.tenant_id, care_plan: patient.care_plan };
  await expandMeasureReports(trx, [record], caller);
  const predictions = ((record.measure_reports ?? []) as Values[])
    .filter((r) => r.category === 'prediction')
    .map((r) => ({ name: r.name, value: r.value, tier: r.tier }));
  const { id } = await trx
    .insertInto('assessment_runs')
    .values(runValues({ patient, questionnaire, answers, predictions, author: caller.identity }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await findRecord(trx, assessmentRuns, caller.access, Number(id));
  if (!run) throw notFound();
  await audit(trx, { request, identity: caller.identity, resource: assessmentRuns, action: 'create', records: [run] });
  return run;
}

/**
 * A run's row: the questionnaire kept as it was (id, version, title, source), the answers, the score
 * and triage the domain gives them, the predictions at that moment and the author. The seed writes its
 * demo runs with it too.
 */
export function runValues({
  patient,
  questionnaire,
  answers,
  predictions,
  author,
}: {
  patient: { id: number; tenant_id: number };
  questionnaire: Questionnaire;
  answers: Record<string, unknown>;
  predictions: readonly Values[];
  author: { id: number; full_name: string } | null;
}) {
  const scored = scoreResponse(questionnaire, answers);
  return {
    tenant_id: patient.tenant_id,
    patient_id: patient.id,
    workflow_name: questionnaire.id,
    name: questionnaire.title,
    category: questionnaire.category,
    result: JSON.stringify({ ...scored, triage_label: triageLabel(scored.triage) }),
    predictions: JSON.stringify(predictions),
    questionnaire: JSON.stringify({ id: questionnaire.id, version: questionnaire.version, title: questionnaire.title, source: questionnaire.source }),
    questionnaire_response: JSON.stringify({ answers }),
    author_id: author?.id ?? null,
    author_name: author?.full_name ?? null,
  };
}

/**
 * POST patients/{id}/runs/{runId}/entered-in-error (spec 001 section 4): the run keeps everything it
 * said and shows as entered in error, with who marked it and when. A run of another patient, or out
 * of reach, is 404; one already marked is 409.
 */
export async function markEnteredInError(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, patientId: number, runId: number) {
  const run = await findRecord(trx, assessmentRuns, caller.access, runId);
  if (!run || run.patient_id !== patientId) throw notFound();
  if (run.status === ENTERED_IN_ERROR) throw conflict('This assessment is already marked as entered in error');
  await trx
    .updateTable('assessment_runs')
    .set({ status: ENTERED_IN_ERROR, entered_in_error_at: new Date(), entered_in_error_by_id: caller.identity.id })
    .where('id', '=', runId)
    .execute();
  const after = (await findRecord(trx, assessmentRuns, caller.access, runId)) as Values;
  await audit(trx, { request, identity: caller.identity, resource: assessmentRuns, action: 'update', records: [after], before: run });
  return after;
}

/**
 * GET patients/{id}/runs/summary: runs of the past week and month, and the past week's triage counts
 * (by triage group: LOW, MEDIUM, TEST, DOC, ER) in all and by assessment; runs entered in error are
 * left out. Audited as a read of the patient's runs (their ids).
 */
export async function runsSummary(db: Kysely<DB>, request: FastifyRequest, caller: Caller, patient: ClinicalPatient) {
  const now = Date.now();
  const rows = await db
    .selectFrom('assessment_runs')
    .select(['id', 'patient_id', 'name', 'created_at', sql<string | null>`result->>'triage'`.as('triage')])
    .where('patient_id', '=', patient.id)
    .where('tenant_id', '=', patient.tenant_id)
    .where('status', '<>', ENTERED_IN_ERROR)
    .where('created_at', '>=', new Date(now - 30 * 86_400_000))
    .execute();
  const week = rows.filter((r) => new Date(r.created_at).getTime() >= now - 7 * 86_400_000);
  const triage_counts: Record<string, number> = {};
  const triage_by_name_counts: Record<string, Record<string, number>> = {};
  for (const run of week) {
    const group = triageGroup(run.triage);
    triage_counts[group] = (triage_counts[group] ?? 0) + 1;
    const byName = (triage_by_name_counts[run.name] ??= {});
    byName[group] = (byName[group] ?? 0) + 1;
  }
  await auditPatients(db, {
    request,
    identity: caller.identity,
    resource: 'runs/summary',
    action: 'read',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: rows.map((r) => String(r.id)).join(',') || 'none' }],
  });
  return { total_runs_past_week: week.length, total_runs_past_month: rows.length, triage_counts, triage_by_name_counts };
}
