/** The options of the voiceCallDetails cell, apart from its component, which loads on demand (defineLazyCell). */
export const voiceCallDetailsCellOptions = { type: 'object', properties: { label: { type: 'string', minLength: 1 } }, additionalProperties: false } as const;
