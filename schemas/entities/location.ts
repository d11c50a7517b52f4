import type { FromSchema } from 'json-schema-to-ts';
import { addressSchema } from './address';

/** A provider's location (spec 002 section 3). */
export const locationSchema = {
  title: 'Location',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: ['string', 'null'], maxLength: 2000 },
    address: addressSchema,
    is_active: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'tenant_id', 'name'],
  additionalProperties: false,
} as const;

export type Location = FromSchema<typeof locationSchema>;
