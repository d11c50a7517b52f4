/** The options of the new_assessment widget (NewAssessmentWidget.tsx), apart from it so that the registry holds them without its code. */
export const newAssessmentOptions = {
  type: 'object',
  properties: {
    /** The button's text; 'New Assessment' by default. */
    label: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
} as const;
