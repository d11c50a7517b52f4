/** Answers of the calls an operator or a load balancer makes without a session: `as const` for the json-schema-to-ts type provider. */

/** GET /: whether this is the demo, and which version runs where. */
export const rootResponse = {
  type: 'object',
  properties: { is_demo: { type: 'boolean' }, version: { type: 'string' }, environment: { type: 'string' } },
  required: ['is_demo', 'version', 'environment'],
} as const;

/** GET /health: readiness, including the database (503 when it is unreachable). */
export const healthResponse = { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } as const;
