/**
 * The session of this tab (spec 000 section 4.2): the access token in memory, its refresh through
 * the httpOnly cookie, logout, and the same events shared with the other tabs of the console.
 * No React here: the shell and the sign-in pages subscribe through `useSession`.
 */

/** Where the API lives; `VITE_API_BASE` points the console at a separate API host. */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/** An absolute URL of an API path (`/permissions` -> `http://host/api/permissions`). */
export function apiUrl(path: string): string {
  const suffix = path.startsWith('/') ? path : `/${path}`;
  return new URL(`${API_BASE.replace(/\/+$/, '')}${suffix}`, window.location.origin).toString();
}

/** Spec 000 section 9: the token is refreshed when within 30 seconds of expiry. */
const TOKEN_REFRESH_MARGIN_MS = 30_000;

export interface AccessToken {
  value: string;
  /** Client clock, milliseconds. */
  expiresAt: number;
  /** The `sub` claim: the user id that names GET users/{sub}/identity. */
  userId: string;
  role: string;
}

/**
 * Why a session ended, when the console ended it: the user signed out ('logout': the next sign-in starts at
 * Home), or the idle timeout did ('idle': the sign-in page says so and returns to the page). None when the
 * session was missing or refused (a start without one, a failed refresh).
 */
export type SignOutReason = 'logout' | 'idle';

export type SessionState =
  { status: 'restoring' } | { status: 'signed-in'; token: AccessToken } | { status: 'signed-out'; reason?: SignOutReason } | { status: 'timed-out' };

export type SessionEvent = { type: 'token'; token: AccessToken } | { type: 'ended'; reason?: SignOutReason } | { type: 'timed-out' };

/** The session's transitions. A timeout after an explicit logout stays a logout. */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'token':
      return { status: 'signed-in', token: event.token };
    case 'ended':
      // A refresh that fails after a sign-out (a poll in flight at the idle logout) says nothing new:
      // the sign-out's reason stays, so that the sign-in page still says the session timed out.
      if (!event.reason && state.status === 'signed-out') return state;
      return event.reason ? { status: 'signed-out', reason: event.reason } : { status: 'signed-out' };
    case 'timed-out':
      return state.status === 'signed-out' ? state : { status: 'timed-out' };
  }
}

/** The answer of login, MFA, set-password and refresh calls. */
export interface TokenBody {
  access_token: string;
  token_expiry: number;
}

function base64UrlJson(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

/** A claim as text: the server writes `sub` and `role` as strings; a number is read too, anything else is ''. */
const claimText = (claim: unknown): string => (typeof claim === 'string' || typeof claim === 'number' ? String(claim) : '');

/** Reads the claims the console needs; the signature is the server's business. */
export function accessTokenOf(body: TokenBody, now = Date.now()): AccessToken {
  const claims = base64UrlJson(body.access_token.split('.')[1] ?? '');
  return {
    value: body.access_token,
    expiresAt: now + body.token_expiry * 1000,
    userId: claimText(claims.sub),
    role: claimText(claims.role),
  };
}

export class SessionEndedError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'SessionEndedError';
  }
}

const CHANNEL_NAME = 'care-console-session';
const REFRESH_LOCK = 'care-console-token-refresh';

function createSession() {
  let state: SessionState = { status: 'restoring' };
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME);
  let refreshing: Promise<AccessToken> | undefined;

  function apply(event: SessionEvent, share: boolean) {
    state = sessionReducer(state, event);
    if (share) channel?.postMessage(event);
    listeners.forEach((listener) => listener());
  }
  channel?.addEventListener('message', (message: MessageEvent<SessionEvent>) => apply(message.data, false));

  const currentToken = () => (state.status === 'signed-in' ? state.token : undefined);

  // Refresh tokens rotate and a reused one ends the whole session, so two tabs must never
  // present the same cookie at once: refreshes are serialised across tabs by a Web Lock.
  async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
    if (typeof navigator === 'undefined' || !navigator.locks) return work();
    return navigator.locks.request(REFRESH_LOCK, work);
  }

  async function refreshUnderLock(stale: AccessToken | undefined): Promise<AccessToken> {
    // Another tab may have refreshed while this one waited for the lock; its token came by the channel.
    const latest = currentToken();
    if (latest && latest !== stale && latest.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) return latest;
    const response = await fetch(apiUrl('/auth/refresh'), { credentials: 'include', headers: { Accept: 'application/json' } });
    // 204: the browser holds no session (a cold load signed out), answered without an error status.
    if (response.status === 204 || !response.ok) throw new SessionEndedError('Failed to refresh token');
    const token = accessTokenOf((await response.json()) as TokenBody);
    apply({ type: 'token', token }, true);
    return token;
  }

  return {
    getState: (): SessionState => state,

    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A new access token from the cookie; a refused refresh ends the session (spec 000 sections 4.2 and 8). */
    refresh(): Promise<AccessToken> {
      refreshing ??= withRefreshLock(() => refreshUnderLock(currentToken()))
        .catch((error: unknown) => {
          if (error instanceof SessionEndedError) {
            const live = state.status === 'signed-in';
            // Only logged: error reporting ignores 'Failed to refresh token'. A start without a
            // session is no failure worth a line.
            if (live) console.warn(error.message);
            apply({ type: 'ended' }, live);
          }
          throw error;
        })
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },

    /** At start-up: resume the session the cookie holds, if any. */
    async restore(): Promise<void> {
      if (state.status !== 'restoring') return;
      await this.refresh().catch(() => {
        // Unreachable server or no session: either way this tab starts signed out.
        if (state.status === 'restoring') apply({ type: 'ended' }, false);
      });
    },

    /** A token that stays valid for at least the refresh margin, refreshing it when needed. */
    async validToken(): Promise<AccessToken> {
      if (state.status === 'restoring') await this.restore();
      const token = currentToken();
      if (!token) throw new SessionEndedError('Not authenticated');
      if (token.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) return token;
      return this.refresh();
    },

    signIn(body: TokenBody): AccessToken {
      const token = accessTokenOf(body);
      apply({ type: 'token', token }, true);
      return token;
    },

    /** The server said the session is over ('Token has expired'): every tab shows the timeout message. */
    timeOut(): void {
      apply({ type: 'timed-out' }, true);
    },

    /**
     * Ends the session on the server first, so that a late answer cannot clear a newer cookie. The
     * reason goes to every tab with the event: an idle timeout, or (by default) the user's own sign-out.
     */
    async logout(reason: SignOutReason = 'logout'): Promise<void> {
      const token = currentToken();
      try {
        await fetch(apiUrl('/auth/logout'), {
          credentials: 'include',
          headers: token ? { Authorization: `Bearer ${token.value}` } : {},
        });
      } catch (error) {
        console.warn('Logout call failed', error);
      }
      apply({ type: 'ended', reason }, true);
    },
  };
}

/** The session of this tab. */
export const session = createSession();
