import { completionErrors, completionStatus, type ActivityData } from '../../../domain/clinicalActivities';
import { zonedDay } from '../../../domain/zonedDays';
import { conflict, HttpError } from '../../errors';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { clinicalActivityInstances } from '../../resources/definitions/clinicalActivityInstances';
import { findRecord } from '../../resources/recordQuery';
import { staffTypeOf } from './availability';
import { checkRunData } from './runData';
import { createRequestedRecords, writeRunNotes } from './runOutputs';
import { activityConfigOf, runWithTemplate } from './runRecords';
import { ownDraft, RUN_TEXTS, type RunContext } from './runs';
import { loadActivityTemplate, runStepsOf } from './templateStore';

/** The type of a completion's per-field refusals, which the runner lists under 'Validation checks failed. Please review all steps.' (spec 001 section 8). */
export const VALIDATION_CHECK = 'validation_check';

/**
 * POST clinical-activity-instances/{id}/complete (spec 001 sections 4, 5 and 8; README "Runs"): the
 * caller's own draft (404, 409 otherwise) with its final data_json, checked as the runner checks
 * it (domain completionErrors: every step valid, the duration from 30 s to 60 min): any problem is a
 * 422 listing each as `{loc: ['body', 'data_json', step_key, field], msg, type: 'validation_check'}`
 * (the duration at `_activity`, `duration`). Then the run is pending_review when its template or the
 * clinician's type requires review and complete otherwise (domain completionStatus), dated now (and
 * its day in the provider's zone), the records its answers ask for are created and, when complete,
 * its notes written. Answers the run with its template.
 */
export async function completeRun(context: RunContext, id: number, data: Partial<ActivityData>): Promise<Values> {
  const { trx, caller } = context;
  const before = await ownDraft(trx, caller, id);
  const template = typeof before.activity_template_id === 'number' ? await loadActivityTemplate(trx, before.activity_template_id) : undefined;
  if (!template) throw conflict(RUN_TEXTS.noTemplate);
  const steps = runStepsOf(template);
  checkRunData(steps, data, ['body', 'data_json']);
  const issues = Object.entries(completionErrors(steps, data)).flatMap(([stepKey, fields]) =>
    Object.entries(fields).map(([field, msg]) => ({ loc: ['body', 'data_json', stepKey, field], msg, type: VALIDATION_CHECK })),
  );
  if (issues.length > 0) throw new HttpError(422, issues);

  const config = activityConfigOf(template.activity_config_json);
  const status = completionStatus(config, await staffTypeOf(trx, caller.identity.id));
  const patient = await trx
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.primary_condition', 't.timezone'])
    .where('p.id', '=', before.patient_id as number)
    .executeTakeFirstOrThrow();
  const now = new Date();
  await trx
    .updateTable('clinical_activity_instances')
    .set({ status, data_json: JSON.stringify(data), completed_at: now, completion_date: zonedDay(now, patient.timezone), updated_at: now })
    .where('id', '=', id)
    .execute();
  const after = (await findRecord(trx, clinicalActivityInstances, caller.access, id)) as Values;
  await audit(trx, { request: context.request, identity: caller.identity, resource: clinicalActivityInstances, action: 'update', records: [after], before });
  await createRequestedRecords(context, after, steps, data, patient, now);
  if (status === 'complete') await writeRunNotes(context, after, steps, data, config.consolidate_monitoring_activity);
  return runWithTemplate(trx, after, template);
}
