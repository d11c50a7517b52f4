/** The options of the monitoringActivity cell, apart from its component, which loads on demand (defineLazyCell). */
export const monitoringActivityCellOptions = {
  type: 'object',
  properties: {
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    date: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
} as const;
