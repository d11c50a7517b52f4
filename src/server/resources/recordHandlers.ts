import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { notFound } from '../errors';
import type { DB } from '../db/schema';
import { audit } from './audit';
import { callerFor } from './caller';
import { fromDbError } from './dbErrors';
import type { Resource, Values } from './defineResource';
import { prepareWrite } from './prepareWrite';
import { findRecord } from './recordQuery';

type Params = { id: number; patientId?: number };

/** GET /{resource}/{id}: the record if the caller reaches it, else 404 with nothing of it. */
export async function readRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id, patientId }: Params) {
  const caller = callerFor(request, resource, 'read');
  const record = await findRecord(app.db, resource, caller.access, id);
  if (!record || (patientId !== undefined && resource.patient && record[resource.patient.path] !== patientId)) throw notFound();
  await audit(app.db, { request, identity: caller.identity, resource, action: 'read', records: [record] });
  return record;
}

/** POST /{resource}: 201 with the new record. */
export async function createRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, reply: FastifyReply) {
  const caller = callerFor(request, resource, 'create');
  const record = await inTransaction(app.db, resource, async (trx) => {
    const values = await prepareWrite({ trx, resource, caller, values: request.body as Values, existing: null });
    const id = await resource.store.insert(trx, values);
    const created = (await findRecord(trx, resource, caller.access, id)) as Values;
    await audit(trx, { request, identity: caller.identity, resource, action: 'create', records: [created] });
    return created;
  });
  return reply.code(201).send(record);
}

/** PUT and PATCH /{resource}/{id}: the body was validated as a whole record (PUT) or a part (PATCH). */
export async function updateRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id }: Params) {
  const caller = callerFor(request, resource, 'update');
  return inTransaction(app.db, resource, async (trx) => {
    const existing = await findRecord(trx, resource, caller.access, id);
    if (!existing) throw notFound();
    const values = await prepareWrite({ trx, resource, caller, values: request.body as Values, existing });
    await resource.store.update(trx, id, values);
    const updated = (await findRecord(trx, resource, caller.access, id)) as Values;
    await audit(trx, { request, identity: caller.identity, resource, action: 'update', records: [updated], before: existing });
    return updated;
  });
}

/** DELETE /{resource}/{id}: answers the record as it was. */
export async function deleteRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id }: Params) {
  const caller = callerFor(request, resource, 'delete');
  return inTransaction(app.db, resource, async (trx) => {
    const existing = await findRecord(trx, resource, caller.access, id);
    if (!existing) throw notFound();
    await resource.store.remove(trx, id);
    await audit(trx, { request, identity: caller.identity, resource, action: 'delete', records: [existing] });
    return existing;
  });
}

/** A write and its audit row commit together; a database refusal becomes a 409 or 422. */
async function inTransaction<T>(db: Kysely<DB>, resource: Resource, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw fromDbError(error, resource);
  }
}
