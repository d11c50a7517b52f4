import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { auditPatients } from '../../resources/audit';
import { patientGroups } from '../../resources/definitions';
import { findRecord } from '../../resources/recordQuery';
import { groupPatients, groupToChange } from './groupPatients';

/**
 * DELETE patient-groups/{id}/patients/{patient_id}, in the caller's transaction: takes one patient
 * out of the group. A group or a patient out of the caller's reach, or a patient who is not a
 * member, is 404. Answers the group.
 */
export async function removeGroupPatient(trx: Transaction<DB>, request: FastifyRequest, groupId: number, patientId: number) {
  const { caller, tenantId, patientReach } = await groupToChange(trx, request, groupId);
  if (!(await groupPatients(trx, patientReach, tenantId, [patientId])).has(patientId)) throw notFound();
  const removed = await trx
    .deleteFrom('patient_group_members')
    .where('group_id', '=', groupId)
    .where('patient_id', '=', patientId)
    .returning('patient_id')
    .execute();
  if (removed.length === 0) throw notFound();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: 'patient-group-members',
    action: 'delete',
    tenantId,
    records: [{ patientId, recordId: `${groupId}:${patientId}` }],
  });
  return findRecord(trx, patientGroups, caller.access, groupId);
}
