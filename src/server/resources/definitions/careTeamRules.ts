import { sql } from 'kysely';
import { CARE_TEAM_PRACTITIONER_TEXT, isChoosableCareTeamRole, mayJoinCareTeam } from '../../../domain/careTeam';
import { CHOOSABLE_CARE_TEAM_ROLES } from '../../../domain/enums';
import { invalid } from '../../errors';
import type { Access } from '../access';
import type { Trx, Values, WriteContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

export const CARE_TEAM_REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  // Internal staff (no provider) may join any provider's care team (spec 001 section 6).
  practitioner_id: { table: 'users', tenantColumn: 'tenant_id', operatorRows: true },
} as const satisfies Record<string, ReferenceTarget>;

/**
 * The rules of a care-team write that a schema cannot say:
 * - a member's end date is not before its start date;
 * - the member belongs to the patient's provider (tenant_id is the patient's) and never moves to another patient;
 * - the practitioner passes the picker rule (domain/careTeam.ts), else 422 at body.practitioner_id;
 * - billing_provider cannot be chosen (a row that has it keeps it through other changes);
 * - clear_existing on an add: the patient's current members in the same role leave the team (their
 *   rows are deleted and audited). We read "clear existing" as the role's members, not the whole
 *   team: the bulk "Add to care team" replaces, say, the RPM clinician without touching the
 *   billing provider, who cannot be chosen again in a form.
 */
export async function careTeamRules({ trx, values, existing, access, audit }: WriteContext): Promise<Values> {
  const { clear_existing: clear, ...member } = values;
  if ('role' in member && member.role !== existing?.role && !isChoosableCareTeamRole(member.role)) {
    throw invalid(['body', 'role'], `Input should be one of: ${CHOOSABLE_CARE_TEAM_ROLES.join(', ')}`, 'enum');
  }
  if (existing && 'patient_id' in member && member.patient_id !== existing.patient_id) {
    throw invalid(['body', 'patient_id'], 'A care team member cannot move to another patient', 'immutable');
  }
  // Dates are yyyy-mm-dd and compare as text; a new member without a start date starts today (UTC, as the database's current_date).
  const start = (member.start_date ?? existing?.start_date ?? new Date().toISOString().slice(0, 10)) as string;
  const end = (member.end_date === undefined ? existing?.end_date : member.end_date) as string | null | undefined;
  if (end && end < start) throw invalid(['body', 'end_date'], 'The end date cannot be before the start date', 'date_order');
  const patientId = (member.patient_id ?? existing?.patient_id) as number;
  const patient = await visibleReference(trx, access, CARE_TEAM_REFERENCES.patient_id, patientId, ['body', 'patient_id']);
  const practitionerId = (member.practitioner_id ?? existing?.practitioner_id) as number;
  if (!existing || practitionerId !== existing.practitioner_id) await requirePractitioner(trx, access, practitionerId, patient.tenant as number);
  if (existing) return member;
  if (clear === true) await audit('delete', await removeCurrentMembers(trx, patientId, member.role as string, practitionerId));
  return { ...member, tenant_id: patient.tenant };
}

/**
 * Spec 001 section 6: no patient accounts; the patient's provider or no provider (internal staff).
 * A user the caller cannot see is refused as missing; the picker rule's text speaks only of users
 * the caller sees, so it tells nothing of other providers' staff.
 */
async function requirePractitioner(trx: Trx, access: Access, practitionerId: number, patientTenantId: number) {
  const loc = ['body', 'practitioner_id'];
  const user = await visibleReference(trx, access, CARE_TEAM_REFERENCES.practitioner_id, practitionerId, loc, ['role', 'is_active']);
  if (!mayJoinCareTeam({ role: String(user.role), tenant_id: user.tenant, is_active: user.is_active === true }, patientTenantId)) {
    throw invalid(loc, CARE_TEAM_PRACTITIONER_TEXT, 'care_team_practitioner');
  }
}

/** Deletes the patient's current members in a role, except the practitioner being added; returns them as they were. */
async function removeCurrentMembers(trx: Trx, patientId: number, role: string, keep: number): Promise<Values[]> {
  const current = await trx
    .selectFrom('care_team_members')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('role', '=', role)
    .where('practitioner_id', '<>', keep)
    .where(sql<boolean>`(end_date is null or end_date >= current_date)`)
    .execute();
  if (current.length)
    await trx
      .deleteFrom('care_team_members')
      .where(
        'id',
        'in',
        current.map((row) => row.id as number),
      )
      .execute();
  return current;
}
