import { careTeamMemberSchema } from '../../../../schemas/entities/careTeamMember';
import { defineResource } from '../defineResource';
import { CARE_TEAM_REFERENCES, careTeamRules } from './careTeamRules';
import { careTeamStore } from './careTeamStore';

/**
 * Care team members (spec 001 sections 3 and 7): `/patients/{id}/care-teams` for a patient's team,
 * `/care-teams` across patients, `GET users/{id}/care-teams` (routes/careTeams/) for a clinician's.
 * Every action is audited: who cares for a patient is patient data.
 */
export const careTeamMembers = defineResource({
  name: 'care-teams',
  table: 'care_team_members',
  schema: careTeamMemberSchema,
  permission: 'care_teams',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  joins: { practitioner: { table: 'users', on: 'practitioner_id' } },
  filterable: ['id', 'patient_id', 'tenant_id', 'practitioner_id', 'role', 'start_date', 'end_date', 'created_at'],
  sortable: ['id', 'start_date', 'end_date', 'role', 'created_at', 'practitioner.full_name'],
  search: ['practitioner.full_name'],
  defaultSort: { field: 'start_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: CARE_TEAM_REFERENCES,
  prepare: careTeamRules,
  store: careTeamStore,
});
