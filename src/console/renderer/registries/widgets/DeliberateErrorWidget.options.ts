/** The options of the deliberate_error widget (DeliberateErrorWidget.tsx), apart from it so that the registry holds them without its code. */
export const deliberateErrorOptions = {
  type: 'object',
  properties: {
    label: { type: 'string', minLength: 1 },
    /** The error's message, as the error page shows it. */
    message: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
  },
  required: ['label', 'message'],
  additionalProperties: false,
} as const;
