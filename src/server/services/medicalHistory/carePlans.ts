import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CarePlanCreateBody, CarePlanEditBody } from '../../../../schemas/payloads/medicalHistory';
import { findCarePlanTemplate } from '../../../domain/clinical/carePlans';
import type { DB } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { carePlans } from '../../resources/definitions/medicalHistory';
import { findRecord } from '../../resources/recordQuery';
import { visibleReference } from '../../resources/references';

/**
 * Care plans (spec 001 sections 3 and 4; routes/medicalHistory/README.md): created inactive from a
 * template, activated (the patient's previous active plan is deactivated), reviewed without changes or
 * revised while active (a revision counts as a review), read only once deactivated. Every change adds
 * a row to care_plan_revisions with the plan as it then was, and is audited for the patient.
 */

export const NOT_EDITABLE = 'A deactivated care plan cannot be edited';
export const NOT_ACTIVE = 'Only the active care plan can be reviewed or revised';
export const ALREADY_ACTIVE = 'This care plan is already active';
export const DEACTIVATED = 'A deactivated care plan cannot be activated again';

type Kind = 'created' | 'edited' | 'revised' | 'reviewed' | 'activated' | 'deactivated';

interface Context {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
}

async function addRevision({ trx, caller }: Context, plan: Values, kind: Kind) {
  await trx
    .insertInto('care_plan_revisions')
    .values({
      care_plan_id: plan.id as number,
      revision: plan.revision as number,
      kind,
      plan_name: plan.plan_name as string,
      content: JSON.stringify(plan.content),
      author_id: caller.identity.id,
      author_name: caller.identity.full_name,
    })
    .execute();
}

/** The plan as the caller reaches it, locked for the write; 404 for another provider's or none. */
async function lockedPlan({ trx, caller }: Context, id: number): Promise<Values> {
  const locked = await trx.selectFrom('care_plans').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  const plan = locked ? await findRecord(trx, carePlans, caller.access, id) : undefined;
  if (!plan) throw notFound();
  return plan;
}

async function written(context: Context, id: number, before: Values | null, kind: Kind): Promise<Values> {
  const after = (await findRecord(context.trx, carePlans, context.caller.access, id)) as Values;
  await addRevision(context, after, kind);
  await audit(context.trx, {
    request: context.request,
    identity: context.caller.identity,
    resource: carePlans,
    action: before ? 'update' : 'create',
    records: [after],
    before: before ?? undefined,
  });
  return after;
}

async function markReviewed({ trx }: Context, plan: Values, at: Date) {
  await trx
    .updateTable('patients')
    .set({ care_plan_last_reviewed: at })
    .where('id', '=', plan.patient_id as number)
    .execute();
}

