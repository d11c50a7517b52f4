import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_ACTIVITY_CONFIG, type ActivityConfig, type ActivityItem } from '../../src/domain/clinicalActivities';

/**
 * Templates for the runs' tests, written straight to the tables (published and latest unless asked),
 * so that the runs' tests do not depend on the template builders' calls.
 */

export interface StepSpec {
  key: string;
  title?: string;
  /** Expected time in seconds. */
  range?: [number, number];
  types?: string[];
  createNote?: boolean;
  items: ActivityItem[];
}

export interface TemplateSpec {
  title: string;
  steps: StepSpec[];
  config?: Partial<Omit<ActivityConfig, 'scheduling' | 'recommendation'>> & {
    scheduling?: Partial<ActivityConfig['scheduling']>;
    recommendation?: Partial<ActivityConfig['recommendation']>;
  };
  draft?: boolean;
  enabled?: boolean;
}

export interface InsertedTemplate {
  id: number;
  familyId: number;
  title: string;
}

const nextId = async (app: FastifyInstance, table: 'activity_templates' | 'step_templates') =>
  (await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`.execute(app.db)).rows[0]!.id;

/** Inserts a template with its steps (each a new step template family, published). */
export async function insertTemplate(app: FastifyInstance, spec: TemplateSpec): Promise<InsertedTemplate> {
  const db = app.db;
  const published = spec.draft === true ? null : new Date();
  const stepIds: number[] = [];
  for (const step of spec.steps) {
    const id = await nextId(app, 'step_templates');
    await db
      .insertInto('step_templates')
      .values({
        id,
        step_template_family_id: id,
        version_number: 1,
        is_draft: false,
        is_latest: true,
        step_key: step.key,
        step_title: step.title ?? `Step ${step.key}`,
        expected_time_range: JSON.stringify({ min: step.range?.[0] ?? 60, max: step.range?.[1] ?? 600 }),
        monitoring_activity_rules: JSON.stringify({ create_note: step.createNote ?? true, monitoring_types: step.types ?? [] }),
        activity_items_json: JSON.stringify(step.items),
        published_at: new Date(),
      })
      .execute();
    stepIds.push(id);
  }
  const D = DEFAULT_ACTIVITY_CONFIG;
  const config: ActivityConfig = {
    ...D,
    ...spec.config,
    scheduling: { ...D.scheduling, ...spec.config?.scheduling },
    recommendation: { ...D.recommendation, ...spec.config?.recommendation },
  };
  const id = await nextId(app, 'activity_templates');
  await db
    .insertInto('activity_templates')
    .values({
      id,
      activity_template_family_id: id,
      version_number: 1,
      is_draft: spec.draft === true,
      is_latest: true,
      is_enabled: spec.enabled ?? true,
      activity_title: spec.title,
      activity_description: `About ${spec.title}`,
      estimated_duration: 10,
      activity_config_json: JSON.stringify(config),
      published_at: published,
    })
    .execute();
  await db
    .insertInto('activity_template_steps')
    .values(stepIds.map((stepId, index) => ({ activity_template_id: id, step_number: index + 1, step_template_id: stepId })))
    .execute();
  return { id, familyId: id, title: spec.title };
}

export const yesNo = (item_id: string, extra: Partial<ActivityItem> = {}): ActivityItem => ({ item_id, text: `Question ${item_id}`, type: 'yes_no', ...extra });
export const textItem = (item_id: string, extra: Partial<ActivityItem> = {}): ActivityItem => ({
  item_id,
  text: `Describe ${item_id}`,
  type: 'text',
  ...extra,
});
