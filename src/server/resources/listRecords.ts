import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from './audit';
import { callerFor } from './caller';
import { conditionSql, searchSql } from './conditionSql';
import type { Resource } from './defineResource';
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
  // The total and the page are independent: on PostgreSQL they run on two pooled connections at once.
  const [counted, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    visibleRows(app.db, resource, caller.access, (eb) => eb(eb.ref('t.id'), 'in', pageIds))
      .select((eb) => recordColumns(eb, resource))
      .orderBy(sortRef, query.order)
      .orderBy('t.id', query.order)
      .execute(),
  ]);
  const records = page.map((row) => toRecord(row, resource));
  for (const name of new Set(query.expand)) await resource.expand.get(name)?.(app.db, records, caller);
  await audit(app.db, { request, identity: caller.identity, resource, action: 'list', records });

  const total = Number(counted.total);
  const span = records.length ? `${query.skip}-${query.skip + records.length - 1}` : '*';
  reply.header('content-range', `${resource.name} ${span}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  return records;
}
