import type { PatientStatus, UnenrollReason } from './enums';
import { UNENROLL_REASONS } from './enums';
import { missing, refused, transitionRefusal, type StatusRefusal } from './patientStatus';
import type { Role } from './roles';

/** Unenrolment (spec 001 sections 4 and 5 "Unenroll"): its reasons, confirmations and device step. */

export const TEAM_NOTIFIED_REQUIRED = 'Please confirm that the team has been informed';
export const PROVIDER_NOTIFIED_REQUIRED = 'Please confirm that the billing provider has been informed';

export const UNENROLL_REASON_LABELS: { readonly [R in UnenrollReason]: string } = {
  'no-longer-eligible': 'No Longer Eligible',
  'patient-request': 'Patient Request',
  'patient-deceased': 'Patient Deceased',
  hospice: 'Hospice',
  'non-responsive': 'Non-Responsive',
  'never-started': 'Never Started',
  'breach-of-contract': 'Breach of Contract',
  'customer-contract-terminated': 'Customer Contract Terminated',
  'physician-request': 'Physician Request',
  'cost-partial-coverage': 'Cost / Partial Coverage',
  'patient-relocation-change-of-provider': 'Patient Relocation / Change of Provider',
  'lack-of-cellular-service': 'Lack of Cellular Service',
  other: 'Other',
};

/** What Unenroll Patient sends (POST patients/{id}/unenroll). */
export interface UnenrollRequest {
  reason?: string | null | undefined;
  reason_other?: string | null | undefined;
  team_notified?: boolean | null | undefined;
  provider_notified?: boolean | null | undefined;
  /** Keep the patient's devices assigned; then device_skip_reason says why. */
  skip?: boolean | null | undefined;
  device_skip_reason?: string | null | undefined;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * Why an unenrolment is refused, or null: the transition (not already unenrolled) and role, the
 * reason (and reason_other for other), both confirmations, and a skip reason when devices stay.
 */
export function unenrollRefusal(
  role: Role,
  facts: { patient_status: PatientStatus; assigned_devices: number },
  request: UnenrollRequest,
): StatusRefusal | null {
  const transition = transitionRefusal(role, facts.patient_status, 'disabled', 'unenroll');
  if (transition) return transition;
  if (blank(request.reason)) return missing('reason');
  if (request.reason === 'other' && blank(request.reason_other)) return missing('reason_other');
  if (request.team_notified !== true) return refused(TEAM_NOTIFIED_REQUIRED);
  if (request.provider_notified !== true) return refused(PROVIDER_NOTIFIED_REQUIRED);
  if (facts.assigned_devices > 0 && request.skip === true && blank(request.device_skip_reason)) return missing('device_skip_reason');
  return null;
}

/** Whether the patient's devices are unassigned: always, unless devices are kept with skip (spec 001 section 5). */
export const unassignsDevices = (request: UnenrollRequest) => request.skip !== true;

const isUnenrollReason = (value: unknown): value is UnenrollReason => (UNENROLL_REASONS as readonly unknown[]).includes(value);

/** The reason recorded in the status history: the reason's label, or the text given for other. */
export function unenrollReasonText(request: UnenrollRequest): string | null {
  if (request.reason === 'other') return request.reason_other?.trim() || UNENROLL_REASON_LABELS.other;
  return isUnenrollReason(request.reason) ? UNENROLL_REASON_LABELS[request.reason] : null;
}

/**
 * What the unenrolment's monitoring activity says of the devices: how many were unassigned, or that
 * they stay with the patient and why.
 * @example unenrollDeviceNote({ skip: true, device_skip_reason: 'Returned by mail' }, 2) // 'Devices kept assigned: Returned by mail'
 */
export function unenrollDeviceNote(request: UnenrollRequest, assignedDevices: number): string | null {
  if (assignedDevices === 0) return null;
  if (!unassignsDevices(request)) return `Devices kept assigned: ${request.device_skip_reason?.trim() ?? ''}`;
  return assignedDevices === 1 ? '1 device unassigned' : `${assignedDevices} devices unassigned`;
}
