import type { FromSchema } from 'json-schema-to-ts';
import { CARE_TEAM_ROLES } from '../../src/domain/enums';

/** A member of a patient's care team (spec 001 section 3, Care team member). */
export const careTeamMemberSchema = {
  title: 'Care team member',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    /** The patient's provider, set by the server. */
    tenant_id: { type: 'integer', readOnly: true },
    practitioner_id: { type: 'integer' },
    role: { type: 'string', enum: CARE_TEAM_ROLES },
    /** The first day on the team; today when not given. */
    start_date: { type: 'string', format: 'date' },
    /** The last day on the team; a member is current while it is null or not yet past. */
    end_date: { type: ['string', 'null'], format: 'date' },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    /** On add: the patient's current members in the same role leave the team (spec 001 section 7). */
    clear_existing: { type: 'boolean', writeOnly: true },
    practitioner: {
      type: ['object', 'null'],
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        full_name: { type: 'string' },
        credentials: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'patient_id', 'practitioner_id', 'role'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type CareTeamMember = FromSchema<typeof careTeamMemberSchema>;
