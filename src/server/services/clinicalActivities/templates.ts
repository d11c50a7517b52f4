import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type {
  ActivityTemplateCreateBody,
  ActivityTemplateUpdateBody,
  StepTemplateCreateBody,
  StepTemplateUpdateBody,
} from '../../../../schemas/payloads/clinicalActivityTemplates';
import {
  activityTemplateProblems,
  stepTemplateProblems,
  transitionRefusal,
  type ActivityConfig,
  type ActivityItem,
  type ActivityTemplate,
  type MonitoringActivityRules,
  type StepTemplate,
  type TemplateAction,
  type TemplateProblem,
  type TimeRange,
} from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';
import { conflict, HttpError, notFound, type ValidationIssue } from '../../errors';
import { auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { MISSING_REFERENCE } from '../../resources/references';
import { loadActivityTemplate, loadStepTemplate, newTemplateId } from './templateStore';

/**
 * The template builders' writes (spec 002 sections 4, 5 and 7 "Templates"; the domain's README,
 * "Versions"): create a family's first version, edit a draft, clone any version into the family's
 * next draft, promote a draft, delete a draft; a published version never changes but for its
 * Enabled switch. The state machine is the domain's TEMPLATE_TRANSITIONS, the builders' rules its
 * stepTemplateProblems and activityTemplateProblems. Templates are the operator's: no tenant, no
 * patient; each write is audited under its resource name with no tenant.
 */

type Trx = Transaction<DB>;

/** Who writes, for the audit row. */
export interface TemplateWriter {
  request: FastifyRequest;
  caller: Caller;
}

/** The two kinds of template, each a table of versions in families. */
const FAMILIES = {
  activity: { table: 'activity_templates', family: 'activity_template_family_id', resource: 'activity-templates' },
  step: { table: 'step_templates', family: 'step_template_family_id', resource: 'step-templates' },
} as const;
type Kind = keyof typeof FAMILIES;

/** The answer when a draft or a step names something that is still used: the engine's text for a row still referenced. */
const STILL_USED = 'The record is still in use by other records.';
/** A published activity runs only what never changes (the domain's README, "Versions"). */
export const PUBLISHED_STEPS_ONLY = 'A published activity may only use published steps';

interface FamilyRow {
  id: number;
  version_number: number;
  is_draft: boolean;
}

/**
 * The template `id` with every version of its family locked (in id order), or 404: whatever
 * numbers versions or moves `is_latest` in a family (clone, promote, delete, update) takes its
 * turn, so two clones cannot take one number and two promotes cannot both end latest.
 */
async function lockedTemplate(trx: Trx, kind: Kind, id: number): Promise<FamilyRow & { familyId: number; nextVersion: number }> {
  const { table, family } = FAMILIES[kind];
  const found = await sql<{ family_id: number }>`select ${sql.ref(family)} as family_id from ${sql.table(table)} where id = ${id}`.execute(trx);
  const familyId = found.rows[0]?.family_id;
  if (familyId === undefined) throw notFound();
  const members = await sql<FamilyRow>`
    select id, version_number, is_draft from ${sql.table(table)} where ${sql.ref(family)} = ${familyId} order by id for update`.execute(trx);
  const row = members.rows.find((r) => r.id === id);
  if (!row) throw notFound();
  return { ...row, familyId, nextVersion: Math.max(...members.rows.map((r) => r.version_number)) + 1 };
}

/**
 * Puts `is_latest` on the family's most recently published version, else on its newest draft (the
 * domain's README). Two statements: the unique index allows one latest row at any moment.
 */
async function refreshLatest(trx: Trx, kind: Kind, familyId: number): Promise<void> {
  const { table, family } = FAMILIES[kind];
  const t = sql.table(table);
  const f = sql.ref(family);
  await sql`update ${t} set is_latest = false where ${f} = ${familyId} and is_latest`.execute(trx);
  await sql`update ${t} set is_latest = true where id = (
    select id from ${t} where ${f} = ${familyId} order by is_draft, published_at desc nulls last, version_number desc limit 1)`.execute(trx);
}

/** The 409 of an action the state machine refuses in the template's state. */
function refuseTransition(isDraft: boolean, action: TemplateAction): void {
  const refusal = transitionRefusal(isDraft, action);
  if (refusal) throw conflict(refusal);
}

const auditWrite = (trx: Trx, writer: TemplateWriter, kind: Kind, action: 'create' | 'update' | 'delete', id: number) =>
  auditTenantRecord(trx, {
    request: writer.request,
    identity: writer.caller.identity,
    resource: FAMILIES[kind].resource,
    action,
    tenantId: null,
    recordId: String(id),
  });

const issue = (loc: (string | number)[], msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type });
const problemIssues = (problems: readonly TemplateProblem[]) => problems.map((p) => issue(['body', ...p.path], p.message));
function refuseIssues(issues: readonly ValidationIssue[]): void {
  if (issues.length > 0) throw new HttpError(422, [...issues]);
}

