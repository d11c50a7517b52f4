import { HttpError } from '../../api/httpError';

/**
 * The text of a failed call when the server worded one (a `detail` or a `message` in its answer),
 * as the error mapping reads it; undefined for a network failure or an answer without words, where
 * a definition's fallback text applies (spec 002 section 8: "Setting a provider shows the server
 * message or An error occurred while updating the record.").
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { detail, message } = error.body as { detail?: unknown; message?: unknown };
  const worded = typeof message === 'string' || typeof detail === 'string' || (Array.isArray(detail) && detail.length > 0);
  return worded ? error.message : undefined;
}
