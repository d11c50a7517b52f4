import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Identity } from '../../plugins/identity';
import { auditEach } from '../../resources/audit';
import { serviceInstances } from '../../resources/definitions/serviceInstances';

/**
 * Ends a patient's active care programs on unenrolment (spec 001 section 4), in the caller's
 * transaction: inactive from today (or an earlier end date it had), or from the start of a program that has not begun yet (an
 * inactive program needs an end date, never before its start). Each program gets its audit row.
 */
export async function deactivateCarePrograms(trx: Transaction<DB>, request: FastifyRequest, identity: Identity, patientId: number): Promise<void> {
  const ended = await trx
    .updateTable('service_instances')
    .set({ is_active: false, end: sql<string>`greatest(start, least(coalesce("end", current_date), current_date))` })
    .where('patient_id', '=', patientId)
    .where('is_active', '=', true)
    .returningAll()
    .execute();
  await auditEach(
    trx,
    { request, identity, resource: serviceInstances, action: 'update' },
    ended.map((program) => ({ record: program, before: { ...program, is_active: true } })),
  );
}
