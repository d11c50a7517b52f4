import type { FromSchema } from 'json-schema-to-ts';

/** A patient group (spec 001 section 3): a provider's named set of patients. */
export const patientGroupSchema = {
  title: 'Patient group',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer' },
    // At least one character that is not a space: a blank name cannot be told apart in a picker.
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    /** How many patients the group holds, computed on read. */
    count_patients: { type: 'integer', readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'tenant_id', 'name'],
  additionalProperties: false,
} as const;

export type PatientGroup = FromSchema<typeof patientGroupSchema>;
