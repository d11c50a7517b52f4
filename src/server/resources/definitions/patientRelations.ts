import { MAX_DIAGNOSES } from '../../../domain/clinical/medicalHistory';
import { sql, type SqlBool } from 'kysely';
import { careTeamMemberSchema } from '../../../../schemas/entities/careTeamMember';
import { patientGroupMemberSchema } from '../../../../schemas/entities/patientGroupMember';
import type { MetaKey } from '../defineResource';
import type { RelationDefinition } from '../relations';

/**
 * The rows that point at a patient and filter the patients list (spec 001 section 7):
 * `care_team_members.practitioner_id[eq|in|inall|notin]` over the current members of the team
 * (spec 001 section 4: include means ALL listed members, exclude means NONE), and the groups.
 */
export const PATIENT_RELATIONS: Readonly<Record<string, RelationDefinition>> = {
  care_team_members: {
    table: 'care_team_members',
    on: 'patient_id',
    schema: careTeamMemberSchema,
    fields: ['practitioner_id', 'role'],
    current: sql<SqlBool>`(r.end_date is null or r.end_date >= current_date)`,
  },
  patient_group_members: { table: 'patient_group_members', on: 'patient_id', schema: patientGroupMemberSchema, fields: ['group_id'] },
};

/** `meta={"patient_group_id": 4}`: the patients of one group (the group show screen's table). */
export const PATIENT_META: Readonly<Record<string, MetaKey>> = {
  patient_group_id: { field: 'patient_group_members.group_id', op: 'eq' },
};

/**
 * `diagnoses` of a patient record (spec 001 section 2: "diagnoses as ICD-10 badges", at most 20): the
 * distinct ICD-10 codes of its active care programs and of its conditions that are not over
 * (resolved, inactive, remission, entered in error), so that a code given on a care program and a
 * diagnosis added to the medical history show alike. One subquery per returned record over the two
 * patient indexes; never filtered nor sorted.
 */
export const PATIENT_DIAGNOSES = sql<string[]>`array(
  select code from (
    select code from service_instances s cross join unnest(s.icd10_ids) as code where s.patient_id = t.id and s.is_active
    union
    select c.icd10_id from conditions c
    where c.patient_id = t.id and c.icd10_id is not null and c.status in ('active', 'recurrence', 'relapse', 'event')
  ) codes order by code limit ${MAX_DIAGNOSES})`;
