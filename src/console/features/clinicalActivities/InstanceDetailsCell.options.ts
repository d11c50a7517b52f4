/** The options of the instanceDetails cell, apart from its component, which loads on demand (defineLazyCell). */
export const instanceDetailsCellOptions = { type: 'object', properties: { label: { type: 'string', minLength: 1 } }, additionalProperties: false } as const;
