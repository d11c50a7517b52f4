import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../errors';
import type { Trx } from '../../resources/defineResource';
import { callerFor } from '../../resources/caller';
import { patientGroups, patients } from '../../resources/definitions';
import { findRecord, visibleRows } from '../../resources/recordQuery';
import { MISSING_REFERENCE } from '../../resources/references';

/**
 * The group a membership change is about, if the caller may change it (patient_groups.update:
 * 403 without the key, 404 for a group out of reach), with the caller's reach over patients.
 */
export async function groupToChange(trx: Trx, request: FastifyRequest, groupId: number) {
  const caller = callerFor(request, patientGroups, 'update');
  const patientReach = callerFor(request, patients, 'read').access;
  const group = await findRecord(trx, patientGroups, caller.access, groupId);
  if (!group) throw notFound();
  return { caller, group, tenantId: group.tenant_id as number, patientReach };
}

/**
 * The patients the caller reaches that belong to the group's provider, among `ids`: a patient of
 * another provider can never join, and one out of reach is refused exactly like an unknown id.
 */
export async function groupPatients(
  trx: Trx,
  patientReach: ReturnType<typeof callerFor>['access'],
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await visibleRows(trx, patients, patientReach, (eb) => eb.and([eb('t.id', 'in', ids), eb('t.tenant_id', '=', tenantId)]))
    .select('t.id')
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/** 422 naming every refused entry of body.patient_ids, so that the caller sees them all at once. */
export function refusedPatients(ids: readonly number[], found: ReadonlySet<number>): HttpError | null {
  const refused = ids.flatMap((id, index) => (found.has(id) ? [] : [{ loc: ['body', 'patient_ids', index], msg: MISSING_REFERENCE, type: 'foreign_key' }]));
  return refused.length ? new HttpError(422, refused) : null;
}
