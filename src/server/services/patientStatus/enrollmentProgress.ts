import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PatientStatus } from '../../../domain/enums';
import { activationMissingItems, canBeConsented, isRecentlyConsentedAndClaimable } from '../../../domain/patientStatusConsent';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { audit } from '../../resources/audit';
import { callerFor, callerWithPermission } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { patients } from '../../resources/definitions/patients';
import { findRecord } from '../../resources/recordQuery';
import { activateIfReady } from './activation';
import { consentCallerOf, loadEnrollmentFacts } from './enrollmentFacts';

/** The patient of a read about its enrolment, if the caller may read it (404 otherwise); the read is audited. */
async function readablePatient(db: Kysely<DB>, request: FastifyRequest, patientId: number) {
  const { identity, access } = callerFor(request, patients, 'read');
  const record = await findRecord(db, patients, access, patientId);
  if (!record) throw notFound();
  await audit(db, { request, identity, resource: patients, action: 'read', records: [record] });
  return loadEnrollmentFacts(db, patientId);
}

/** GET patients/{id}/can-be-consented: whether Mark consented may be offered, what is missing, whether it needs the acknowledgement. */
export async function canBeConsentedAnswer(db: Kysely<DB>, request: FastifyRequest, patientId: number) {
  const facts = await readablePatient(db, request, patientId);
  return canBeConsented(facts, await consentCallerOf(db, identityOf(request).id));
}

/** GET patients/{id}/consented-to-active-progress: what a consented patient still lacks before becoming active. */
export async function consentedToActiveProgress(db: Kysely<DB>, request: FastifyRequest, patientId: number) {
  const facts = await readablePatient(db, request, patientId);
  return {
    patient_status: facts.patient_status,
    missing_items: activationMissingItems(facts),
    is_recently_consented_and_claimable: isRecentlyConsentedAndClaimable(facts, new Date()),
  };
}

/**
 * POST patients/{id}/check-consented-to-active-status (Recheck, needs
 * patients.check_consented_to_active_status), in the caller's transaction: activates a consented
 * patient whose missing items are complete. Any other status is left as it is and answered as it is.
 */
export async function recheckConsentedToActive(trx: Transaction<DB>, request: FastifyRequest, patientId: number) {
  const { identity, access } = callerWithPermission(request, 'patients.check_consented_to_active_status');
  const before = await findRecord(trx, patients, access, patientId);
  if (!before) throw notFound();
  const result = await activateIfReady(trx, patientId, identity);
  const after = (await findRecord(trx, patients, access, patientId)) as Values;
  await audit(trx, {
    request,
    identity,
    resource: patients,
    action: result.activated ? 'update' : 'read',
    records: [after],
    ...(result.activated ? { before } : {}),
  });
  return { patient_status: after.patient_status as PatientStatus, ...result };
}
