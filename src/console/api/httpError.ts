/** An API call that failed; `message` is the text the console shows (spec 000 section 7). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Between 'Form is missing information' and the first location path. The spec says only "followed
 * by"; a colon and a space read as a sentence and keep the path apart: "Form is missing information: body.email".
 */
export const MISSING_INFORMATION_SEPARATOR = ': ';
const MISSING_INFORMATION = 'Form is missing information';
const INTERNAL_SERVER_ERROR = 'Internal server error';

type Body = Record<string, unknown> | null;

const stringField = (body: Body, key: string): string | undefined => (typeof body?.[key] === 'string' ? body[key] : undefined);

function firstLocation(detail: unknown): string | undefined {
  if (!Array.isArray(detail) || detail.length === 0) return undefined;
  const first: unknown = detail[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const { loc, msg } = first as { loc?: unknown; msg?: unknown };
  if (!Array.isArray(loc) || typeof msg !== 'string') return undefined;
  return loc.map(String).join('.');
}

/**
 * The error of a failed response, word for word as spec 000 section 7 maps it:
 * 422 `message` or `detail` string as is; a `detail` list of {loc, msg} as 'Form is missing
 * information' and the first loc joined by dots; any other 422 re-raised with its status text;
 * 500 'Internal server error'; otherwise the body's message or detail.
 */
export function errorFromResponse(status: number, statusText: string, body: unknown): HttpError {
  const object: Body = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const fallback = statusText || `HTTP error ${status}`;
  if (status === 422) {
    const location = firstLocation(object?.detail);
    const message =
      stringField(object, 'message') ??
      stringField(object, 'detail') ??
      (location === undefined ? fallback : `${MISSING_INFORMATION}${MISSING_INFORMATION_SEPARATOR}${location}`);
    return new HttpError(message, status, body);
  }
  if (status === 500) return new HttpError(INTERNAL_SERVER_ERROR, status, body);
  return new HttpError(stringField(object, 'message') ?? stringField(object, 'detail') ?? fallback, status, body);
}

/** Spec 000 section 8: a create error containing 'Key' (a unique key violated) reads '{Resource} already exists.'. */
export function createError(error: unknown, resourceLabel: string): unknown {
  if (error instanceof HttpError && error.message.includes('Key')) {
    return new HttpError(`${resourceLabel} already exists.`, error.status, error.body);
  }
  return error;
}
