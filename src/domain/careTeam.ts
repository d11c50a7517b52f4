import { CHOOSABLE_CARE_TEAM_ROLES, type CareTeamRole } from './enums';

/** What the care-team rule reads of a staff account. */
export interface CareTeamCandidate {
  role: string;
  /** null for internal (operator) accounts. */
  tenant_id: number | null;
  is_active: boolean;
}

/** The refusal text of the picker rule, on the server's 422 at body.practitioner_id. */
export const CARE_TEAM_PRACTITIONER_TEXT = "Choose an active staff member of the patient's provider or an internal user.";

/**
 * Spec 001 section 6: the care team picker excludes patient-role users and offers only users of
 * the patient's provider or users with no provider (internal staff). A disabled account is not
 * offered either: it could not act for the patient (our decision; the spec is silent).
 */
export function mayJoinCareTeam(candidate: CareTeamCandidate, patientTenantId: number): boolean {
  return candidate.role !== 'patient' && candidate.is_active && (candidate.tenant_id === null || candidate.tenant_id === patientTenantId);
}

/** billing_provider exists on records but is set by the billing workflow, never chosen in a form. */
export function isChoosableCareTeamRole(role: unknown): role is CareTeamRole {
  return (CHOOSABLE_CARE_TEAM_ROLES as readonly unknown[]).includes(role);
}
