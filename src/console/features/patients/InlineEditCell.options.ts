/** The options of the inlineEdit cell, apart from its component, which loads on demand (defineLazyCell). */
export const inlineEditCellOptions = {
  type: 'object',
  properties: { resource: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 }, maxLength: { type: 'integer', minimum: 1 } },
  required: ['resource'],
  additionalProperties: false,
} as const;
