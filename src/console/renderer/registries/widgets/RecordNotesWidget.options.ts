/** The options of the record_notes widget (RecordNotesWidget.tsx), apart from it so that the registry holds them without its code. */
export const recordNotesOptions = {
  type: 'object',
  properties: {
    resource: { type: 'string', minLength: 1 },
    field: { type: 'string', minLength: 1 },
    label: { type: 'string', minLength: 1 },
    placeholder: { type: 'string' },
    maxLength: { type: 'integer', minimum: 1 },
    error: { type: 'string', minLength: 1 },
    editableWhen: { type: 'object' },
  },
  required: ['resource', 'field', 'label', 'error'],
  additionalProperties: false,
} as const;
