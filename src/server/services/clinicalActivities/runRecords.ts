import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  activityDuration,
  completionShare,
  DEFAULT_ACTIVITY_CONFIG,
  type ActivityConfig,
  type ActivityData,
  type ActivityTemplate,
  type RunSteps,
} from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { clinicalActivityInstances } from '../../resources/definitions/clinicalActivityInstances';
import { findRecord } from '../../resources/recordQuery';
import { loadActivityTemplate, stepTemplateOf } from './templateStore';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Runs as the API answers them (README "Runs"): the engine's record (columns and joined names) plus
 * what the domain works out from the run's steps, `activity_duration` (seconds, the reviewer's
 * overrides counted) and `completion_percent`; null for a run without a template.
 */

/** The steps of each activity template version, in order: one query for a page of runs. */
export async function stepsOfTemplates(db: Db, templateIds: readonly number[]): Promise<Map<number, RunSteps>> {
  const steps = new Map<number, RunSteps>();
  if (templateIds.length === 0) return steps;
  const rows = await db
    .selectFrom('activity_template_steps as s')
    .innerJoin('step_templates as t', 't.id', 's.step_template_id')
    .selectAll('t')
    .select(['s.activity_template_id', 's.step_number'])
    .where('s.activity_template_id', 'in', [...new Set(templateIds)])
    .orderBy('s.activity_template_id')
    .orderBy('s.step_number')
    .execute();
  for (const row of rows) steps.set(row.activity_template_id, [...(steps.get(row.activity_template_id) ?? []), stepTemplateOf(row)]);
  return steps;
}

/** A run's data as stored (an object; anything else reads as no answers). */
export const runDataOf = (record: Values): Partial<ActivityData> =>
  record.data_json !== null && typeof record.data_json === 'object' && !Array.isArray(record.data_json) ? record.data_json : {};

/** Adds `activity_duration` and `completion_percent` to runs (a list page, or one run). */
export async function withRunSummaries(db: Db, records: Values[]): Promise<Values[]> {
  const templateIds = records.map((r) => r.activity_template_id).filter((id): id is number => typeof id === 'number');
  const steps = await stepsOfTemplates(db, templateIds);
  for (const record of records) {
    const runSteps = typeof record.activity_template_id === 'number' ? steps.get(record.activity_template_id) : undefined;
    const data = runDataOf(record);
    record.activity_duration = runSteps ? activityDuration(runSteps, data) : null;
    record.completion_percent = runSteps ? completionShare(runSteps, data).percent : null;
  }
  return records;
}

/**
 * A template's configuration with every part the stored JSON leaves out taken from
 * DEFAULT_ACTIVITY_CONFIG (the builder's schema fills them on write; a row written otherwise may
 * lack some), so that the rules never read an undefined rule.
 */
export function activityConfigOf(raw: unknown): ActivityConfig {
  const config = (raw ?? {}) as Partial<ActivityConfig>;
  const D = DEFAULT_ACTIVITY_CONFIG;
  return {
    ...D,
    ...config,
    clinician_types: config.clinician_types ?? D.clinician_types,
    scheduling: {
      frequency_limit: config.scheduling?.frequency_limit ?? D.scheduling.frequency_limit,
      recommend_if_eligible: config.scheduling?.recommend_if_eligible ?? D.scheduling.recommend_if_eligible,
    },
    recommendation: { ...D.recommendation, ...config.recommendation },
  };
}

/** The run `id` as the caller's access reaches it, or 404 (another provider's run answers like none). */
export async function reachableRun(db: Db, caller: Caller, id: number): Promise<Values> {
  const run = await findRecord(db, clinicalActivityInstances, caller.access, id);
  if (!run) throw notFound();
  return run;
}

/** The run as one read answers it: with its summaries and `activity_template`, the exact version it runs (null for a run without one). */
export async function runWithTemplate(db: Db, run: Values, template?: ActivityTemplate): Promise<Values> {
  const [summarised] = await withRunSummaries(db, [run]);
  const loaded = template ?? (typeof run.activity_template_id === 'number' ? await loadActivityTemplate(db, run.activity_template_id) : undefined);
  return { ...summarised, activity_template: loaded ?? null };
}

/** GET clinical-activity-instances/{id} (and under the patient): the run with its template, audited as a read. */
export async function readRun(db: Kysely<DB>, request: FastifyRequest, caller: Caller, id: number, patientId?: number): Promise<Values> {
  const run = await reachableRun(db, caller, id);
  if (patientId !== undefined && run.patient_id !== patientId) throw notFound();
  const answer = await runWithTemplate(db, run);
  await audit(db, { request, identity: caller.identity, resource: clinicalActivityInstances, action: 'read', records: [run] });
  return answer;
}
