/** The options of the deviceReadings cell, apart from its component, which loads on demand (defineLazyCell). */
export const deviceReadingsCellOptions = {
  type: 'object',
  properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
  additionalProperties: false,
} as const;
