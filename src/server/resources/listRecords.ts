import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { clientAddress } from '../plugins/clientAddress';
import type { Identity } from '../plugins/identity';
import { actorOf } from './audit';
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
  // The total and the page are independent: on PostgreSQL they run on two pooled connections at once.
  const [counted, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    resource.patient
      ? auditedPage(app, pageRows, resource.patient.ref, { request, identity: caller.identity, resource, sortRef, order: query.order })
      : pageRows.execute(),
  ]);
  const records = page.map((row) => toRecord(row, resource));
  for (const name of new Set(query.expand)) await resource.expand.get(name)?.(app.db, records, caller);

  const total = Number(counted.total);
  const span = records.length ? `${query.skip}-${query.skip + records.length - 1}` : '*';
  reply.header('content-range', `${resource.name} ${span}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  return records;
}

/**
 * The page of a resource that holds patient data, and its audit row written by the same statement
 * (a data-modifying CTE): no round trip of its own, and no page read without its row (issue 20). The
 * row is audit.ts's for a list: the page's ids in its order, the patient when the page holds one.
 */
async function auditedPage(
  app: FastifyInstance,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's columns are the resource's, known at run time
  pageRows: SelectQueryBuilder<any, any, Values>,
  patientRef: string,
  { request, identity, resource, sortRef, order }: { request: FastifyRequest; identity: Identity; resource: Resource; sortRef: string; order: 'asc' | 'desc' },
): Promise<Values[]> {
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  const page = pageRows.select([
    sql<number>`row_number() over (order by ${sql.ref(sortRef)} ${direction}, ${sql.ref('t.id')} ${direction})`.as('__position'),
    sql<number | null>`${sql.ref(patientRef)}`.as('__patient'),
  ]);
  const actor = actorOf(identity);
  const { ip_address, peer_address } = clientAddress(request);
  const result = await sql<Values>`
    with page as (${page}),
    audited as (
      insert into audit_logs (actor_id, actor_role, actor_name, actor_email, tenant_id, action, resource, record_id, patient_id, ip_address, peer_address, request_id)
      select ${actor.actor_id}::integer, ${actor.actor_role}::text, ${actor.actor_name}::text, ${actor.actor_email}::text, ${identity.tenant_id}::integer,
        'list', ${resource.name}::text, string_agg(page.id::text, ',' order by page.__position),
        case when count(distinct page.__patient) = 1 then min(page.__patient) end,
        ${ip_address}::text, ${peer_address}::text, ${request.id}::text
      from page
    )
    select * from page order by __position`.execute(app.db);
  return result.rows;
}
