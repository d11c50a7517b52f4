/**
 * Errors in the shapes the console reads (spec 000 section 7, DESIGN.md section 3):
 * 422 `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}` or `{"detail": "..."}`;
 * 401/403/404/409 `{"detail": "..."}`; 500 `{"detail": "Internal server error"}`.
 */
import type { ValidationIssue } from '../domain/validation';

export type { ValidationIssue };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Validation error'));
  }
  get body() {
    return { detail: this.detail };
  }
}

export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'Not enough permissions') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests. Please try again later.', { 'retry-after': String(retryAfterSeconds) });

/** A 422 naming one input: `invalid(['query', 'filter'], 'Unknown field: foo')`. */
export const invalid = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc, msg, type }]);
