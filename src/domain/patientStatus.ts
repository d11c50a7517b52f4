import { DECLINE_REASONS, PATIENT_STATUSES, UNSEEN_REASONS, type DeclineReason, type PatientStatus, type UnseenReason } from './enums';
import { ADMIN_ROLES, ROLES, type Role } from './roles';

/**
 * The patient status machine (spec 001 sections 4 and 5, 002 section 4): one table of the
 * transitions, who may take each and what each needs. The console offers the choices this table
 * gives a role; the server refuses anything else with the same texts, as a 422, and changes nothing.
 */

/** The labels of spec 002 section 4: pending_enrollment reads Pending, disabled reads Unenrolled. */
export const PATIENT_STATUS_LABELS: { readonly [S in PatientStatus]: string } = {
  pending_enrollment: 'Pending',
  consented: 'Consented',
  active: 'Active',
  declined: 'Declined',
  unseen: 'Unseen',
  disabled: 'Unenrolled',
};

export const DECLINE_REASON_LABELS: { readonly [R in DeclineReason]: string } = {
  no_time: 'No Time',
  unnecessary: 'Unnecessary',
  already_monitored_by_provider: 'Already Monitored by Provider',
  uncomfortable_data: 'Uncomfortable Sharing Data',
  own_device: 'Has Own Device',
  cost_concerns: 'Cost Concerns',
  incomplete_enrollment: 'Incomplete Enrollment',
  md_ineligible: 'MD Ineligible',
  thinking_about_it: 'Thinking About It',
  revisit_later: 'Revisit Later',
};

export const UNSEEN_REASON_LABELS: { readonly [R in UnseenReason]: string } = {
  already_checked_out: 'Already Checked Out',
  missed_enrollment_room: 'Missed Enrollment Room',
  staff_unavailable: 'Staff Unavailable',
  no_show: 'No Show',
  rescheduled: 'Rescheduled',
  canceled: 'Canceled',
  staff_not_onsite: 'Staff Not Onsite',
};

/**
 * How a status is reached: the status dialog (Set Patient Status), the Mark consented dialog,
 * Unenroll Patient, or the automatic step from consented to active (also forced by Recheck).
 */
export type StatusChannel = 'status_dialog' | 'mark_consented' | 'unenroll' | 'automatic';

/** Every role that works in the console (patients are refused at sign-in). */
export const CONSOLE_ROLES = ROLES.filter((role): role is Exclude<Role, 'patient'> => role !== 'patient');

export interface StatusTransition {
  to: PatientStatus;
  channel: StatusChannel;
  from: readonly PatientStatus[];
  roles: readonly Role[];
  /** The reason the request must carry. */
  reasonField?: 'declined_reason' | 'unseen_reason';
}

/**
 * The transitions. Where the spec is silent: a declined patient may go back to Pending (the patient
 * reconsidered) as an unseen one may; a consented patient may still decline before monitoring
 * starts; an admin may set Active from any status but Active, re-enrolling an unenrolled patient;
 * an active patient leaves only through Unenroll.
 */
export const STATUS_TRANSITIONS: readonly StatusTransition[] = [
  { to: 'pending_enrollment', channel: 'status_dialog', from: ['unseen', 'declined'], roles: CONSOLE_ROLES },
  { to: 'active', channel: 'status_dialog', from: ['pending_enrollment', 'consented', 'declined', 'unseen', 'disabled'], roles: ADMIN_ROLES },
  { to: 'declined', channel: 'status_dialog', from: ['pending_enrollment', 'unseen', 'consented'], roles: CONSOLE_ROLES, reasonField: 'declined_reason' },
  { to: 'unseen', channel: 'status_dialog', from: ['pending_enrollment'], roles: CONSOLE_ROLES, reasonField: 'unseen_reason' },
  { to: 'consented', channel: 'mark_consented', from: ['pending_enrollment'], roles: CONSOLE_ROLES },
  { to: 'disabled', channel: 'unenroll', from: ['pending_enrollment', 'consented', 'active', 'declined', 'unseen'], roles: CONSOLE_ROLES },
  { to: 'active', channel: 'automatic', from: ['consented'], roles: CONSOLE_ROLES },
];

/** A request the rules refuse: a field it lacks (the API's 'Field required' at that field), or a rule's own text. */
export type StatusRefusal = { kind: 'missing'; field: string } | { kind: 'refused'; message: string };

