/** The options of the availability_calendar widget (AvailabilityCalendarWidget.tsx), apart from it so that the registry holds them without its code. */
export const availabilityCalendarOptions = {
  type: 'object',
  properties: { mode: { enum: ['all', 'own'] } },
  required: ['mode'],
  additionalProperties: false,
} as const;
