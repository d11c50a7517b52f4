import type { FromSchema } from 'json-schema-to-ts';
import { usAddressSchema } from './address';

/** A provider's location (spec 002 section 3), with a US address (sections 5 and 9). */
export const locationSchema = {
  title: 'Location',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: ['string', 'null'], maxLength: 2000 },
    address: usAddressSchema,
    is_active: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'tenant_id', 'name', 'address'],
  additionalProperties: false,
} as const;

export type Location = FromSchema<typeof locationSchema>;