export const refused = (message: string): StatusRefusal => ({ kind: 'refused', message });
export const missing = (field: string): StatusRefusal => ({ kind: 'missing', field });

/** The transition of a channel from one status to another, if the table has one. */
export function transitionOf(from: PatientStatus, to: PatientStatus, channel: StatusChannel): StatusTransition | undefined {
  return STATUS_TRANSITIONS.find((t) => t.to === to && t.channel === channel && t.from.includes(from));
}

/**
 * Why `role` may not move a patient from `from` to `to` through `channel`, or null when it may.
 * @example transitionRefusal('clinician', 'pending_enrollment', 'active', 'status_dialog') // 'Your role cannot set the status Active'
 */
export function transitionRefusal(role: Role, from: PatientStatus, to: PatientStatus, channel: StatusChannel): StatusRefusal | null {
  if (from === to) return refused(`The patient is already ${PATIENT_STATUS_LABELS[to]}`);
  const transition = transitionOf(from, to, channel);
  if (!transition) return refused(`Patient status cannot change from ${PATIENT_STATUS_LABELS[from]} to ${PATIENT_STATUS_LABELS[to]}`);
  if (!transition.roles.includes(role)) return refused(`Your role cannot set the status ${PATIENT_STATUS_LABELS[to]}`);
  return null;
}

export interface StatusChoice {
  value: PatientStatus;
  label: string;
}

/**
 * The choices of the status dialog for a role and a patient's status, in the order of the statuses:
 * consented and disabled are never offered (they have their own dialogs), Active only to the admin roles.
 */
export function statusChoices(role: Role, from: PatientStatus): StatusChoice[] {
  return PATIENT_STATUSES.filter((to) => transitionRefusal(role, from, to, 'status_dialog') === null).map((to) => ({
    value: to,
    label: PATIENT_STATUS_LABELS[to],
  }));
}

/** What the status dialog sends (POST patients/{id}/status); consented also carries the Mark consented fields. */
export interface StatusRequest {
  patient_status: PatientStatus;
  declined_reason?: string | null | undefined;
  unseen_reason?: string | null | undefined;
}

/**
 * Why a status-dialog request is refused, or null. Consented is checked by markConsentedRefusal
 * (patientStatusConsent.ts) and unenrolment by unenrollRefusal; here they answer where to go.
 */
export function statusDialogRefusal(role: Role, from: PatientStatus, request: StatusRequest): StatusRefusal | null {
  const to = request.patient_status;
  // Neither is a choice of the dialog (spec 001 section 4): each has a dialog of its own.
  if (to === 'consented' && from !== 'consented') return refused('Patients are consented with Mark Consented');
  if (to === 'disabled' && from !== 'disabled') return refused('Patients are unenrolled with Unenroll Patient');
  const refusal = transitionRefusal(role, from, to, 'status_dialog');
  if (refusal) return refusal;
  const reasonField = transitionOf(from, to, 'status_dialog')?.reasonField;
  if (reasonField && !request[reasonField]) return missing(reasonField);
  return null;
}

const isDeclineReason = (value: unknown): value is DeclineReason => (DECLINE_REASONS as readonly unknown[]).includes(value);
const isUnseenReason = (value: unknown): value is UnseenReason => (UNSEEN_REASONS as readonly unknown[]).includes(value);

/** The reason a status-dialog change records in the history: the label of its decline or unseen reason. */
export function statusDialogReason(request: StatusRequest): string | null {
  if (request.patient_status === 'declined' && isDeclineReason(request.declined_reason)) return DECLINE_REASON_LABELS[request.declined_reason];
  if (request.patient_status === 'unseen' && isUnseenReason(request.unseen_reason)) return UNSEEN_REASON_LABELS[request.unseen_reason];
  return null;
}

/**
 * The description of the monitoring activity (type activity) every status change writes.
 * @example describeStatusChange('pending_enrollment', 'declined', 'No Time') // 'Patient status updated from Pending to Declined. Reason: No Time'
 */
export function describeStatusChange(from: PatientStatus, to: PatientStatus, reason: string | null, details: string | null = null): string {
  const change = `Patient status updated from ${PATIENT_STATUS_LABELS[from]} to ${PATIENT_STATUS_LABELS[to]}`;
  return [change, reason && `Reason: ${reason}`, details].filter(Boolean).join('. ');
}
