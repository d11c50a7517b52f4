import { describe, expect, it } from 'vitest';
import { PATIENT_STATUSES, type PatientStatus } from '../../src/domain/enums';
import { describeStatusChange, statusChoices, statusDialogReason, statusDialogRefusal, transitionRefusal } from '../../src/domain/patientStatus';
import {
  activationMissingItems,
  canBeConsented,
  isReadyToActivate,
  isRecentlyConsentedAndClaimable,
  markConsentedRefusal,
  type EnrollmentFacts,
} from '../../src/domain/patientStatusConsent';
import { unassignsDevices, unenrollReasonText, unenrollRefusal } from '../../src/domain/patientStatusUnenroll';
import { ROLES, type Role } from '../../src/domain/roles';

/**
 * The expected outcomes, written from the spec (001 sections 4, 5 and 6; 002 sections 4 and 6),
 * not from the code. Status dialog, from -> chosen status: `all` = every console role, `admin` =
 * superadmin, internal_admin, internal_billing_admin only, absent = refused.
 * - "Active can be selected only by superadmin, internal_admin, internal_billing_admin."
 * - "Consented and disabled are not directly selectable in the status dialog."
 * - "From pending_enrollment a user can mark ... unseen or declined. From unseen a user can mark pending."
 * - "Disabled patients cannot be marked declined, unseen or pending."
 * Ours where the spec is silent (see src/domain/patientStatus.ts): declined -> pending, consented ->
 * declined, unseen -> declined; active leaves only through Unenroll.
 */
type Who = 'all' | 'admin';
const DIALOG: Record<PatientStatus, Partial<Record<PatientStatus, Who>>> = {
  pending_enrollment: { active: 'admin', declined: 'all', unseen: 'all' },
  consented: { active: 'admin', declined: 'all' },
  active: {},
  declined: { pending_enrollment: 'all', active: 'admin' },
  unseen: { pending_enrollment: 'all', active: 'admin', declined: 'all' },
  disabled: { active: 'admin' },
};
const ADMINS: readonly Role[] = ['superadmin', 'internal_admin', 'internal_billing_admin'];
const CONSOLE_ROLES = ROLES.filter((role) => role !== 'patient');
const allowed = (who: Who | undefined, role: Role) => (who === 'all' ? role !== 'patient' : who === 'admin' ? ADMINS.includes(role) : false);

const facts = (overrides: Partial<EnrollmentFacts> = {}): EnrollmentFacts => ({
  patient_status: 'pending_enrollment',
  birthdate: '1950-04-02',
  billing_provider_id: 7,
  active_care_programs: 0,
  assigned_devices: 0,
  consented_on: null,
  ...overrides,
});

describe('the status dialog', () => {
  for (const role of ROLES) {
    for (const from of PATIENT_STATUSES) {
      it(`offers ${role} on a ${from} patient exactly the spec's choices, and accepts exactly those`, () => {
        const expected = PATIENT_STATUSES.filter((to) => allowed(DIALOG[from][to], role));
        expect(statusChoices(role, from).map((c) => c.value)).toEqual(expected);
        for (const to of PATIENT_STATUSES) {
          const request = { patient_status: to, declined_reason: 'no_time', unseen_reason: 'no_show' };
          expect(statusDialogRefusal(role, from, request) === null, `${from} -> ${to}`).toBe(expected.includes(to));
        }
      });
    }
  }

  it('labels the choices as spec 002 section 4 does (Pending, Unenrolled)', () => {
    expect(statusChoices('internal_admin', 'unseen')).toEqual([
      { value: 'pending_enrollment', label: 'Pending' },
      { value: 'active', label: 'Active' },
      { value: 'declined', label: 'Declined' },
    ]);
    expect(statusChoices('clinician', 'disabled')).toEqual([]);
  });

  it('needs the decline reason for declined and the unseen reason for unseen', () => {
    expect(statusDialogRefusal('staff', 'pending_enrollment', { patient_status: 'declined' })).toEqual({ kind: 'missing', field: 'declined_reason' });
    expect(statusDialogRefusal('staff', 'pending_enrollment', { patient_status: 'unseen', declined_reason: 'no_time' })).toEqual({
      kind: 'missing',
      field: 'unseen_reason',
    });
    expect(statusDialogRefusal('staff', 'unseen', { patient_status: 'pending_enrollment' })).toBeNull();
  });

  it('words its refusals', () => {
    expect(statusDialogRefusal('clinician', 'pending_enrollment', { patient_status: 'active' })).toEqual({
      kind: 'refused',
      message: 'Your role cannot set the status Active',
    });
    expect(statusDialogRefusal('superadmin', 'disabled', { patient_status: 'declined', declined_reason: 'no_time' })).toEqual({
      kind: 'refused',
      message: 'Patient status cannot change from Unenrolled to Declined',
    });
    expect(statusDialogRefusal('superadmin', 'active', { patient_status: 'active' })).toEqual({ kind: 'refused', message: 'The patient is already Active' });
    expect(statusDialogRefusal('superadmin', 'active', { patient_status: 'disabled' })).toEqual({
      kind: 'refused',
      message: 'Patients are unenrolled with Unenroll Patient',
    });
    expect(statusDialogRefusal('superadmin', 'pending_enrollment', { patient_status: 'consented' })).toEqual({
      kind: 'refused',
      message: 'Patients are consented with Mark Consented',
    });
  });

  it('records the reason by its label and describes the change for the monitoring activity', () => {
    expect(statusDialogReason({ patient_status: 'declined', declined_reason: 'md_ineligible' })).toBe('MD Ineligible');
    expect(statusDialogReason({ patient_status: 'unseen', unseen_reason: 'no_show' })).toBe('No Show');
    expect(statusDialogReason({ patient_status: 'active', declined_reason: 'no_time' })).toBeNull();
    expect(describeStatusChange('pending_enrollment', 'declined', 'No Time')).toBe('Patient status updated from Pending to Declined. Reason: No Time');
    expect(describeStatusChange('consented', 'active', null)).toBe('Patient status updated from Consented to Active');
  });
});

