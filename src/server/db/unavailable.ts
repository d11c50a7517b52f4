/**
 * Errors that say the database cannot be reached or has gone away under a request, rather than that
 * the request was wrong: the request may succeed a moment later, so the API answers 503 with
 * Retry-After (plugins/errors.ts), never 500, and the process carries on (the pool opens new
 * connections when the database is back; an aborted PGlite is restarted, see database.ts).
 */

/** SQLSTATE classes and codes of a lost or refused connection. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a server shutting down
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database itself is gone
]);

/** Node's socket errors when the server is down or the connection is cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres's own messages for a dead client or a pool that could not connect in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Connection ended',
  // 55000 on connecting to a database with allow_connections false (55000 alone also names mistakes).
  'is not currently accepting connections',
];

/** Set on the errors of an embedded database that was aborted (and is being restarted). */
export class DatabaseRestartingError extends Error {
  constructor(cause?: unknown) {
    super('The embedded database stopped and is being restarted', { cause });
    this.name = 'DatabaseRestartingError';
  }
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error instanceof DatabaseRestartingError) return true;
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((known) => message.includes(known))) return true;
  // AggregateError (several addresses refused), or an error wrapping the socket's.
  const inner = (error as { errors?: unknown; cause?: unknown }).errors ?? (error as { cause?: unknown }).cause;
  if (Array.isArray(inner)) return inner.some((one) => isDatabaseUnavailable(one, depth + 1));
  return isDatabaseUnavailable(inner, depth + 1);
}