/** A title holds more than blanks (spec 002 s5: the titles are required); stored trimmed. */
function titleIssues(field: string, value: string): ValidationIssue[] {
  return value.trim() === '' ? [issue(['body', field], 'Field required', 'missing')] : [];
}
const description = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Values compared as their meaning: object keys in any order, and a key holding null the same as
 * no key (an item's `prompt: null` and no prompt say the same). A published template "sent back as
 * read" is then equal to itself whatever the client's key order.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

// ---- Step templates --------------------------------------------------------------------------

/** What a step template version holds: the content its builder edits. */
interface StepContent {
  step_key: string;
  step_title: string;
  step_description: string | null;
  expected_time_range: TimeRange;
  monitoring_activity_rules: MonitoringActivityRules;
  activity_items_json: ActivityItem[];
}

function stepContentOf(body: StepTemplateCreateBody | StepTemplateUpdateBody): StepContent {
  return {
    step_key: body.step_key,
    step_title: body.step_title.trim(),
    step_description: description(body.step_description),
    expected_time_range: body.expected_time_range,
    monitoring_activity_rules: {
      create_note: body.monitoring_activity_rules.create_note,
      monitoring_types: [...body.monitoring_activity_rules.monitoring_types],
    },
    activity_items_json: body.activity_items_json,
  };
}

/** 422 with every broken rule of a step: the title, then the domain's problems, each at `['body', ...path]`. */
function checkStep(body: StepTemplateCreateBody | StepTemplateUpdateBody, content: StepContent): void {
  refuseIssues([...titleIssues('step_title', body.step_title), ...problemIssues(stepTemplateProblems(content))]);
}

const stepRow = (content: StepContent) => ({
  ...content,
  expected_time_range: JSON.stringify(content.expected_time_range),
  monitoring_activity_rules: JSON.stringify(content.monitoring_activity_rules),
  activity_items_json: JSON.stringify(content.activity_items_json),
});

const answerStep = async (trx: Trx, id: number): Promise<StepTemplate> => (await loadStepTemplate(trx, id))!;

/** POST step-templates: a new family, version 1, a draft and its latest. */
export async function createStepTemplate(trx: Trx, writer: TemplateWriter, body: StepTemplateCreateBody): Promise<StepTemplate> {
  const content = stepContentOf(body);
  checkStep(body, content);
  const id = await newTemplateId(trx, 'step_templates');
  await trx
    .insertInto('step_templates')
    .values({
      id,
      step_template_family_id: id,
      version_number: 1,
      is_draft: true,
      is_latest: true,
      ...stepRow(content),
      created_by_id: writer.caller.identity.id,
    })
    .execute();
  await auditWrite(trx, writer, 'step', 'create', id);
  return answerStep(trx, id);
}

/**
 * PUT step-templates/{id}: a draft takes the new content. A published version never changes: the
 * same content sent back is answered as it is; any change is the state machine's 409.
 */
export async function updateStepTemplate(trx: Trx, writer: TemplateWriter, id: number, body: StepTemplateUpdateBody): Promise<StepTemplate> {
  const locked = await lockedTemplate(trx, 'step', id);
  const content = stepContentOf(body);
  if (!locked.is_draft) {
    const stored = (await loadStepTemplate(trx, id))!;
    const unchanged = (Object.keys(content) as (keyof StepContent)[]).every((field) => same(content[field], stored[field] ?? null));
    if (!unchanged) refuseTransition(false, 'update');
    return stored;
  }
  checkStep(body, content);
  await trx
    .updateTable('step_templates')
    .set({ ...stepRow(content), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await auditWrite(trx, writer, 'step', 'update', id);
  return answerStep(trx, id);
}

/** DELETE step-templates/{id}: a draft no activity template names (409 otherwise); the family's latest moves back. Answers the template as it was, as the engine's deletes do. */
export async function deleteStepTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<StepTemplate> {
  const locked = await lockedTemplate(trx, 'step', id);
  refuseTransition(locked.is_draft, 'delete');
  const used = await trx.selectFrom('activity_template_steps').select('activity_template_id').where('step_template_id', '=', id).executeTakeFirst();
  if (used) throw conflict(STILL_USED);
  const existing = await answerStep(trx, id);
  await trx.deleteFrom('step_templates').where('id', '=', id).execute();
  await refreshLatest(trx, 'step', locked.familyId);
  await auditWrite(trx, writer, 'step', 'delete', id);
  return existing;
}

/** POST step-templates/{id}/clone: the family's next version, a draft with the same content; latest only while nothing of the family is published. */
export async function cloneStepTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<StepTemplate> {
  const locked = await lockedTemplate(trx, 'step', id);
  refuseTransition(locked.is_draft, 'clone');
  const source = (await loadStepTemplate(trx, id))!;
  const newId = await newTemplateId(trx, 'step_templates');
  await trx
    .insertInto('step_templates')
    .values({
      id: newId,
      step_template_family_id: locked.familyId,
      version_number: locked.nextVersion,
      is_draft: true,
      is_latest: false,
      ...stepRow({
        step_key: source.step_key,
        step_title: source.step_title,
        step_description: source.step_description ?? null,
        expected_time_range: source.expected_time_range,
        monitoring_activity_rules: source.monitoring_activity_rules,
        activity_items_json: source.activity_items_json,
      }),
      created_by_id: writer.caller.identity.id,
    })
    .execute();
  await refreshLatest(trx, 'step', locked.familyId);
  await auditWrite(trx, writer, 'step', 'create', newId);
  return answerStep(trx, newId);
}

/** POST step-templates/{id}/promote: a draft without problems becomes published (now) and its family's latest. */
export async function promoteStepTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<StepTemplate> {
  const locked = await lockedTemplate(trx, 'step', id);
  refuseTransition(locked.is_draft, 'promote');
  const step = (await loadStepTemplate(trx, id))!;
  refuseIssues(problemIssues(stepTemplateProblems(step)));
  await trx
    .updateTable('step_templates')
    .set({ is_draft: false, published_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await refreshLatest(trx, 'step', locked.familyId);
  await auditWrite(trx, writer, 'step', 'update', id);
  return answerStep(trx, id);
}

// ---- Activity templates ----------------------------------------------------------------------

interface ActivityContent {
  activity_title: string;
  activity_description: string | null;
  estimated_duration: number | null;
  activity_config_json: ActivityConfig;
}

interface StepRef {
  step_number: number;
  step_template_id: number;
}

function activityContentOf(body: ActivityTemplateCreateBody | ActivityTemplateUpdateBody, stored?: ActivityTemplate): ActivityContent {
  return {
    activity_title: body.activity_title.trim(),
    // A PUT that leaves a nullable field out keeps it (the engine's rule); null clears it.
    activity_description: body.activity_description === undefined && stored ? (stored.activity_description ?? null) : description(body.activity_description),
    estimated_duration: body.estimated_duration === undefined && stored ? (stored.estimated_duration ?? null) : (body.estimated_duration ?? null),
    activity_config_json: body.activity_config_json,
  };
}

const activityRow = (content: ActivityContent) => ({ ...content, activity_config_json: JSON.stringify(content.activity_config_json) });
const sortedSteps = (steps: readonly StepRef[]) =>
  [...steps].sort((a, b) => a.step_number - b.step_number).map((s) => ({ step_number: s.step_number, step_template_id: s.step_template_id }));

/**
 * The steps a write names, each resolved to its step template version: 422 `The referenced record
 * does not exist` at `['body', 'steps', i, 'step_template_id']` for each one that is not there.
 * Step templates are the operator's, like the activity: any caller who builds sees every one.
 */
async function resolveSteps(trx: Trx, steps: readonly StepRef[]): Promise<(StepRef & { step: { step_key: string; is_draft: boolean } })[]> {
  const ids = [...new Set(steps.map((s) => s.step_template_id))];
  const found = ids.length ? await trx.selectFrom('step_templates').select(['id', 'step_key', 'is_draft']).where('id', 'in', ids).execute() : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  refuseIssues(
    steps.flatMap((s, i) => (byId.has(s.step_template_id) ? [] : [issue(['body', 'steps', i, 'step_template_id'], MISSING_REFERENCE, 'foreign_key')])),
  );
  return steps.map((s) => ({ ...s, step: byId.get(s.step_template_id)! }));
}

/** 422 with every broken rule of an activity: the title, then the domain's problems (steps numbered 1..n, unique step keys, priority). */
function checkActivity(title: string, content: ActivityContent, steps: readonly (StepRef & { step: { step_key: string } })[]): void {
  const problems = activityTemplateProblems(
    content,
    steps.map((s) => ({ step_number: s.step_number, step_key: s.step.step_key })),
  );
  refuseIssues([...titleIssues('activity_title', title), ...problemIssues(problems)]);
}

async function writeSteps(trx: Trx, activityId: number, steps: readonly StepRef[]): Promise<void> {
  await trx.deleteFrom('activity_template_steps').where('activity_template_id', '=', activityId).execute();
  if (steps.length === 0) return;
  await trx
    .insertInto('activity_template_steps')
    .values(sortedSteps(steps).map((s) => ({ activity_template_id: activityId, ...s })))
    .execute();
}

const answerActivity = async (trx: Trx, id: number): Promise<ActivityTemplate> => (await loadActivityTemplate(trx, id))!;

/** POST activity-templates: a new family, version 1, a draft and its latest, with its steps. */
export async function createActivityTemplate(trx: Trx, writer: TemplateWriter, body: ActivityTemplateCreateBody): Promise<ActivityTemplate> {
  const content = activityContentOf(body);
  const steps = await resolveSteps(trx, body.steps);
  checkActivity(body.activity_title, content, steps);
  const id = await newTemplateId(trx, 'activity_templates');
  await trx
    .insertInto('activity_templates')
    .values({
      id,
      activity_template_family_id: id,
      version_number: 1,
      is_draft: true,
      is_latest: true,
      is_enabled: body.is_enabled,
      ...activityRow(content),
      created_by_id: writer.caller.identity.id,
    })
    .execute();
  await writeSteps(trx, id, body.steps);
  await auditWrite(trx, writer, 'activity', 'create', id);
  return answerActivity(trx, id);
}

/**
 * PUT activity-templates/{id}: a draft takes the new fields, and the new steps when `steps` is
 * given. A published version changes only its Enabled switch (the state machine's `enable`, which
 * is not content): the same content sent back with another is_enabled is accepted, any other
 * change is the state machine's 409 and changes nothing.
 */
export async function updateActivityTemplate(trx: Trx, writer: TemplateWriter, id: number, body: ActivityTemplateUpdateBody): Promise<ActivityTemplate> {
  const locked = await lockedTemplate(trx, 'activity', id);
  const stored = (await loadActivityTemplate(trx, id))!;
  const content = activityContentOf(body, stored);
  const isEnabled = body.is_enabled ?? stored.is_enabled;
  if (!locked.is_draft) {
    const storedSteps = stored.activity_template_steps.map((s) => ({ step_number: s.step_number, step_template_id: s.step_template_id }));
    const unchanged =
      (Object.keys(content) as (keyof ActivityContent)[]).every((field) => same(content[field], stored[field] ?? null)) &&
      (body.steps === undefined || same(sortedSteps(body.steps), storedSteps));
    if (!unchanged) refuseTransition(false, 'update');
    if (isEnabled === stored.is_enabled) return stored;
    refuseTransition(false, 'enable');
    await trx
      .updateTable('activity_templates')
      .set({ is_enabled: isEnabled, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await auditWrite(trx, writer, 'activity', 'update', id);
    return answerActivity(trx, id);
  }
  const stepRefs = body.steps ?? stored.activity_template_steps.map((s) => ({ step_number: s.step_number, step_template_id: s.step_template_id }));
  const steps = await resolveSteps(trx, stepRefs);
  checkActivity(body.activity_title, content, steps);
  await trx
    .updateTable('activity_templates')
    .set({ ...activityRow(content), is_enabled: isEnabled, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  if (body.steps) await writeSteps(trx, id, body.steps);
  await auditWrite(trx, writer, 'activity', 'update', id);
  return answerActivity(trx, id);
}

/** DELETE activity-templates/{id}: a draft no run names (409 otherwise); its steps go with it and the family's latest moves back. Answers the template as it was. */
export async function deleteActivityTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<ActivityTemplate> {
  const locked = await lockedTemplate(trx, 'activity', id);
  refuseTransition(locked.is_draft, 'delete');
  const run = await trx.selectFrom('clinical_activity_instances').select('id').where('activity_template_id', '=', id).executeTakeFirst();
  if (run) throw conflict(STILL_USED);
  const existing = await answerActivity(trx, id);
  await trx.deleteFrom('activity_templates').where('id', '=', id).execute();
  await refreshLatest(trx, 'activity', locked.familyId);
  await auditWrite(trx, writer, 'activity', 'delete', id);
  return existing;
}

/** POST activity-templates/{id}/clone: the family's next version, a draft with the same fields and steps; latest only while nothing of the family is published. */
export async function cloneActivityTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<ActivityTemplate> {
  const locked = await lockedTemplate(trx, 'activity', id);
  refuseTransition(locked.is_draft, 'clone');
  const source = (await loadActivityTemplate(trx, id))!;
  const newId = await newTemplateId(trx, 'activity_templates');
  await trx
    .insertInto('activity_templates')
    .values({
      id: newId,
      activity_template_family_id: locked.familyId,
      version_number: locked.nextVersion,
      is_draft: true,
      is_latest: false,
      is_enabled: source.is_enabled,
      ...activityRow({
        activity_title: source.activity_title,
        activity_description: source.activity_description ?? null,
        estimated_duration: source.estimated_duration ?? null,
        activity_config_json: source.activity_config_json,
      }),
      created_by_id: writer.caller.identity.id,
    })
    .execute();
  await writeSteps(trx, newId, source.activity_template_steps);
  await refreshLatest(trx, 'activity', locked.familyId);
  await auditWrite(trx, writer, 'activity', 'create', newId);
  return answerActivity(trx, newId);
}

/**
 * POST activity-templates/{id}/promote: a draft becomes published (now) and its family's latest,
 * when it has no problem and every step it names is published (422 at the step otherwise), so that
 * what a published activity runs never changes.
 */
export async function promoteActivityTemplate(trx: Trx, writer: TemplateWriter, id: number): Promise<ActivityTemplate> {
  const locked = await lockedTemplate(trx, 'activity', id);
  refuseTransition(locked.is_draft, 'promote');
  const activity = (await loadActivityTemplate(trx, id))!;
  const steps = activity.activity_template_steps;
  const problems = activityTemplateProblems(
    activity,
    steps.map((s) => ({ step_number: s.step_number, step_key: s.step_template?.step_key ?? null })),
  );
  refuseIssues([
    ...problemIssues(problems),
    ...steps.flatMap((s, i) => (s.step_template?.is_draft === false ? [] : [issue(['body', 'steps', i, 'step_template_id'], PUBLISHED_STEPS_ONLY)])),
  ]);
  await trx
    .updateTable('activity_templates')
    .set({ is_draft: false, published_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await refreshLatest(trx, 'activity', locked.familyId);
  await auditWrite(trx, writer, 'activity', 'update', id);
  return answerActivity(trx, id);
}
