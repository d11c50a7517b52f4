import type { Kysely } from 'kysely';
import { activationMissingItems, isReadyToActivate, type MissingItem } from '../../../domain/patientStatusConsent';
import type { DB } from '../../db/schema';
import { loadEnrollmentFacts } from './enrollmentFacts';
import { recordStatusChange, type Actor } from './statusChange';

/** The history's reason of the automatic step from consented to active. */
export const ACTIVATION_REASON = 'Consent-to-active items completed';

/** A change the caller is about to make that the database does not show yet (a care program being saved). */
export interface PendingChange {
  activeCareProgramsDelta?: number;
}

/**
 * Moves a consented patient to active when nothing is missing any more (spec 001 section 4), in
 * the caller's transaction, and says what is still missing. Called after a patient is marked
 * consented, when a care program is saved, when a device is assigned (services/deviceActions.ts,
 * deviceCreation.ts) or a shared device linked (services/sharedDevices.ts), and by Recheck.
 * Returns whether the patient was activated.
 */
export async function activateIfReady(
  trx: Kysely<DB>,
  patientId: number,
  actor: Actor,
  pending: PendingChange = {},
): Promise<{ activated: boolean; missing_items: MissingItem[] }> {
  const loaded = await loadEnrollmentFacts(trx, patientId, { lock: true });
  const facts = { ...loaded, active_care_programs: loaded.active_care_programs + (pending.activeCareProgramsDelta ?? 0) };
  if (!isReadyToActivate(facts)) return { activated: false, missing_items: activationMissingItems(facts) };
  await recordStatusChange(trx, { patientId, tenantId: facts.tenant_id, from: 'consented', to: 'active', actor, reason: ACTIVATION_REASON });
  return { activated: true, missing_items: [] };
}
