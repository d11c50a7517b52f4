import { sql, type Kysely, type Transaction } from 'kysely';
import type { ActivityConfig, ActivityItem, ActivityTemplate, MonitoringActivityRules, StepTemplate, TimeRange } from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

const iso = (value: Date | string | null) => (value === null ? undefined : new Date(value).toISOString());

/** A step_templates row as the API carries it. */
export function stepTemplateOf(row: {
  id: number;
  step_template_family_id: number;
  version_number: number;
  is_draft: boolean;
  is_latest: boolean;
  step_key: string;
  step_title: string;
  step_description: string | null;
  expected_time_range: unknown;
  monitoring_activity_rules: unknown;
  activity_items_json: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}): StepTemplate {
  return {
    id: row.id,
    step_template_family_id: row.step_template_family_id,
    version_number: row.version_number,
    is_draft: row.is_draft,
    is_latest: row.is_latest,
    step_key: row.step_key,
    step_title: row.step_title,
    step_description: row.step_description,
    expected_time_range: row.expected_time_range as TimeRange,
    monitoring_activity_rules: row.monitoring_activity_rules as MonitoringActivityRules,
    activity_items_json: row.activity_items_json as ActivityItem[],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** One step template version, or undefined. Templates are the operator's: no tenant filter. */
export async function loadStepTemplate(db: Db, id: number): Promise<StepTemplate | undefined> {
  const row = await db.selectFrom('step_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return row && stepTemplateOf(row);
}

/** An activity_templates row as the API carries it, without its steps (a list row adds `steps_count`). */
export function activityTemplateOf(row: {
  id: number;
  activity_template_family_id: number;
  version_number: number;
  is_draft: boolean;
  is_latest: boolean;
  is_enabled: boolean;
  activity_title: string;
  activity_description: string | null;
  estimated_duration: number | null;
  activity_config_json: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}): Omit<ActivityTemplate, 'activity_template_steps'> {
  return {
    id: row.id,
    activity_template_family_id: row.activity_template_family_id,
    version_number: row.version_number,
    is_draft: row.is_draft,
    is_latest: row.is_latest,
    is_enabled: row.is_enabled,
    activity_title: row.activity_title,
    activity_description: row.activity_description,
    estimated_duration: row.estimated_duration,
    activity_config_json: row.activity_config_json as ActivityConfig,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** One activity template version with its steps in order, each with its step template version; undefined when there is none. */
export async function loadActivityTemplate(db: Db, id: number): Promise<ActivityTemplate | undefined> {
  const row = await db.selectFrom('activity_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const steps = await db
    .selectFrom('activity_template_steps as s')
    .innerJoin('step_templates as t', 't.id', 's.step_template_id')
    .selectAll('t')
    .select(['s.step_number', 's.step_template_id'])
    .where('s.activity_template_id', '=', id)
    .orderBy('s.step_number')
    .execute();
  return {
    ...activityTemplateOf(row),
    activity_template_steps: steps.map((step) => ({
      step_number: step.step_number,
      step_template_id: step.step_template_id,
      step_template: stepTemplateOf(step),
    })),
  };
}

/**
 * The id of a new template row, taken from its table's sequence before the insert: a new family is
 * named by its first version's id, so the row carries it twice (id and family id) from the start.
 */
export async function newTemplateId(db: Db, table: 'activity_templates' | 'step_templates'): Promise<number> {
  const result = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`.execute(db);
  return result.rows[0]!.id;
}

/** The steps a run of `template` goes through, in order (for the domain's runner, notes and completion rules). */
export const runStepsOf = (template: ActivityTemplate) => template.activity_template_steps.map((step) => step.step_template!);
