import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { notFound } from '../errors';
import type { DB } from '../db/schema';
import type { Identity } from '../plugins/identity';
import { audit, auditedCte, auditEach } from './audit';
import { callerFor, type Caller } from './caller';
import type { Action, Resource, Values } from './defineResource';
import { prepareWrite } from './prepareWrite';
import { parseReadExpand } from './listQuery';
import type { Field } from './fields';
import { findRecord, recordColumns, toRecord, visibleRows } from './recordQuery';
import { withTransaction } from './transaction';
import { withExpansions, withoutReadOnly } from './writeSchema';

type Params = { id: number; patientId?: number };

/** On a patient-scoped path the record must be that patient's, else it is not there (404). */
const ofOtherPatient = (resource: Resource, record: Values, patientId: number | undefined) =>
  patientId !== undefined && resource.patient !== null && record[resource.patient.path] !== patientId;

/** The body of a write, with the path's patient as the record's on a patient-scoped path. */
function bodyOf(resource: Resource, request: FastifyRequest, patientId: number | undefined, creating: boolean): Values {
  const body = request.body as Values;
  const path = resource.patient?.path;
  if (patientId === undefined || path === undefined || !(creating || path in body)) return body;
  return { ...body, [path]: patientId };
}

/** The write context's `audit`: rows of the resource that the write's own rules change too. */
const auditOthers = (trx: Transaction<DB>, resource: Resource, request: FastifyRequest, identity: Identity) => (action: Action, records: readonly Values[]) =>
  auditEach(
    trx,
    { request, identity, resource, action },
    records.map((record) => ({ record })),
  );

/**
 * GET /{resource}/{id}: the record if the caller reaches it, else 404 with nothing of it; with what
 * `meta={"expand": [...]}` asks of the resource's expansions (the patient's chart), audited as the read.
 */
export async function readRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id, patientId }: Params) {
  const caller = callerFor(request, resource, 'read');
  const expand = parseReadExpand(request.query as Record<string, unknown>);
  const record = resource.patient
    ? await findRecordAudited(app, resource, resource.patient, caller, request, { id, patientId })
    : await findRecord(app.db, resource, caller.access, id);
  if (!record || ofOtherPatient(resource, record, patientId)) throw notFound();
  for (const name of new Set(expand)) await resource.expand.get(name)?.(app.db, [record], caller);
  return record;
}

/**
 * A record of patient data and the audit row of its read in one statement (issue 20: the row was a round
 * trip of its own): written only when the record is found and shown, not for a 404 (another patient's
 * record on a patient's path).
 */
async function findRecordAudited(app: FastifyInstance, resource: Resource, patient: Field, caller: Caller, request: FastifyRequest, { id, patientId }: Params) {
  const found = visibleRows(app.db, resource, caller.access, (eb) => eb('t.id', '=', id)).select((eb) => [
    ...recordColumns(eb, resource),
    sql<number | null>`${sql.ref(resource.tenant.ref)}`.as('__tenant'),
    sql<number | null>`${sql.ref(patient.ref)}`.as('__patient'),
  ]);
  const audited = auditedCte(request, caller.identity, resource, 'read', {
    from: 'found',
    record_id: sql`found.id::text`,
    tenant_id: sql`found.__tenant`,
    patient_id: sql`found.__patient`,
    ...(patientId === undefined ? {} : { where: sql`found.__patient = ${patientId}::integer` }),
  });
  const { rows } = await sql<Values>`with found as (${found})${audited} select * from found`.execute(app.db);
  return rows[0] ? toRecord(rows[0], resource) : undefined;
}

/** POST /{resource} (and /patients/{patient_id}/{resource}): 201 with the new record. */
export async function createRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, reply: FastifyReply, patientId?: number) {
  const caller = callerFor(request, resource, 'create');
  const record = await withTransaction(
    app.db,
    async (trx) => {
      const body = bodyOf(resource, request, patientId, true);
      const values = await prepareWrite({ trx, resource, caller, values: body, existing: null, audit: auditOthers(trx, resource, request, caller.identity) });
      const id = await resource.store.insert(trx, values);
      const created = (await findRecord(trx, resource, caller.access, id)) as Values;
      await audit(trx, { request, identity: caller.identity, resource, action: 'create', records: [created] });
      await resource.afterWrite?.({ trx, identity: caller.identity, action: 'create', before: null, after: created });
      if (!resource.afterCreate) return created;
      const added = await resource.afterCreate({ trx, request, identity: caller.identity, id, body });
      return { ...((await findRecord(trx, resource, caller.access, id)) as Values), ...added };
    },
    resource,
  );
  return reply.code(201).send(record);
}

/** The record an update or a delete changes: within the caller's reach and, on a patient-scoped path, that patient's; else 404. */
async function existingRecord(trx: Transaction<DB>, resource: Resource, caller: Caller, { id, patientId }: Params): Promise<Values> {
  const existing = await findRecord(trx, resource, caller.access, id);
  if (!existing || ofOtherPatient(resource, existing, patientId)) throw notFound();
  return existing;
}

/**
 * PUT and PATCH /{resource}/{id}: the body was validated as a whole record (PUT) or a part (PATCH);
 * the read-only fields a client sends back with the record it read are dropped here, unwritten.
 */
export async function updateRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id, patientId }: Params) {
  const caller = callerFor(request, resource, 'update');
  return withTransaction(
    app.db,
    async (trx) => {
      const existing = await existingRecord(trx, resource, caller, { id, patientId });
      const body = withoutReadOnly(withExpansions(resource.schema, resource.expand.keys()), bodyOf(resource, request, patientId, false));
      const values = await prepareWrite({ trx, resource, caller, values: body, existing, audit: auditOthers(trx, resource, request, caller.identity) });
      await resource.store.update(trx, id, values);
      const updated = (await findRecord(trx, resource, caller.access, id)) as Values;
      await audit(trx, { request, identity: caller.identity, resource, action: 'update', records: [updated], before: existing });
      await resource.afterWrite?.({ trx, identity: caller.identity, action: 'update', before: existing, after: updated });
      return updated;
    },
    resource,
  );
}

/** DELETE /{resource}/{id}: answers the record as it was. */
export async function deleteRecord(app: FastifyInstance, resource: Resource, request: FastifyRequest, { id, patientId }: Params) {
  const caller = callerFor(request, resource, 'delete');
  return withTransaction(
    app.db,
    async (trx) => {
      const existing = await existingRecord(trx, resource, caller, { id, patientId });
      await resource.store.remove(trx, id);
      await audit(trx, { request, identity: caller.identity, resource, action: 'delete', records: [existing] });
      await resource.afterWrite?.({ trx, identity: caller.identity, action: 'delete', before: existing, after: null });
      return existing;
    },
    resource,
  );
}
