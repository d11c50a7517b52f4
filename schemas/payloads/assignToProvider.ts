import type { FromSchema } from 'json-schema-to-ts';

const dbId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** The most patients one Assign to Provider moves: the largest page of the patients list (500). */
const MAX_PATIENTS_PER_MOVE = 500;

/**
 * PUT users {ids, data: {tenant_id}} (spec 001 section 7: "Bulk update users by ids with tenant_id
 * (assign to provider)"): `ids` are the patients' account ids (`user.id` of a patients list row).
 */
export const assignToProviderSchema = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: dbId, minItems: 1, maxItems: MAX_PATIENTS_PER_MOVE },
    data: {
      type: 'object',
      properties: { tenant_id: dbId },
      required: ['tenant_id'],
      additionalProperties: false,
    },
  },
  required: ['ids', 'data'],
  additionalProperties: false,
} as const;

export type AssignToProvider = FromSchema<typeof assignToProviderSchema>;