describe('mark consented', () => {
  it.each(CONSOLE_ROLES)('lets %s consent a pending patient only (spec: from pending_enrollment)', (role) => {
    for (const from of PATIENT_STATUSES) {
      const refusal = markConsentedRefusal(role, facts({ patient_status: from, active_care_programs: 2 }), { birthdate: '1950-04-02' });
      expect(refusal === null, from).toBe(from === 'pending_enrollment');
    }
  });

  it("refuses a date of birth that differs from the record with the spec's text", () => {
    expect(markConsentedRefusal('staff', facts({ active_care_programs: 2 }), { birthdate: '1950-04-03' })).toEqual({
      kind: 'refused',
      message: 'Date of birth does not match patient record',
    });
    expect(markConsentedRefusal('staff', facts(), {})).toEqual({ kind: 'missing', field: 'birthdate' });
  });

  it('needs the acknowledgement below 2 active care programs, and not from 2', () => {
    for (const programs of [0, 1]) {
      expect(markConsentedRefusal('staff', facts({ active_care_programs: programs }), { birthdate: '1950-04-02' })).toEqual({
        kind: 'refused',
        message: 'Please acknowledge the care program warning',
      });
      expect(markConsentedRefusal('staff', facts({ active_care_programs: programs }), { birthdate: '1950-04-02', acknowledge_care_programs: true })).toBeNull();
    }
    expect(markConsentedRefusal('staff', facts({ active_care_programs: 2 }), { birthdate: '1950-04-02' })).toBeNull();
  });

  it('asks a user whose attendance is enforced to be checked in, unless the enrolment is virtual', () => {
    const request = { birthdate: '1950-04-02', acknowledge_care_programs: true };
    const out = { attendance_enforced: true, checked_in: false };
    expect(markConsentedRefusal('staff', facts(), request, out)).toEqual({ kind: 'refused', message: 'Check in before marking a patient consented' });
    expect(markConsentedRefusal('staff', facts(), request, { attendance_enforced: true, checked_in: true })).toBeNull();
    expect(markConsentedRefusal('staff', facts({ virtual_enrollment: true }), request, out)).toBeNull();
    expect(markConsentedRefusal('staff', facts(), request, { attendance_enforced: false, checked_in: false })).toBeNull();
    expect(canBeConsented(facts(), out)).toMatchObject({ can_be_consented: false, missing_items: [{ key: 'check_in' }] });
    expect(canBeConsented(facts({ virtual_enrollment: true }), out)).toMatchObject({ can_be_consented: true });
  });

  it('says whether the patient can be consented, with the missing items', () => {
    expect(canBeConsented(facts())).toEqual({ can_be_consented: true, missing_items: [], active_care_programs: 0, needs_care_program_acknowledgement: true });
    const lacking = canBeConsented(facts({ birthdate: null, billing_provider_id: null, active_care_programs: 3 }));
    expect(lacking).toMatchObject({ can_be_consented: false, needs_care_program_acknowledgement: false });
    expect(lacking.missing_items.map((i) => i.key)).toEqual(['birthdate', 'billing_provider']);
    expect(canBeConsented(facts({ patient_status: 'active' })).missing_items.map((i) => i.key)).toEqual(['status']);
    expect(markConsentedRefusal('staff', facts({ billing_provider_id: null }), { birthdate: '1950-04-02', acknowledge_care_programs: true })).toEqual({
      kind: 'refused',
      message: 'The patient cannot be consented yet: A primary billing provider',
    });
  });
});

