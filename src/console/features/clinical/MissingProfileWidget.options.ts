/** The options of the missing_profile widget (MissingProfileWidget.tsx), apart from it so that the registry holds them without its code. */
export const missingProfileOptions = {
  type: 'object',
  properties: {
    fixTo: { type: 'string', minLength: 1 },
    fixWhen: { type: 'object' },
  },
  required: ['fixTo'],
  additionalProperties: false,
} as const;
