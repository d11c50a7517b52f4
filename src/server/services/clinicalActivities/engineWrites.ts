import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { audit, auditEach } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Resource, Values } from '../../resources/defineResource';
import { prepareWrite } from '../../resources/prepareWrite';
import { findRecord } from '../../resources/recordQuery';

/**
 * The records a run writes of other resources (its monitoring notes, the tasks and encounters its
 * answers ask for) go through the engine's own path, as a POST or DELETE of that resource would:
 * the resource's tenancy and rules (`prepareWrite`), its store, its audit row, and its `afterWrite`
 * (a note's month of services, a task's activities), in the run's transaction. The caller is the
 * run's: its reach for the run's action decides what the records may name.
 */

interface Context {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
}

export async function createThrough({ trx, request, caller }: Context, resource: Resource, values: Values): Promise<Values> {
  const others = (action: Parameters<typeof auditEach>[1]['action'], records: readonly Values[]) =>
    auditEach(
      trx,
      { request, identity: caller.identity, resource, action },
      records.map((record) => ({ record })),
    );
  const prepared = await prepareWrite({ trx, resource, caller, values, existing: null, audit: others });
  const id = await resource.store.insert(trx, prepared);
  const created = (await findRecord(trx, resource, caller.access, id)) as Values;
  await audit(trx, { request, identity: caller.identity, resource, action: 'create', records: [created] });
  await resource.afterWrite?.({ trx, identity: caller.identity, action: 'create', before: null, after: created });
  return created;
}

export async function deleteThrough({ trx, request, caller }: Context, resource: Resource, record: Values): Promise<void> {
  await resource.store.remove(trx, record.id as number);
  await audit(trx, { request, identity: caller.identity, resource, action: 'delete', records: [record] });
  await resource.afterWrite?.({ trx, identity: caller.identity, action: 'delete', before: record, after: null });
}
