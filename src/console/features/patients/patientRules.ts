import { PATIENT_STATUSES, type PatientStatus } from '../../../domain/enums';
import { statusChoices, transitionRefusal, type StatusChannel, type StatusRefusal } from '../../../domain/patientStatus';
import { ROLES, type Role } from '../../../domain/roles';
import type { ApiRow, EvalContext } from '../../renderer/core/context';
import type { RecordRule } from '../../renderer/core/coreRegistries';

/** The status dialog offers a role nothing for this patient (an unenrolled patient, for all but the admin roles). */
export const NO_STATUS_CHOICE = 'No status can be set for this patient';

const roleOf = (context: EvalContext | undefined): Role | undefined =>
  context && (ROLES as readonly string[]).includes(context.identity.role) ? (context.identity.role as Role) : undefined;
const statusOf = (record: ApiRow): PatientStatus | undefined =>
  (PATIENT_STATUSES as readonly unknown[]).includes(record.patient_status) ? (record.patient_status as PatientStatus) : undefined;
const textOf = (refusal: StatusRefusal | null) => (refusal === null ? null : refusal.kind === 'refused' ? refusal.message : `Missing ${refusal.field}`);

/** The transition to `to` through `channel`, for the user's role and the patient's status, as a rule. */
const transition =
  (to: PatientStatus, channel: StatusChannel): RecordRule =>
  (record, context) => {
    const role = roleOf(context);
    const from = statusOf(record);
    if (!role || !from) return NO_STATUS_CHOICE;
    return textOf(transitionRefusal(role, from, to, channel));
  };

/**
 * The patient status machine (src/domain/patientStatus.ts) as named rules for a record header's
 * actions: `{"not": {"refused": "patient.unenroll"}}` shows Unenroll Patient exactly when the
 * server would accept it for this user.
 */
export const patientRules = {
  'patient.set_status': (record, context) => {
    const role = roleOf(context);
    const from = statusOf(record);
    return role && from && statusChoices(role, from).length > 0 ? null : NO_STATUS_CHOICE;
  },
  'patient.mark_consented': transition('consented', 'mark_consented'),
  'patient.unenroll': transition('disabled', 'unenroll'),
  'patient.recheck': transition('active', 'automatic'),
} as const satisfies Readonly<Record<string, RecordRule>>;
