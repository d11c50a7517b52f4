/**
 * Pieces the bespoke routes' schemas share: the path ids, the error and message answers, and the
 * writable part of an entity. Written `as const` so that the json-schema-to-ts type provider
 * derives the handler types.
 */

/**
 * A record id in a path: a PostgreSQL integer. Routes that declare one register `parsePathIds`
 * (src/server/resources/ids.ts), which reads the text strictly and answers the engine's 422 at
 * `["path", name]`. 0 is well formed and matches no record (404), as on the engine's paths.
 */
export const pathId = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

/** `/things/{id}/...` */
export const idParams = { type: 'object', properties: { id: pathId }, required: ['id'] } as const;

export const errorResponse = {
  type: 'object',
  description: '`detail` is a message, or for 422 a list of {loc, msg, type}',
  properties: { detail: {} },
  required: ['detail'],
} as const;

export const messageResponse = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

type WritableProperties<P> = { [K in keyof P as P[K] extends { readOnly: true } ? never : K]: P[K] };

/** An entity's properties that a write may send: those the server does not set (`readOnly`), in the entity's order. */
export function writableProperties<const P extends Record<string, object>>(properties: P): WritableProperties<P> {
  return Object.fromEntries(
    Object.entries(properties).filter(([, property]) => !('readOnly' in property && property.readOnly === true)),
  ) as WritableProperties<P>;
}
