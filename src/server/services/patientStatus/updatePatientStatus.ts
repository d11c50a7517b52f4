import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { StatusBody } from '../../../../schemas/payloads/patientStatus';
import { statusDialogReason, statusDialogRefusal } from '../../../domain/patientStatus';
import { markConsentedRefusal } from '../../../domain/patientStatusConsent';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { audit } from '../../resources/audit';
import { callerFor } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { patients } from '../../resources/definitions/patients';
import { findRecord } from '../../resources/recordQuery';
import { activateIfReady } from './activation';
import { consentCallerOf, loadEnrollmentFacts } from './enrollmentFacts';
import { refusalError } from './refusal';
import { recordStatusChange } from './statusChange';

/**
 * POST patients/{id}/status: the status dialog's change, or Mark consented (with the date-of-birth
 * check and the care-program acknowledgement, then the automatic step to active when nothing is
 * missing), in the caller's transaction: the patient, its history, the monitoring activity and the
 * audit row. Answers the patient record as GET patients/{id} does.
 */
export async function updatePatientStatus(trx: Transaction<DB>, request: FastifyRequest, patientId: number, body: StatusBody): Promise<Values> {
  const { identity, access } = callerFor(request, patients, 'update');
  const before = await findRecord(trx, patients, access, patientId);
  if (!before) throw notFound();
  const facts = await loadEnrollmentFacts(trx, patientId, { lock: true });
  const change = { patientId, tenantId: facts.tenant_id, from: facts.patient_status, actor: identity };
  if (body.patient_status === 'consented') {
    const refusal = markConsentedRefusal(identity.role, facts, body, await consentCallerOf(trx, identity.id));
    if (refusal) throw refusalError(refusal);
    await recordStatusChange(trx, { ...change, to: 'consented', reason: null });
    await activateIfReady(trx, patientId, identity);
  } else {
    const refusal = statusDialogRefusal(identity.role, facts.patient_status, body);
    if (refusal) throw refusalError(refusal);
    const columns =
      body.patient_status === 'declined'
        ? { declined_reason: body.declined_reason ?? null }
        : body.patient_status === 'unseen'
          ? { unseen_reason: body.unseen_reason ?? null }
          : {};
    await recordStatusChange(trx, { ...change, to: body.patient_status, reason: statusDialogReason(body), columns });
  }
  const after = (await findRecord(trx, patients, access, patientId)) as Values;
  await audit(trx, { request, identity, resource: patients, action: 'update', records: [after], before });
  return after;
}
