import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Identity } from '../plugins/identity';
import { auditedCte } from './audit';
import { countApart, countTimed } from './countPlacement';
import { callerFor } from './caller';
import { conditionSql, searchSql } from './conditionSql';
import type { Resource, Values } from './defineResource';
import { parseListQuery } from './listQuery';
import { recordColumns, toRecord, visibleRows } from './recordQuery';

/**
 * GET /{resource} (and /patients/{patient_id}/{resource}): one page of the rows the caller
 * reaches, as a JSON array, with the total in `Content-Range: {resource} 0-9/123`. `within`
 * keeps the rows of one parent: `{ref: 't.patient_id', id: 12}` for a patient-scoped path.
 */
export async function listRecords(
  app: FastifyInstance,
  resource: Resource,
  request: FastifyRequest,
  reply: FastifyReply,
  within?: { ref: string; id: number },
) {
  const caller = callerFor(request, resource, 'list');
  const query = parseListQuery(request.query as Record<string, unknown>, request.headers.range, resource, caller.identity.id);
  const rows = visibleRows(app.db, resource, caller.access, (eb) =>
    eb.and([
      ...query.conditions.map((c) => conditionSql(eb, c)),
      ...(query.search ? [searchSql(eb, query.search)] : []),
      ...(within ? [eb(eb.ref(within.ref), '=', within.id)] : []),
    ]),
  );
  const sortRef = query.sort.orderRef ?? query.sort.ref;
  // The page is chosen on ids alone, then its records are read: the joins and computed fields of a
  // record are worked out for the page's rows, not for every match before the sort (a name search
  // matching 940 patients would otherwise read 940 accounts to show 10).
  const pageIds = rows.select('t.id').orderBy(sortRef, query.order).orderBy('t.id', query.order).offset(query.skip).limit(query.limit);
  const pageRows = visibleRows(app.db, resource, caller.access, (eb) => eb(eb.ref('t.id'), 'in', pageIds))
    .select((eb) => recordColumns(eb, resource))
    .orderBy(sortRef, query.order)
    .orderBy('t.id', query.order);
  const page = await pageWithTotal(
    app,
    pageRows,
    rows.select((eb) => eb.fn.countAll<number>().as('total')),
    {
      request,
      identity: caller.identity,
      resource,
      sortRef,
      order: query.order,
    },
  );
  const records = page.rows.map((row) => toRecord(row, resource));
  for (const name of new Set(query.expand)) await resource.expand.get(name)?.(app.db, records, caller);

  const total = page.total;
  const span = records.length ? `${query.skip}-${query.skip + records.length - 1}` : '*';
  reply.header('content-range', `${resource.name} ${span}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  return records;
}

/**
 * The page and its total, the total either counted in the page's statement (`with page as (...), total as
 * (...)`: the total joined to every row of the page, or alone when the page is empty) or by a statement
 * of its own at the same time on another connection, as countPlacement.ts decides. A resource that holds
 * patient data writes its audit row in the page's statement (a data-modifying CTE): no page read without
 * its row. The row is audit.ts's for a list: the page's ids in its order, the patient when the page holds one.
 */
async function pageWithTotal(
  app: FastifyInstance,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's columns are the resource's, known at run time
  pageRows: SelectQueryBuilder<any, any, Values>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  counted: SelectQueryBuilder<any, any, { total: number }>,
  { request, identity, resource, sortRef, order }: { request: FastifyRequest; identity: Identity; resource: Resource; sortRef: string; order: 'asc' | 'desc' },
): Promise<{ rows: Values[]; total: number }> {
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const page = pageRows.select([
    sql<number>`row_number() over (order by ${sql.ref(sortRef)} ${direction}, ${sql.ref('t.id')} ${direction})`.as('__position'),
    ...(resource.patient ? [sql<number | null>`${sql.ref(resource.patient.ref)}`.as('__patient')] : []),
  ]);
  const audited = resource.patient
    ? auditedCte(request, identity, resource, 'list', {
        from: 'page',
        record_id: sql`string_agg(page.id::text, ',' order by page.__position)`,
        tenant_id: sql`${identity.tenant_id}::integer`,
        patient_id: sql`case when count(distinct page.__patient) = 1 then min(page.__patient) end`,
      })
    : sql``;
  // The list's statement with its count in it is compiled once: its text names the list for
  // countPlacement.ts, and it is what runs when the count is cheap (the hot path compiles nothing else).
  const together = sql<Values & { __total: number | string; __position: number | null }>`
    with page as (${page}),
    total as (${counted})${audited}
    select total.total as __total, page.* from total left join page on true order by page.__position`.compile(app.db);
  if (countApart(together.sql)) {
    const started = performance.now();
    const [total, result] = await Promise.all([
      counted.executeTakeFirst().then((answer) => {
        countTimed(together.sql, performance.now() - started);
        return Number(answer?.total ?? 0);
      }),
      sql<Values>`with page as (${page})${audited} select page.* from page order by page.__position`.execute(app.db),
    ]);
    return { rows: result.rows, total };
  }
  const result = await app.db.executeQuery(together);
  const first = result.rows[0];
  return {
    // An empty page is the one row of the total, its page columns null.
    rows: first?.__position === null || first?.__position === undefined ? [] : result.rows,
    total: Number(first?.__total ?? 0),
  };
}
