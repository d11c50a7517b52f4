/**
 * Errors in the shapes the console reads (spec 000 section 7, docs/DESIGN.md section 3):
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

/** The server cannot answer now (a statement ran out of time, the event loop lags): try again after `retryAfterSeconds`. */
export const serviceUnavailable = (retryAfterSeconds: number, detail = 'The server is busy. Please try again later.') =>
  new HttpError(503, detail, { 'retry-after': String(retryAfterSeconds) });

/** A 422 naming one input: `invalid(['query', 'filter'], 'Unknown field: foo')`. */
export const invalid = (loc: (string | number)[], msg: string, type = 'value_error') => new HttpError(422, [{ loc, msg, type }]);

/**
 * A parsed JSON object, a query or a form body; not a Buffer, a stream or a class instance. Query
 * and form parsers make objects without Object's prototype: `Object.create(null)`, or (fast-
 * querystring, behind @fastify/formbody) an object whose prototype is itself such an empty object.
 */
const isPlainObject = (item: unknown): item is Record<string, unknown> => {
  if (typeof item !== 'object' || item === null) return false;
  const prototype = Object.getPrototypeOf(item) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    (Object.getPrototypeOf(prototype) === null && Object.keys(prototype).length === 0 && !('constructor' in prototype))
  );
};

/** One value met by `rejectNul`'s walk: its key in its parent, and the parent (none for the root). */
interface WalkStep {
  item: unknown;
  key: string | number | undefined;
  parent: WalkStep | undefined;
}

/**
 * A 422 at the first text of a request (a value or a key, however deep) holding the NUL character,
 * which PostgreSQL can neither store nor compare: without this check such a text would fail in the
 * database as a 500. One iterative walk, linear in the size of the value: a step keeps a link to its
 * parent and the path is built only for the text that fails (copying the path at every level made a
 * body of 40,000 nested arrays take seconds), and a deeply nested body cannot exhaust the stack.
 */
export function rejectNul(value: unknown, loc: (string | number)[]): void {
  const refuse = (step: WalkStep) => {
    const keys: (string | number)[] = [];
    for (let at: WalkStep | undefined = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return invalid([...loc, ...keys.reverse()], 'Text cannot contain the NUL character', 'string_nul');
  };
  const pending: WalkStep[] = [{ item: value, key: undefined, parent: undefined }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const { item } = step;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw refuse(step);
    } else if (Array.isArray(item)) {
      // Pushed last first, so that the first item is looked at first.
      for (let i = item.length - 1; i >= 0; i--) pending.push({ item: item[i], key: i, parent: step });
    } else if (isPlainObject(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) throw refuse(step);
        pending.push({ item: element, key, parent: step });
      }
    }
  }
}
