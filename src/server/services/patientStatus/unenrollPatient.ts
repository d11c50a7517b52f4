import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { UnenrollBody } from '../../../../schemas/payloads/patientStatus';
import { unassignsDevices, unenrollDeviceNote, unenrollReasonText, unenrollRefusal } from '../../../domain/patientStatusUnenroll';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { audit } from '../../resources/audit';
import { callerFor } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { patients } from '../../resources/definitions/patients';
import { findRecord } from '../../resources/recordQuery';
import { deactivateCarePrograms } from './deactivateCarePrograms';
import { loadEnrollmentFacts } from './enrollmentFacts';
import { refusalError } from './refusal';
import { recordStatusChange } from './statusChange';
import { unassignPatientDevices } from './unassignPatientDevices';

/**
 * POST patients/{id}/unenroll (spec 001 sections 4 and 5): the patient becomes disabled
 * (Unenrolled), its active care programs end today, and its devices are unassigned unless
 * `skip` keeps them (with device_skip_reason). All in the caller's transaction with the history,
 * the monitoring activity and the audit rows; a refusal changes nothing. Answers the patient record.
 */
export async function unenrollPatient(trx: Transaction<DB>, request: FastifyRequest, patientId: number, body: UnenrollBody): Promise<Values> {
  const { identity, access } = callerFor(request, patients, 'update');
  const before = await findRecord(trx, patients, access, patientId);
  if (!before) throw notFound();
  const facts = await loadEnrollmentFacts(trx, patientId, { lock: true });
  const refusal = unenrollRefusal(identity.role, facts, body);
  if (refusal) throw refusalError(refusal);
  if (unassignsDevices(body)) await unassignPatientDevices(trx, request, identity, patientId);
  await deactivateCarePrograms(trx, request, identity, patientId);
  await recordStatusChange(trx, {
    patientId,
    tenantId: facts.tenant_id,
    from: facts.patient_status,
    to: 'disabled',
    actor: identity,
    reason: unenrollReasonText(body),
    details: unenrollDeviceNote(body, facts.assigned_devices),
    columns: { unenrolled_reason: body.reason ?? null, unenrolled_reason_other: body.reason === 'other' ? (body.reason_other?.trim() ?? null) : null },
  });
  const after = (await findRecord(trx, patients, access, patientId)) as Values;
  await audit(trx, { request, identity, resource: patients, action: 'update', records: [after], before });
  return after;
}
