import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../errors';
import { rejectDeepJson } from '../jsonDepth';

/** Requests that the guard lets through even when the loop lags: readiness says itself whether the database answers, cheaply. */
const NEVER_SHED = new Set(['/api/health']);

/**
 * Body sizes per kind of route, below the server's 1 MB (`bodyLimit` in app.ts), so that a caller
 * without a token cannot make the server read and parse a megabyte: the sign-in and account calls
 * take a few fields (a passkey's attestation, the largest, is a few KB), one record a few KB more.
 * A larger body is a 413 before it is parsed.
 */
export const BODY_LIMITS = { auth: 64 * 1024, record: 256 * 1024 } as const;

/** Seconds a client is told to wait when the server sheds its request. */
const RETRY_AFTER_SECONDS = 2;

/**
 * What one request may cost before any route reads it (issue 12, "one cheap request can stall
 * every other"); the body size is Fastify's `bodyLimit` (app.ts) and filter sizes are the engine's
 * (resources/filterQuery.ts).
 * - A JSON body nesting deeper than MAX_JSON_DEPTH is a 422 after one pass over its text, before
 *   it is parsed: every later walk (Ajv, the NUL check, the driver's JSON.stringify) stays short.
 * - While the event loop lags by more than `config.maxEventLoopDelayMs` (MAX_EVENT_LOOP_DELAY_MS,
 *   1 s by default, 0 turns it off), new requests answer 503 with Retry-After rather than queue
 *   behind the work already there (@fastify/under-pressure measures the lag).
 */
export const requestBoundsPlugin = fp(async (app: FastifyInstance) => {
  // Fastify's own parser (which refuses __proto__ and constructor.prototype keys) after the depth
  // check; it is the callback form of FastifyBodyParser.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A string, as parseAs asks (the type also allows a Buffer).
    const text = body.toString();
    try {
      rejectDeepJson(text, ['body']);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  if (app.config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.maxEventLoopDelayMs,
      // A rejected promise reaches the error handler, which answers in the spec's shape.
      pressureHandler: async (request) => {
        if (NEVER_SHED.has(request.routeOptions.url ?? '')) return;
        throw serviceUnavailable(RETRY_AFTER_SECONDS);
      },
    });
  }
});
