import type { PatientStatus } from './enums';
import { missing, refused, transitionRefusal, type StatusRefusal } from './patientStatus';
import type { Role } from './roles';

/**
 * Consent and activation (spec 001 sections 4, 5 "Mark consented" and 9): who can be consented,
 * what marking consented checks, and what a consented patient still lacks before the automatic
 * step to active.
 */

/** Spec 001 section 9: "Minimum 2 active care programs expected before consent". */
export const MIN_ACTIVE_CARE_PROGRAMS = 2;
/** How long after consent a patient counts as recently consented (is_recently_consented_and_claimable). */
export const RECENT_CONSENT_DAYS = 30;

export const DATE_OF_BIRTH_MISMATCH = 'Date of birth does not match patient record';
export const CARE_PROGRAM_ACKNOWLEDGEMENT = 'Please acknowledge the care program warning';

/** What the rules read of a patient; the server counts the care programs and devices. */
export interface EnrollmentFacts {
  patient_status: PatientStatus;
  /** `yyyy-mm-dd` or null. */
  birthdate: string | null;
  billing_provider_id: number | null;
  active_care_programs: number;
  assigned_devices: number;
  /** Shared devices linked to the patient (POST devices/assign-shared-device): they count as a device for activation. */
  shared_devices?: number;
  consented_on: Date | string | null;
  /** The enrolment happens remotely: no check-in needed to consent (spec 001 section 5). */
  virtual_enrollment?: boolean | null;
}

/**
 * The caller's side of marking consented (spec 001 section 5): where attendance is enforced for
 * the user, they must be checked in, unless the patient's enrolment is virtual.
 */
export interface ConsentCaller {
  attendance_enforced: boolean;
  checked_in: boolean;
}
/** A caller the attendance rule does not concern. */
export const UNTRACKED_CALLER: ConsentCaller = { attendance_enforced: false, checked_in: false };
export const CHECK_IN_REQUIRED = 'Check in before marking a patient consented';
const CHECK_IN_ITEM: MissingItem = { key: 'check_in', text: 'You are checked in, or the enrollment is virtual' };

/** Whether the attendance rule stops this caller from consenting this patient. */
export function needsCheckIn(facts: EnrollmentFacts, caller: ConsentCaller): boolean {
  return caller.attendance_enforced && !caller.checked_in && facts.virtual_enrollment !== true;
}

/** One thing a patient still lacks: a key for callers and the text the console shows. */
export interface MissingItem {
  key: string;
  text: string;
}

interface Requirement extends MissingItem {
  met: (facts: EnrollmentFacts) => boolean;
}

const itemsMissing = (requirements: readonly Requirement[], facts: EnrollmentFacts): MissingItem[] =>
  requirements.filter((r) => !r.met(facts)).map(({ key, text }) => ({ key, text }));

/**
 * What marking consented needs of the record (spec silent beyond the date-of-birth check): a
 * pending patient, a birthdate to check the entered one against, and the primary billing provider
 * that care programs are billed through.
 */
export const CONSENT_REQUIREMENTS: readonly Requirement[] = [
  { key: 'status', text: 'Patient status is Pending', met: (f) => f.patient_status === 'pending_enrollment' },
  { key: 'birthdate', text: 'Date of birth on the patient record', met: (f) => f.birthdate !== null },
  { key: 'billing_provider', text: 'A primary billing provider', met: (f) => f.billing_provider_id !== null },
];

/**
 * What a consented patient lacks before becoming active automatically (spec silent on the list):
 * the care programs that consent expects (section 9's minimum) and a device to monitor with, its
 * own or a shared one it was linked to.
 */
export const ACTIVATION_REQUIREMENTS: readonly Requirement[] = [
  { key: 'care_programs', text: `At least ${MIN_ACTIVE_CARE_PROGRAMS} active care programs`, met: (f) => f.active_care_programs >= MIN_ACTIVE_CARE_PROGRAMS },
  { key: 'device', text: 'A device assigned to the patient', met: (f) => f.assigned_devices + (f.shared_devices ?? 0) > 0 },
];

/** The answer of GET patients/{id}/can-be-consented, plus what the Mark consented dialog needs to ask. */
export function canBeConsented(facts: EnrollmentFacts, caller: ConsentCaller = UNTRACKED_CALLER) {
  const missingItems = [...itemsMissing(CONSENT_REQUIREMENTS, facts), ...(needsCheckIn(facts, caller) ? [CHECK_IN_ITEM] : [])];
  return {
    can_be_consented: missingItems.length === 0,
    missing_items: missingItems,
    active_care_programs: facts.active_care_programs,
    needs_care_program_acknowledgement: facts.active_care_programs < MIN_ACTIVE_CARE_PROGRAMS,
  };
}

export interface MarkConsentedRequest {
  /** The date of birth as entered, `yyyy-mm-dd`. */
  birthdate?: string | null | undefined;
  acknowledge_care_programs?: boolean | null | undefined;
}

/**
 * Why marking consented is refused, or null: the transition and role, what the record lacks, the
 * attendance rule for the caller, the entered date of birth against the record's, and the
 * acknowledgement below the care-program minimum.
 * @example markConsentedRefusal('staff', facts, { birthdate: '1950-01-02' }) // refused 'Date of birth does not match patient record'
 */
export function markConsentedRefusal(
  role: Role,
  facts: EnrollmentFacts,
  request: MarkConsentedRequest,
  caller: ConsentCaller = UNTRACKED_CALLER,
): StatusRefusal | null {
  const transition = transitionRefusal(role, facts.patient_status, 'consented', 'mark_consented');
  if (transition) return transition;
  const lacking = itemsMissing(CONSENT_REQUIREMENTS, facts);
  if (lacking.length > 0) return refused(`The patient cannot be consented yet: ${lacking.map((item) => item.text).join(', ')}`);
  if (needsCheckIn(facts, caller)) return refused(CHECK_IN_REQUIRED);
  if (!request.birthdate) return missing('birthdate');
  if (request.birthdate !== facts.birthdate) return refused(DATE_OF_BIRTH_MISMATCH);
  if (facts.active_care_programs < MIN_ACTIVE_CARE_PROGRAMS && request.acknowledge_care_programs !== true) return refused(CARE_PROGRAM_ACKNOWLEDGEMENT);
  return null;
}

/** What a consented patient lacks before becoming active; empty for any other status. */
export function activationMissingItems(facts: EnrollmentFacts): MissingItem[] {
  return facts.patient_status === 'consented' ? itemsMissing(ACTIVATION_REQUIREMENTS, facts) : [];
}

/** Whether a patient moves from consented to active now (spec 001 section 4: once the missing items are completed). */
export function isReadyToActivate(facts: EnrollmentFacts): boolean {
  return facts.patient_status === 'consented' && itemsMissing(ACTIVATION_REQUIREMENTS, facts).length === 0;
}

/**
 * is_recently_consented_and_claimable of GET consented-to-active-progress (spec silent): consented
 * within RECENT_CONSENT_DAYS and with an active care program, so that the enrolment can still be billed.
 */
export function isRecentlyConsentedAndClaimable(facts: EnrollmentFacts, now: Date): boolean {
  if (facts.patient_status !== 'consented' || facts.consented_on === null) return false;
  const age = now.getTime() - new Date(facts.consented_on).getTime();
  return age >= 0 && age <= RECENT_CONSENT_DAYS * 86_400_000 && facts.active_care_programs > 0;
}
