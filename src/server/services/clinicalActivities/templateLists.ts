import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { activityTemplateSchema } from '../../../../schemas/entities/activityTemplate';
import { stepTemplateSchema } from '../../../../schemas/entities/stepTemplate';
import {
  previewNotes,
  TRIGGER_CUES,
  TRIGGER_CUES_PAGE_SIZE,
  type ActivityData,
  type ActivityTemplate,
  type PreviewNote,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { conditionSql, searchSql } from '../../resources/conditionSql';
import { isNullable, kindOf, type EntitySchema, type Field } from '../../resources/fields';
import type { Condition } from '../../resources/filterQuery';
import { parseListQuery, type ListFields, type ListQuery } from '../../resources/listQuery';
import { activityTemplateOf, loadActivityTemplate, loadStepTemplate, runStepsOf, stepTemplateOf } from './templateStore';

/**
 * The template builders' reads (spec 002 section 7 "Templates"): the two lists, one template, the
 * trigger cues and the preview of a run's notes. Lists take the resource engine's query (sort,
 * order, skip, limit, `filter` with `field[op]` keys and `q`, the Range header), read by the
 * engine's own parser with the engine's checks and 422s, and answer a page as the engine does.
 * Templates are no engine resource because the engine scopes every row by a tenant and templates
 * have none (README beside the routes).
 */

/** One page of a list: its records, the total matching, and where it starts (for Content-Range). */
export interface ListPage<R> {
  records: R[];
  total: number;
  skip: number;
}

/** The list fields of a template table, resolved against its entity schema as the engine resolves a definition's. */
function listFields(
  schema: EntitySchema,
  spec: { filterable: readonly string[]; sortable: readonly string[]; search: readonly string[]; defaultSort: { field: string; order: 'asc' | 'desc' } },
): ListFields {
  const fields = new Map<string, Field>();
  const field = (path: string): Field => {
    const known = fields.get(path);
    if (known) return known;
    const property = schema.properties[path];
    if (!property) throw new Error(`template list: no property ${path}`);
    const enumValues = property.enum?.filter((v) => v !== null);
    const resolved: Field = { path, ref: `t.${path}`, kind: kindOf(property), nullable: isNullable(property), ...(enumValues ? { enumValues } : {}) };
    fields.set(path, resolved);
    return resolved;
  };
  return {
    fields,
    filterable: new Set(spec.filterable.map((p) => field(p).path)),
    sortable: new Set(spec.sortable.map((p) => field(p).path)),
    search: spec.search.map(field),
    defaultSort: { field: field(spec.defaultSort.field), order: spec.defaultSort.order },
  };
}

/** Newest first (spec 002 s2); ties by id in the same order, as every engine list. */
const NEWEST_FIRST = { field: 'created_at', order: 'desc' } as const;

const ACTIVITY_LIST = listFields(activityTemplateSchema, {
  filterable: ['id', 'activity_template_family_id', 'version_number', 'is_draft', 'is_latest', 'is_enabled', 'activity_title', 'created_at', 'updated_at'],
  sortable: ['id', 'activity_title', 'version_number', 'is_enabled', 'created_at', 'updated_at'],
  search: ['activity_title'],
  defaultSort: NEWEST_FIRST,
});

/** Ours: a step is also found by its key, the name its builder knows it by. */
const STEP_LIST = listFields(stepTemplateSchema, {
  filterable: ['id', 'step_template_family_id', 'version_number', 'is_draft', 'is_latest', 'step_key', 'step_title', 'created_at', 'updated_at'],
  sortable: ['id', 'step_title', 'step_key', 'version_number', 'created_at', 'updated_at'],
  search: ['step_title', 'step_key'],
  defaultSort: NEWEST_FIRST,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine's condition SQL is written over untyped refs (`t.is_latest`)
type Eb = ExpressionBuilder<any, any>;
const whereOf = (query: ListQuery) => (eb: Eb) =>
  eb.and([...query.conditions.map((c) => conditionSql(eb, c)), ...(query.search ? [searchSql(eb, query.search)] : [])]) as Expression<SqlBool>;

const parse = (request: FastifyRequest, fields: ListFields) => parseListQuery(request.query as Record<string, unknown>, request.headers.range, fields);

/** GET activity-templates: a page of template versions (without their steps) with `steps_count`. */
export async function listActivityTemplates(
  db: Kysely<DB>,
  request: FastifyRequest,
): Promise<ListPage<Omit<ActivityTemplate, 'activity_template_steps'> & { steps_count: number }>> {
  const query = parse(request, ACTIVITY_LIST);
  const where = whereOf(query);
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('activity_templates as t')
      .selectAll('t')
      .select(sql<number>`(select count(*)::int from activity_template_steps s where s.activity_template_id = t.id)`.as('steps_count'))
      .where(where)
      .orderBy(sql.ref(query.sort.ref), query.order)
      .orderBy('t.id', query.order)
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('activity_templates as t')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((row) => ({ ...activityTemplateOf(row), steps_count: Number(row.steps_count) })), total: Number(counted.total), skip: query.skip };
}

/** GET step-templates: a page of step template versions (the builder's picker asks is_latest, 100 a page). */
export async function listStepTemplates(db: Kysely<DB>, request: FastifyRequest): Promise<ListPage<StepTemplate>> {
  const query = parse(request, STEP_LIST);
  const where = whereOf(query);
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('step_templates as t')
      .selectAll('t')
      .where(where)
      .orderBy(sql.ref(query.sort.ref), query.order)
      .orderBy('t.id', query.order)
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    db
      .selectFrom('step_templates as t')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(stepTemplateOf), total: Number(counted.total), skip: query.skip };
}

/**
 * Who reads one template: a builder (clinical_activity_templates.list) reads any version; a
 * clinician running activities (clinical_activities.list) only published ones, a draft being 404
 * to them as if it did not exist.
 */
export type TemplateReader = 'builder' | 'runner';

/** GET activity-templates/{id}: the version with its steps, each with its step template version. */
export async function readActivityTemplate(db: Kysely<DB>, reader: TemplateReader, id: number): Promise<ActivityTemplate> {
  const template = await loadActivityTemplate(db, id);
  if (!template || (reader === 'runner' && template.is_draft)) throw notFound();
  return template;
}

/** GET step-templates/{id}. */
export async function readStepTemplate(db: Kysely<DB>, reader: TemplateReader, id: number): Promise<StepTemplate> {
  const template = await loadStepTemplate(db, id);
  if (!template || (reader === 'runner' && template.is_draft)) throw notFound();
  return template;
}

/**
 * POST activity-templates/{id}/preview-notes: the notes a run with these answers would write
 * (the domain's previewNotes, which the completion writes too), consolidated by type when the
 * template says so. Durations in seconds.
 */
export async function previewTemplateNotes(db: Kysely<DB>, id: number, data: Partial<ActivityData>): Promise<PreviewNote[]> {
  const template = await loadActivityTemplate(db, id);
  if (!template) throw notFound();
  return previewNotes(template.activity_title, runStepsOf(template), data, template.activity_config_json.consolidate_monitoring_activity);
}

/** A trigger cue as the builder's pickers read it: a choice of id and name. */
export interface CueChoice {
  id: string;
  name: string;
}

const cueText = { type: 'string' } as const;
/** The cues' list fields; without `sort` they keep the catalog's order (`position`, not sortable by the client). */
const CUE_LIST = listFields(
  { type: 'object', properties: { id: cueText, name: cueText, position: { type: 'integer' } } },
  { filterable: ['id', 'name'], sortable: ['id', 'name'], search: ['id', 'name'], defaultSort: { field: 'position', order: 'asc' } },
);

/** Whether a cue meets one checked condition of `filter` (string fields: eq, ne, in, notin, like). */
function cueMatches(cue: CueChoice, { field, op, value }: Condition): boolean {
  const own = field.path === 'name' ? cue.name : cue.id;
  switch (op) {
    case 'eq':
      return own === value;
    case 'ne':
      return own !== value;
    case 'in':
      return (value as unknown[]).includes(own);
    case 'notin':
      return !(value as unknown[]).includes(own);
    case 'like':
      return own.toLowerCase().includes(String(value).toLowerCase());
    default:
      return false;
  }
}

/**
 * GET activity-templates/trigger-cues: the catalog's TRIGGER_CUES as `{id, name}` choices, a page
 * of 500 unless the query asks otherwise, filtered (`id[in]` for the pickers' getMany, `q` by name
 * or key) and sorted like any list.
 */
export function listTriggerCues(request: FastifyRequest): ListPage<CueChoice> {
  const raw = request.query as Record<string, unknown>;
  const paged = raw.skip !== undefined || raw.limit !== undefined || request.headers.range !== undefined;
  const query = parseListQuery(paged ? raw : { ...raw, limit: String(TRIGGER_CUES_PAGE_SIZE) }, request.headers.range, CUE_LIST);
  const search = query.search;
  const found = (cue: CueChoice) => !search || search.fields.some((f) => cueMatches(cue, { field: f, op: 'like', value: search.value }));
  const matching = TRIGGER_CUES.map((cue, position) => ({ id: cue.key, name: cue.label, position })).filter(
    (cue) => query.conditions.every((c) => cueMatches(cue, c)) && found(cue),
  );
  const key = query.sort.path as 'id' | 'name' | 'position';
  const direction = query.order === 'asc' ? 1 : -1;
  matching.sort((a, b) => (a[key] < b[key] ? -direction : a[key] > b[key] ? direction : 0));
  return { records: matching.slice(query.skip, query.skip + query.limit).map(({ id, name }) => ({ id, name })), total: matching.length, skip: query.skip };
}
