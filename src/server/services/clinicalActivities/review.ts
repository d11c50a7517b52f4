import { conflict, invalid } from '../../errors';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { clinicalActivityInstances } from '../../resources/definitions/clinicalActivityInstances';
import { findRecord } from '../../resources/recordQuery';
import { RUN_DATA_TEXTS } from './runData';
import { writeRunNotes } from './runOutputs';
import { activityConfigOf, runDataOf, runWithTemplate } from './runRecords';
import { lockedRun, RUN_TEXTS, type RunContext } from './runs';
import { loadActivityTemplate, runStepsOf } from './templateStore';

/**
 * The review of a submitted run (spec 002 sections 2, 4, 5 and 7 "Clinical activity instances";
 * README "Runs"), with clinical_activities.approve: approve (pending_review to complete, with the
 * reviewer's time of any step, whose notes are then written with that time) or reject (ours:
 * pending_review to rejected, with a reason; a rejected run counts no care time and no completion).
 */

export const REVIEW_TEXTS = {
  notPending: 'Only an activity pending review can be reviewed',
} as const;

/** The run to review, locked: reached by the reviewer (404) and pending review (409). */
async function pendingRun(context: RunContext, id: number): Promise<Values> {
  const run = await lockedRun(context.trx, context.caller, id);
  if (run.status !== 'pending_review') throw conflict(REVIEW_TEXTS.notPending);
  return run;
}

async function reviewed(context: RunContext, id: number, before: Values, changes: Record<string, unknown>): Promise<Values> {
  const { trx, caller } = context;
  await trx
    .updateTable('clinical_activity_instances')
    .set({ ...changes, reviewed_by_id: caller.identity.id, reviewed_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  const after = (await findRecord(trx, clinicalActivityInstances, caller.access, id)) as Values;
  await audit(trx, { request: context.request, identity: caller.identity, resource: clinicalActivityInstances, action: 'update', records: [after], before });
  return after;
}

/**
 * POST clinical-activity-instances/{id}/approve `{time_overrides}`: seconds by step key (a key that
 * is no step of the run is a 422), stored in data_json.time_overrides; the run becomes complete and
 * its notes are written, each step's time the reviewer's override where given (domain stepSeconds),
 * dated when the clinician completed the run.
 */
export async function approveRun(context: RunContext, id: number, overrides: Record<string, number>): Promise<Values> {
  const before = await pendingRun(context, id);
  const template = typeof before.activity_template_id === 'number' ? await loadActivityTemplate(context.trx, before.activity_template_id) : undefined;
  if (!template) throw conflict(RUN_TEXTS.noTemplate);
  const steps = runStepsOf(template);
  const keys = new Set(steps.map((step) => step.step_key));
  const unknown = Object.keys(overrides).find((key) => !keys.has(key));
  if (unknown !== undefined) throw invalid(['body', 'time_overrides', unknown], RUN_DATA_TEXTS.unknownStep);
  const data = { ...runDataOf(before), time_overrides: overrides };
  const after = await reviewed(context, id, before, { status: 'complete', data_json: JSON.stringify(data) });
  await writeRunNotes(context, after, steps, data, activityConfigOf(template.activity_config_json).consolidate_monitoring_activity);
  return runWithTemplate(context.trx, after, template);
}

/** POST clinical-activity-instances/{id}/reject `{reason?}` (ours): the run becomes rejected, with the reason when one is given. */
export async function rejectRun(context: RunContext, id: number, reason: string | null | undefined): Promise<Values> {
  const before = await pendingRun(context, id);
  const text = typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null;
  const after = await reviewed(context, id, before, { status: 'rejected', rejection_reason: text });
  return runWithTemplate(context.trx, after);
}
