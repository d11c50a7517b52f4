/**
 * GET /screens: the effective screen definitions, each kept whole (`additionalProperties`) because
 * the console checks them against the meta-schema itself.
 */
export const screensResponse = { type: 'array', items: { type: 'object', additionalProperties: true, required: ['id', 'version'] } } as const;
