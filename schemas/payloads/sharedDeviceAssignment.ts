import type { FromSchema } from 'json-schema-to-ts';

const dbId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** POST devices/assign-shared-device (spec 001 sections 5 and 7): a shared device for one patient. */
export const sharedDeviceAssignmentSchema = {
  type: 'object',
  properties: { device_id: dbId, patient_id: dbId },
  required: ['device_id', 'patient_id'],
  additionalProperties: false,
} as const;

export type SharedDeviceAssignment = FromSchema<typeof sharedDeviceAssignmentSchema>;
