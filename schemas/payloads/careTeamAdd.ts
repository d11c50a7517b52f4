import { CHOOSABLE_CARE_TEAM_ROLES } from '../../src/domain/enums';
import { careTeamMemberSchema } from '../entities/careTeamMember';

const member = careTeamMemberSchema.properties;

/**
 * What the "Add to care team" form sends to POST patients/{id}/care-teams (spec 001 sections 3,
 * 5 and 7): the member's fields, with only the roles that may be chosen (billing_provider exists
 * on records but is never offered).
 */
export const careTeamAddSchema = {
  title: 'Care team member (add)',
  type: 'object',
  properties: {
    practitioner_id: member.practitioner_id,
    role: { ...member.role, enum: CHOOSABLE_CARE_TEAM_ROLES },
    start_date: member.start_date,
    clear_existing: { type: 'boolean' },
  },
  required: ['practitioner_id', 'role'],
  additionalProperties: false,
} as const;
