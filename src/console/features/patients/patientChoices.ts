import { DECLINE_REASONS, PATIENT_STATUSES, UNENROLL_REASONS, UNSEEN_REASONS, type PatientStatus } from '../../../domain/enums';
import { DECLINE_REASON_LABELS, statusChoices, UNSEEN_REASON_LABELS } from '../../../domain/patientStatus';
import { UNENROLL_REASON_LABELS } from '../../../domain/patientStatusUnenroll';
import { ROLES, type Role } from '../../../domain/roles';
import type { EvalContext } from '../../renderer/core/context';
import type { ChoiceSource } from '../../renderer/core/coreRegistries';

const labelled = <V extends string>(values: readonly V[], labels: { readonly [K in V]: string }): ChoiceSource => {
  const choices = values.map((value) => ({ value, label: labels[value] }));
  return () => choices;
};

const roleOf = (context: EvalContext): Role | undefined =>
  (ROLES as readonly string[]).includes(context.identity.role) ? (context.identity.role as Role) : undefined;
const statusOf = (context: EvalContext): PatientStatus | undefined => {
  const status = context.record?.patient_status;
  return (PATIENT_STATUSES as readonly unknown[]).includes(status) ? (status as PatientStatus) : undefined;
};

/**
 * The patient status dialogs' choice sources (`"choices": {"patient_status": "patient_status"}`), so
 * that a dialog offers exactly what the domain allows (one table for console and server). Each is
 * tested in tests/console/renderer/registries/choices.test.ts.
 */
export const patientChoices = {
  /** The status dialog's choices for the user's role and the patient's status (src/domain/patientStatus.ts). */
  patient_status: (context) => {
    const status = statusOf(context);
    const role = roleOf(context);
    return status && role ? statusChoices(role, status) : [];
  },
  decline_reasons: labelled(DECLINE_REASONS, DECLINE_REASON_LABELS),
  unseen_reasons: labelled(UNSEEN_REASONS, UNSEEN_REASON_LABELS),
  unenroll_reasons: labelled(UNENROLL_REASONS, UNENROLL_REASON_LABELS),
} as const satisfies Readonly<Record<string, ChoiceSource>>;
