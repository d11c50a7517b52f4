/** A postal address as providers and locations store it (spec 002 section 3, Location). */
export const addressSchema = {
  type: 'object',
  properties: {
    address_line1: { type: 'string' },
    address_line2: { type: ['string', 'null'] },
    city: { type: 'string' },
    state: { type: 'string' },
    zip_code: { type: 'string' },
    country: { type: 'string' },
  },
  additionalProperties: false,
} as const;
