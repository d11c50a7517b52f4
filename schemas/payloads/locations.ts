/** PATCH locations/{id}/set-owner (spec 002 section 7 "Locations"): the provider the location goes to. */
export const setOwnerBody = {
  type: 'object',
  properties: { tenant_id: { type: 'integer', minimum: 1 } },
  required: ['tenant_id'],
  additionalProperties: false,
} as const;
