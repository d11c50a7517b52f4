import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { StartRunBody } from '../../../../schemas/payloads/clinicalActivityInstances';
import type { ActivityData } from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { clinicalActivityInstances } from '../../resources/definitions/clinicalActivityInstances';
import { findRecord } from '../../resources/recordQuery';
import { missingReference, visibleReference } from '../../resources/references';
import { availabilityOf, hasActivities, PATIENT_NOT_ACTIVE, patientContexts, runHistory, runnableTemplates, staffTypeOf } from './availability';
import { checkRunData } from './runData';
import { deleteRunNotes } from './runOutputs';
import { reachableRun, runWithTemplate, stepsOfTemplates, withRunSummaries } from './runRecords';

/**
 * A clinician's run from start to discard (spec 001 section 4 "Clinical activity flow"; README
 * "Runs"): start (or resume the caller's draft), autosave, and delete. Completion is completion.ts,
 * review review.ts. Who may change a run, where the spec is silent (ours): a draft is its
 * clinician's alone; anyone else, whoever may read it, is answered 404 as for a run out of reach
 * (as the engine answers rows outside an `own` scope), except a reviewer holding
 * clinical_activities.delete and .approve, who may delete any run.
 */

export interface RunContext {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
}

export const RUN_TEXTS = {
  notDraft: 'Only a draft activity can be changed: this one has been submitted',
  noTemplate: 'This activity has no template to run',
} as const;

const PATIENT = { table: 'patients', tenantColumn: 'tenant_id' } as const;
const dataLoc = ['body', 'data_json'];

/** The run, locked for the write, as the caller reaches it (404 otherwise). */
export async function lockedRun(trx: Transaction<DB>, caller: Caller, id: number): Promise<Values> {
  const locked = await trx.selectFrom('clinical_activity_instances').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) throw notFound();
  return reachableRun(trx, caller, id);
}

/** The caller's own draft, locked: 404 for a run that is not theirs, 409 once it has been submitted. */
export async function ownDraft(trx: Transaction<DB>, caller: Caller, id: number): Promise<Values> {
  const run = await lockedRun(trx, caller, id);
  if (run.practitioner_id !== caller.identity.id) throw notFound();
  if (run.status !== 'draft') throw conflict(RUN_TEXTS.notDraft);
  return run;
}

const auditRun = (context: RunContext, action: 'create' | 'read' | 'update' | 'delete', record: Values, before?: Values) =>
  audit(context.trx, {
    request: context.request,
    identity: context.caller.identity,
    resource: clinicalActivityInstances,
    action,
    records: [record],
    ...(before ? { before } : {}),
  });

/**
 * POST clinical-activity-instances: the patient is one the caller sees (422 as missing otherwise) and
 * active or consented; the template is enabled, published and the latest of its family (a draft or
 * an older version answers like a missing one). The caller's draft of the family for the patient is
 * answered as it is (`created: false`, "start reuses a pending instance"); otherwise the template
 * must be open to the caller's clinician type, not disabled, and eligible (422 with the reason), and
 * a new draft starts: the patient's provider, the caller as clinician, the activity's title.
 */
