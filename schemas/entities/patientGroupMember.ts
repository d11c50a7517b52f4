import type { FromSchema } from 'json-schema-to-ts';

/** A patient's membership of a group (not a resource of its own: added and removed under patient-groups/{id}/patients). */
export const patientGroupMemberSchema = {
  title: 'Patient group member',
  type: 'object',
  properties: {
    group_id: { type: 'integer' },
    patient_id: { type: 'integer' },
    added_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['group_id', 'patient_id'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type PatientGroupMember = FromSchema<typeof patientGroupMemberSchema>;
