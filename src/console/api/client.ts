import { apiUrl, session, SessionEndedError, type AccessToken } from './session';

/** Spec 000 section 4.2: this 401 means "refresh and try again" (compared case-insensitively). */
const EXPIRED_SIGNATURE = 'signature has expired';
/** Spec 000 section 4.2: this 401 means the session itself is over. */
const EXPIRED_SESSION = 'Token has expired';

/** A 401 that a refresh could not cure. `detail` is the server's message. */
export class UnauthorizedError extends Error {
  readonly status = 401;
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'UnauthorizedError';
  }
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : '';
  } catch {
    return '';
  }
}

function send(path: string, init: RequestInit, token: AccessToken): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token.value}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetch(apiUrl(path), { ...init, headers });
}

/**
 * The authenticated fetch of every data call: `fetcher('/devices?limit=10')` calls `/api/devices`
 * with the bearer token, refreshed first when it expires within 30 seconds and once more on a 401
 * 'Signature has expired'. Any response other than 401 comes back as it is (the data provider maps
 * the errors); a 401 rejects with `UnauthorizedError`, and 'Token has expired' also ends the
 * session with the timeout message.
 */
export async function fetcher(path: string, init: RequestInit = {}): Promise<Response> {
  let token: AccessToken;
  try {
    token = await session.validToken();
  } catch (error) {
    throw new UnauthorizedError(error instanceof SessionEndedError ? error.detail : 'Not authenticated');
  }
  let response = await send(path, init, token);
  if (response.status !== 401) return response;

  let detail = await detailOf(response);
  if (detail.toLowerCase() === EXPIRED_SIGNATURE) {
    try {
      token = await session.refresh();
    } catch {
      throw new UnauthorizedError(detail);
    }
    response = await send(path, init, token);
    if (response.status !== 401) return response;
    detail = await detailOf(response);
  }
  if (detail === EXPIRED_SESSION) session.timeOut();
  throw new UnauthorizedError(detail);
}