/** POST care-plans: the template is required (422 when unknown), the name defaults to the template's; created inactive. */
export async function createCarePlan(context: Context, body: CarePlanCreateBody): Promise<Values> {
  const { trx, caller } = context;
  const patient = await visibleReference(trx, caller.access, { table: 'patients', tenantColumn: 'tenant_id' }, body.patient_id, ['body', 'patient_id']);
  const template = findCarePlanTemplate(body.care_plan_template_id);
  if (!template) throw invalid(['body', 'care_plan_template_id'], 'Unknown care plan template', 'foreign_key');
  const name = body.plan_name?.trim() || template.name;
  const row = await trx
    .insertInto('care_plans')
    .values({
      tenant_id: patient.tenant as number,
      patient_id: patient.id,
      care_plan_template_id: template.key,
      plan_name: name,
      content: JSON.stringify(template.content),
      added_by: caller.identity.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return written(context, row.id, null, 'created');
}

/** POST care-plans/{id}/activate: sets activated_at and deactivates the patient's previous active plan. */
export async function activateCarePlan(context: Context, id: number): Promise<Values> {
  const { trx } = context;
  const plan = await lockedPlan(context, id);
  if (plan.deactivated_at) throw conflict(DEACTIVATED);
  if (plan.is_active) throw conflict(ALREADY_ACTIVE);
  const now = new Date();
  const previous = await trx
    .selectFrom('care_plans')
    .select('id')
    .where('patient_id', '=', plan.patient_id as number)
    .where('is_active', '=', true)
    .forUpdate()
    .executeTakeFirst();
  if (previous) {
    const before = (await findRecord(trx, carePlans, context.caller.access, previous.id)) ?? null;
    await trx.updateTable('care_plans').set({ is_active: false, deactivated_at: now, updated_at: now }).where('id', '=', previous.id).execute();
    if (before) await written(context, previous.id, before, 'deactivated');
  }
  await trx.updateTable('care_plans').set({ is_active: true, activated_at: now, updated_at: now }).where('id', '=', id).execute();
  return written(context, id, plan, 'activated');
}

/** POST care-plans/{id}/review (Review Without Changes): the active plan only. */
export async function reviewCarePlan(context: Context, id: number): Promise<Values> {
  const plan = await lockedPlan(context, id);
  if (plan.deactivated_at) throw conflict(NOT_EDITABLE);
  if (!plan.is_active) throw conflict(NOT_ACTIVE);
  const now = new Date();
  await context.trx.updateTable('care_plans').set({ last_reviewed_at: now, updated_at: now }).where('id', '=', id).execute();
  await markReviewed(context, plan, now);
  return written(context, id, plan, 'reviewed');
}

/**
 * PUT care-plans/{id} (and POST .../revise, `activeOnly`): a new revision of the name and the sections.
 * Editing the active plan revises it and counts as a review; a plan not yet activated is edited; a
 * deactivated one is refused.
 */
export async function editCarePlan(context: Context, id: number, body: CarePlanEditBody, { activeOnly = false } = {}): Promise<Values> {
  const plan = await lockedPlan(context, id);
  if (plan.deactivated_at) throw conflict(NOT_EDITABLE);
  if (activeOnly && !plan.is_active) throw conflict(NOT_ACTIVE);
  const name = body.plan_name.trim();
  if (name === '') throw invalid(['body', 'plan_name'], 'Plan name is required', 'missing');
  const now = new Date();
  const review = plan.is_active === true;
  await context.trx
    .updateTable('care_plans')
    .set({
      plan_name: name,
      content: JSON.stringify(body.content),
      revision: sql`revision + 1`,
      updated_at: now,
      ...(review ? { last_reviewed_at: now } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (review) await markReviewed(context, plan, now);
  return written(context, id, plan, review ? 'revised' : 'edited');
}

/** GET care-plans/{id}/revisions: the plan's history, oldest first, audited as a read of the plan. */
export async function carePlanRevisions(db: Kysely<DB>, request: FastifyRequest, caller: Caller, id: number) {
  const plan = await findRecord(db, carePlans, caller.access, id);
  if (!plan) throw notFound();
  const rows = await db
    .selectFrom('care_plan_revisions')
    .select(['id', 'care_plan_id', 'revision', 'kind', 'plan_name', 'content', 'author_id', 'author_name', 'created_at'])
    .where('care_plan_id', '=', id)
    .orderBy('id')
    .execute();
  await audit(db, { request, identity: caller.identity, resource: carePlans, action: 'read', records: [plan] });
  return rows;
}

/** GET patients/{id}/active-care-plan: the active plan, or null when there is none ('No Active Care Plan'). */
export async function activeCarePlan(db: Kysely<DB>, request: FastifyRequest, caller: Caller, patientId: number): Promise<Values | null> {
  const row = await db.selectFrom('care_plans').select('id').where('patient_id', '=', patientId).where('is_active', '=', true).executeTakeFirst();
  const plan = row ? await findRecord(db, carePlans, caller.access, row.id) : undefined;
  if (plan) await audit(db, { request, identity: caller.identity, resource: carePlans, action: 'read', records: [plan] });
  return plan ?? null;
}
