import type { FastifyRequest } from 'fastify';
import { invalid } from '../errors';

const INT_MAX = 2_147_483_647;

/** A path id (`/devices/{id}`): a non-negative integer that fits PostgreSQL's integer, or 422. */
export function parseId(raw: string, name: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= INT_MAX)) throw invalid(['path', name], 'Input should be a valid integer', 'int_parsing');
  return id;
}

/**
 * preValidation hook of bespoke routes with ids in their path (`idParams` of
 * schemas/payloads/common.ts): reads each integer param of the route's params schema with
 * `parseId`, so that `abc`, `1e3` or ` 7` answer the engine's 422 at `["path", name]` rather than
 * Ajv's, which would also coerce `1e3` into 1000. The schema then only meets numbers.
 */
export async function parsePathIds(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.params as { properties?: Record<string, { type?: unknown }> } | undefined;
  const params = request.params as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const raw = params[name];
    if (property.type === 'integer' && typeof raw === 'string') params[name] = parseId(raw, name);
  }
}