describe('consented to active', () => {
  it('lists what a consented patient lacks and activates once nothing is missing', () => {
    expect(activationMissingItems(facts({ patient_status: 'consented' })).map((i) => i.text)).toEqual([
      'At least 2 active care programs',
      'A device assigned to the patient',
    ]);
    expect(activationMissingItems(facts({ patient_status: 'consented', active_care_programs: 2 })).map((i) => i.key)).toEqual(['device']);
    expect(isReadyToActivate(facts({ patient_status: 'consented', active_care_programs: 1, assigned_devices: 1 }))).toBe(false);
    expect(isReadyToActivate(facts({ patient_status: 'consented', active_care_programs: 2, assigned_devices: 1 }))).toBe(true);
  });

  it.each(PATIENT_STATUSES.filter((s) => s !== 'consented'))('never activates a %s patient automatically', (status) => {
    expect(isReadyToActivate(facts({ patient_status: status, active_care_programs: 5, assigned_devices: 2 }))).toBe(false);
    expect(activationMissingItems(facts({ patient_status: status }))).toEqual([]);
    expect(transitionRefusal('superadmin', status, 'active', 'automatic')).not.toBeNull();
  });

  it('is recently consented and claimable within 30 days of consent with an active care program', () => {
    const now = new Date('2026-06-30T12:00:00Z');
    const consented = facts({ patient_status: 'consented', consented_on: '2026-06-01T12:00:00Z', active_care_programs: 1 });
    expect(isRecentlyConsentedAndClaimable(consented, now)).toBe(true);
    expect(isRecentlyConsentedAndClaimable({ ...consented, consented_on: '2026-05-30T11:00:00Z' }, now)).toBe(false);
    expect(isRecentlyConsentedAndClaimable({ ...consented, active_care_programs: 0 }, now)).toBe(false);
    expect(isRecentlyConsentedAndClaimable({ ...consented, patient_status: 'active' }, now)).toBe(false);
  });
});

describe('unenroll', () => {
  const complete = { reason: 'patient-request', team_notified: true, provider_notified: true };

  it.each(CONSOLE_ROLES)('lets %s unenroll a patient of any status but Unenrolled (spec: hidden when already disabled)', (role) => {
    for (const from of PATIENT_STATUSES) {
      const refusal = unenrollRefusal(role, { patient_status: from, assigned_devices: 0 }, complete);
      expect(refusal === null, from).toBe(from !== 'disabled');
    }
    expect(unenrollRefusal(role, { patient_status: 'disabled', assigned_devices: 0 }, complete)).toEqual({
      kind: 'refused',
      message: 'The patient is already Unenrolled',
    });
  });

  it("needs the reason, reason_other for other, and both confirmations in the spec's words", () => {
    const active = { patient_status: 'active' as const, assigned_devices: 0 };
    expect(unenrollRefusal('clinician', active, { ...complete, reason: null })).toEqual({ kind: 'missing', field: 'reason' });
    expect(unenrollRefusal('clinician', active, { ...complete, reason: 'other', reason_other: ' ' })).toEqual({ kind: 'missing', field: 'reason_other' });
    expect(unenrollRefusal('clinician', active, { ...complete, team_notified: false })).toEqual({
      kind: 'refused',
      message: 'Please confirm that the team has been informed',
    });
    expect(unenrollRefusal('clinician', active, { ...complete, provider_notified: undefined })).toEqual({
      kind: 'refused',
      message: 'Please confirm that the billing provider has been informed',
    });
  });

  it('unassigns devices unless skip is ticked, which then needs a reason', () => {
    const withDevice = { patient_status: 'active' as const, assigned_devices: 1 };
    expect(unenrollRefusal('clinician', withDevice, { ...complete, skip: true })).toEqual({ kind: 'missing', field: 'device_skip_reason' });
    expect(unenrollRefusal('clinician', withDevice, { ...complete, skip: true, device_skip_reason: 'Patient keeps the scale' })).toBeNull();
    expect(unenrollRefusal('clinician', { ...withDevice, assigned_devices: 0 }, { ...complete, skip: true })).toBeNull();
    expect(unassignsDevices({ ...complete })).toBe(true);
    expect(unassignsDevices({ ...complete, skip: true })).toBe(false);
  });

  it('records the reason label, or the text given for other', () => {
    expect(unenrollReasonText({ reason: 'lack-of-cellular-service' })).toBe('Lack of Cellular Service');
    expect(unenrollReasonText({ reason: 'other', reason_other: ' Moved abroad ' })).toBe('Moved abroad');
  });
});
