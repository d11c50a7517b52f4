import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { clientAddress } from '../plugins/clientAddress';
import type { Identity } from '../plugins/identity';
import type { Action, Resource, Values } from './defineResource';

export interface AuditEntry {
  request: FastifyRequest;
  identity: Identity;
  resource: Resource;
  action: Action;
  /** The records read or written: one for a record action, the page for a list. */
  records: readonly Values[];
  /** The record before an update, whose patient counts when the update took the patient away. */
  before?: Values;
}

const asNumber = (v: unknown) => (typeof v === 'number' ? v : null);

/** Who acted, copied into the row as they were then: the row keeps naming them whatever becomes of the account. */
/** Who acted, as an audit row names them. */
export type Actor = Pick<Identity, 'id' | 'role' | 'full_name' | 'email' | 'real_role'>;

export const actorOf = (identity: Actor) => ({
  actor_id: identity.id,
  // In a Screen Studio preview, who read is the caller, in their own role (plugins/screenPreview.ts).
  actor_role: identity.real_role ?? identity.role,
  actor_name: identity.full_name,
  actor_email: identity.email,
});

/**
 * Writes the audit row of an action on a resource that holds patient data (one with a patient
 * field); other resources are not audited. Pass the transaction of a write so that the row
 * commits or rolls back with it. A list records the ids of the page it returned.
 */
export async function audit(db: Kysely<DB>, { request, identity, resource, action, records, before }: AuditEntry): Promise<void> {
  if (!resource.patient) return;
  const patientField = resource.patient.path;
  const patients = new Set([...records, ...(before ? [before] : [])].map((r) => asNumber(r[patientField])).filter((id) => id !== null));
  const single = action === 'list' ? undefined : records[0];
  await db
    .insertInto('audit_logs')
    .values({
      ...actorOf(identity),
      tenant_id: single ? asNumber(single[resource.tenant.path]) : identity.tenant_id,
      action,
      resource: resource.name,
      record_id: records.length ? records.map((r) => String(r.id)).join(',') : null,
      patient_id: patients.size === 1 ? ([...patients][0] ?? null) : null,
      ...clientAddress(request),
      request_id: request.id,
    })
    .execute();
}

/**
 * The audit row of a read as a CTE of the read's own statement (`, audited as (insert ...)`): no round
 * trip of its own, and no rows read without their row (issue 20). `from` names the CTE that holds what
 * was read; `record_id`, `tenant_id` and `patient_id` are expressions over it (a list: the page's ids in
 * its order, the caller's tenant, the patient when the page holds one; a record: its id, its tenant, its
 * patient), and `where` keeps the row from being written when nothing is shown (a record of another
 * patient on a patient's path). The columns are audit()'s.
 */
export function auditedCte(
  request: FastifyRequest,
  identity: Identity,
  resource: Resource,
  action: 'list' | 'read',
  row: { from: string; record_id: RawBuilder<unknown>; tenant_id: RawBuilder<unknown>; patient_id: RawBuilder<unknown>; where?: RawBuilder<unknown> },
): RawBuilder<unknown> {
  const actor = actorOf(identity);
  const { ip_address, peer_address } = clientAddress(request);
  return sql`,
    audited as (
      insert into audit_logs (actor_id, actor_role, actor_name, actor_email, tenant_id, action, resource, record_id, patient_id, ip_address, peer_address, request_id)
      select ${actor.actor_id}::integer, ${actor.actor_role}::text, ${actor.actor_name}::text, ${actor.actor_email}::text, ${row.tenant_id},
        ${action}::text, ${resource.name}::text, ${row.record_id}, ${row.patient_id}, ${ip_address}::text, ${peer_address}::text, ${request.id}::text
      from ${sql.table(row.from)}${row.where ? sql` where ${row.where}` : sql``}
    )`;
}

/**
 * One audit row per record a write changed, each with the record as it was where given: the
 * programs an unenrolment ends, the patients an Assign to Provider moves.
 */
export async function auditEach(
  db: Kysely<DB>,
  entry: Omit<AuditEntry, 'records' | 'before'>,
  changes: readonly { record: Values; before?: Values | undefined }[],
): Promise<void> {
  for (const { record, before } of changes) await audit(db, { ...entry, records: [record], ...(before ? { before } : {}) });
}

export interface PatientAuditEntry {
  request: FastifyRequest;
  identity: Actor;
  /** The name the rows carry in `resource` (`patient-group-members`). */
  resource: string;
  action: Action;
  tenantId: number | null;
  /** One row each: the patient and the id of what was written about them (`{group}:{patient}`). */
  records: readonly { patientId: number; recordId: string }[];
}

/**
 * The audit rows of a write to patient data that is not one resource's record (a group's
 * members): one row per patient, so that "who touched this patient" finds each. Pass the write's
 * transaction.
 */
export async function auditPatients(db: Kysely<DB>, { request, identity, resource, action, tenantId, records }: PatientAuditEntry): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('audit_logs')
    .values(
      records.map((r) => ({
        ...actorOf(identity),
        tenant_id: tenantId,
        action,
        resource,
        record_id: r.recordId,
        patient_id: r.patientId,
        ...clientAddress(request),
        request_id: request.id,
      })),
    )
    .execute();
}

export interface TenantAuditEntry {
  request: FastifyRequest;
  identity: Actor;
  /** The name the row carries in `resource` (`invoices`, `providers`). */
  resource: string;
  action: Action;
  tenantId: number | null;
  recordId: string;
}

/**
 * The audit row of a read or write of a provider's data that names no one patient: an invoice's
 * preview or file (many patients, as a list's row), an offboarding. Pass the write's transaction.
 */
export async function auditTenantRecord(db: Kysely<DB>, { request, identity, resource, action, tenantId, recordId }: TenantAuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      ...actorOf(identity),
      tenant_id: tenantId,
      action,
      resource,
      record_id: recordId,
      patient_id: null,
      ...clientAddress(request),
      request_id: request.id,
    })
    .execute();
}
