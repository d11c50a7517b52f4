/** The options of the care_plans widget (CarePlansWidget.tsx), apart from it so that the registry holds them without its code. */
export const carePlansOptions = {
  type: 'object',
  properties: {
    editWhen: { type: 'object' },
  },
  additionalProperties: false,
} as const;
