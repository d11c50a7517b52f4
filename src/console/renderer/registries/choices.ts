import { DECLINE_REASONS, PATIENT_STATUSES, UNENROLL_REASONS, UNSEEN_REASONS, type PatientStatus } from '../../../domain/enums';
import { DECLINE_REASON_LABELS, statusChoices, UNSEEN_REASON_LABELS } from '../../../domain/patientStatus';
import { UNENROLL_REASON_LABELS } from '../../../domain/patientStatusUnenroll';
import { TEST_ACCOUNTS } from '../../../domain/testAccounts';
import { US_COUNTRY, US_STATES } from '../../../domain/usStates';
import { ROLES, type Role } from '../../../domain/roles';
import type { EvalContext } from '../core/context';
import { deviceChoices } from './deviceChoices';

/** One value a field may take, with its label. */
export interface Choice {
  value: string;
  label: string;
}

/** The choices of a field for the user and the record in the context, from a domain function. */
export type ChoiceSource = (context: EvalContext) => readonly Choice[];

const labelled = <V extends string>(values: readonly V[], labels: { readonly [K in V]: string }): ChoiceSource => {
  const choices = values.map((value) => ({ value, label: labels[value] }));
  return () => choices;
};

const roleOf = (context: EvalContext): Role | undefined => ((ROLES as readonly string[]).includes(context.identity.role) ? (context.identity.role as Role) : undefined);
const statusOf = (context: EvalContext): PatientStatus | undefined => {
  const status = context.record?.patient_status;
  return (PATIENT_STATUSES as readonly unknown[]).includes(status) ? (status as PatientStatus) : undefined;
};

/**
 * The choice sources a form may name (`"choices": {"patient_status": "patient_status"}`), so that a
 * dialog offers exactly what the domain allows (one table for console and server). Each is tested in
 * tests/console/renderer/registries/choices.test.ts.
 */
export const choiceRegistry = {
  /** The status dialog's choices for the user's role and the patient's status (src/domain/patientStatus.ts). */
  patient_status: (context) => {
    const status = statusOf(context);
    const role = roleOf(context);
    return status && role ? statusChoices(role, status) : [];
  },
  decline_reasons: labelled(DECLINE_REASONS, DECLINE_REASON_LABELS),
  unseen_reasons: labelled(UNSEEN_REASONS, UNSEEN_REASON_LABELS),
  unenroll_reasons: labelled(UNENROLL_REASONS, UNENROLL_REASON_LABELS),
  /** A location's country: the United States only (spec 002 section 9). */
  us_countries: () => [{ value: US_COUNTRY.code, label: US_COUNTRY.name }],
  /** A location's state: the 50 states, DC and Puerto Rico by name (src/domain/usStates.ts). */
  us_states: () => US_STATES.map((state) => ({ value: state.code, label: state.name })),
  /** The Testing page's six test patient accounts, by e-mail (src/domain/testAccounts.ts). */
  test_accounts: () => TEST_ACCOUNTS.map((account) => ({ value: account.email, label: `${account.label}: ${account.email}` })),
  /** Device types, decommission statuses, unassign reasons and issue types (registries/deviceChoices.ts). */
  ...deviceChoices,
} as const satisfies Readonly<Record<string, ChoiceSource>>;
