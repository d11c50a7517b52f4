import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { auditPatients } from '../../resources/audit';
import { patientGroups } from '../../resources/definitions';
import { findRecord } from '../../resources/recordQuery';
import { groupPatients, groupToChange, refusedPatients } from './groupPatients';

/**
 * POST patient-groups/{id}/patients {patient_ids}, in the caller's transaction: every patient must
 * be within the caller's reach and of the group's provider, else 422 naming each refused one and
 * nothing is added. Patients already in the group stay as they are. Answers the group with its new count.
 */
export async function addGroupPatients(trx: Transaction<DB>, request: FastifyRequest, groupId: number, ids: readonly number[]) {
  const { caller, tenantId, patientReach } = await groupToChange(trx, request, groupId);
  const refused = refusedPatients(ids, await groupPatients(trx, patientReach, tenantId, ids));
  if (refused) throw refused;
  const added = await trx
    .insertInto('patient_group_members')
    .values(ids.map((patientId) => ({ group_id: groupId, patient_id: patientId })))
    .onConflict((oc) => oc.columns(['group_id', 'patient_id']).doNothing())
    .returning('patient_id')
    .execute();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: 'patient-group-members',
    action: 'create',
    tenantId,
    records: added.map((row) => ({ patientId: row.patient_id, recordId: `${groupId}:${row.patient_id}` })),
  });
  return findRecord(trx, patientGroups, caller.access, groupId);
}
