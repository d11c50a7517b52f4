import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Ajv options of every route schema: unknown fields are refused by the schemas themselves
 * (`additionalProperties: false`), never silently removed, and the first error is enough (all
 * errors of a hostile body would cost more than the body).
 */
const COMMON = { removeAdditional: false, useDefaults: true, allErrors: false } as const;

/**
 * The route-schema compiler of the server. A JSON body is checked as it was sent, without
 * coercion: `true` is not the id 1, `null` is not `false`, `"5"` is not 5 (issue 12: coercion let
 * wrong types reach the database). The query string, the path and the headers are text by nature:
 * there Ajv reads a number or a boolean by the schema's type ('array' also accepts one value where a
 * list is typed). The API's own readers parse them explicitly before that: path ids with
 * `parsePathIds` (resources/ids.ts: digits only, within PostgreSQL's integer), list queries with
 * `parseListQuery` (filter, sort, skip, limit).
 */
export function routeSchemaCompiler(): FastifySchemaCompiler<unknown> {
  // Fastify's own compiler (its Ajv, formats and URI resolver), built twice. Its typings call the
  // result Ajv's `compile(schema)`; it is Fastify's validator compiler, called with the route.
  const build = AjvCompiler();
  const bodies = build({}, { customOptions: { ...COMMON, coerceTypes: false } }) as unknown as FastifySchemaCompiler<unknown>;
  const texts = build({}, { customOptions: { ...COMMON, coerceTypes: 'array' } }) as unknown as FastifySchemaCompiler<unknown>;
  return (route) => (route.httpPart === 'body' ? bodies : texts)(route);
}
