/** The options of the feePricing cell, apart from its component, which loads on demand (defineLazyCell). */
export const feePricingCellOptions = {
  type: 'object',
  properties: { path: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 } },
  required: ['path'],
  additionalProperties: false,
} as const;