export async function startRun(context: RunContext, body: StartRunBody, now = new Date()): Promise<{ run: Values; created: boolean }> {
  const { trx, caller } = context;
  const patient = await visibleReference(trx, caller.access, PATIENT, body.patient_id, ['body', 'patient_id']);
  const facts = (await patientContexts(trx, [patient.id], now)).get(patient.id);
  if (!facts || !hasActivities(facts)) throw invalid(['body', 'patient_id'], PATIENT_NOT_ACTIVE);
  const [template] = await runnableTemplates(trx, body.activity_template_id);
  if (!template) throw missingReference(['body', 'activity_template_id']);

  const resumed = await pendingDraft(context, patient.id, template.activity_template_family_id);
  if (resumed) return { run: resumed, created: false };

  const entry = availabilityOf(
    template,
    facts,
    await runHistory(trx, [patient.id], [template.activity_template_family_id], caller.identity.id),
    await staffTypeOf(trx, caller.identity.id),
    now,
  );
  if (entry.disabled || !entry.is_eligible) throw invalid(['body', 'activity_template_id'], entry.reason ?? 'This activity is not available for this patient');

  const data = (body.data_json ?? {}) as Partial<ActivityData>;
  checkRunData((await stepsOfTemplates(trx, [template.id])).get(template.id) ?? [], data, dataLoc);
  const inserted = await trx
    .insertInto('clinical_activity_instances')
    .values({
      tenant_id: patient.tenant as number,
      patient_id: patient.id,
      activity_template_id: template.id,
      activity_template_family_id: template.activity_template_family_id,
      title: template.activity_title,
      status: 'draft',
      practitioner_id: caller.identity.id,
      data_json: JSON.stringify(data),
    })
    // Two starts at once (a double click): the second finds the first's draft (the unique draft index).
    .onConflict((oc) => oc.columns(['patient_id', 'activity_template_family_id', 'practitioner_id']).where('status', '=', 'draft').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const raced = await pendingDraft(context, patient.id, template.activity_template_family_id);
    if (raced) return { run: raced, created: false };
    throw conflict('The activity was started at the same time elsewhere: try again');
  }
  const run = await reachableRun(trx, caller, inserted.id);
  await auditRun(context, 'create', run);
  return { run: await runWithTemplate(trx, run), created: true };
}

/** The caller's draft of the family for the patient, as a read answers it (and audited as one), or undefined. */
async function pendingDraft(context: RunContext, patientId: number, familyId: number): Promise<Values | undefined> {
  const draft = await context.trx
    .selectFrom('clinical_activity_instances')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('activity_template_family_id', '=', familyId)
    .where('practitioner_id', '=', context.caller.identity.id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (!draft) return undefined;
  const run = await reachableRun(context.trx, context.caller, draft.id);
  await auditRun(context, 'read', run);
  return runWithTemplate(context.trx, run);
}

/**
 * PUT clinical-activity-instances/{id}: the runner's autosave (every second of typing) and Next.
 * The caller's own draft (404, 409 otherwise); data_json replaces the stored one once it fits the
 * run's steps (runData.ts). A few statements: the run, its steps, the update, the audit row.
 */
export async function saveRun(context: RunContext, id: number, data: Partial<ActivityData>): Promise<Values> {
  const { trx, caller } = context;
  const before = await ownDraft(trx, caller, id);
  const templateId = before.activity_template_id as number | null;
  const steps = templateId === null ? [] : ((await stepsOfTemplates(trx, [templateId])).get(templateId) ?? []);
  checkRunData(steps, data, dataLoc);
  await trx
    .updateTable('clinical_activity_instances')
    .set({ data_json: JSON.stringify(data), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  const after = (await findRecord(trx, clinicalActivityInstances, caller.access, id)) as Values;
  await auditRun(context, 'update', after, before);
  const [answer] = await withRunSummaries(trx, [after]);
  return answer!;
}

/**
 * DELETE clinical-activity-instances/{id}: the caller's own draft (Cancel, Discard), or, for a
 * reviewer (clinical_activities.delete and .approve, `reviewer`), any run it reaches. A complete
 * run's notes go with it (care time never outlives its run; the months' services are refreshed);
 * the records it created (tasks, encounters, care plans) stay, no longer naming it. Answers the run
 * as it was.
 */
export async function deleteRun(context: RunContext, id: number, reviewer: boolean): Promise<Values> {
  const { trx, caller } = context;
  const run = await lockedRun(trx, caller, id);
  const mine = run.status === 'draft' && run.practitioner_id === caller.identity.id;
  if (!reviewer && !mine) throw notFound();
  await deleteRunNotes(context, id);
  await clinicalActivityInstances.store.remove(trx, id);
  await auditRun(context, 'delete', run);
  return run;
}
