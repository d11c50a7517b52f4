import type { Identity } from '../plugins/identity';

/**
 * A live session's identity, kept a moment (issue 20): every request looked its session up, and the
 * lookup was a quarter of a list request's round trips to the database. What is kept is only what
 * a valid lookup answered: a session that was revoked, expired or whose user is disabled is never
 * kept, and is asked for again on its next request.
 *
 * Revocation stays immediate where it happens in this process: `revokeSession` and
 * `revokeUserSessions` (sessions.ts) forget the session or every session of the user as they revoke,
 * and their callers commit before answering. A session ended elsewhere (another server process, a
 * statement run by hand), or read by a request in the instant between a revocation and its commit, is
 * refused at the latest `ttlMs` later: the reliability rule's "within seconds" (issue 12). A change
 * to the user that revokes nothing (a new name) shows as late. `SESSION_CACHE_MS`, 2,000 by default;
 * 0 keeps nothing (the tests, which change sessions and users behind the server's back).
 */
interface Entry {
  identity: Identity;
  /** The session's own end, checked on every use. */
  expiresAt: number;
  /** When this entry stops being trusted. */
  staleAt: number;
}

/** However it is configured, a session's lookup is not trusted longer than this. */
const MAX_TTL_MS = 10_000;
/** At most this many sessions are kept; the oldest goes first. */
const MAX_ENTRIES = 10_000;
const entries = new Map<string, Entry>();

/** The identity of a live session kept less than its time ago, if any. */
export function cachedIdentity(sessionId: string, userId: number, now = Date.now()): Identity | undefined {
  const entry = entries.get(sessionId);
  if (!entry) return undefined;
  if (entry.staleAt <= now || entry.expiresAt <= now || entry.identity.id !== userId) {
    entries.delete(sessionId);
    return undefined;
  }
  return entry.identity;
}

/** Keeps a live session's identity for `ttlMs` (0, or anything not a positive number, keeps nothing), frozen: requests share it. */
export function keepIdentity(identity: Identity, expiresAt: Date, ttlMs: number, now = Date.now()): void {
  if (!(ttlMs > 0)) return;
  if (identity.tenant_ids) Object.freeze(identity.tenant_ids);
  entries.delete(identity.session_id);
  entries.set(identity.session_id, { identity: Object.freeze(identity), expiresAt: expiresAt.getTime(), staleAt: now + Math.min(ttlMs, MAX_TTL_MS) });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

/** Forgets one session (it is being revoked). */
export function forgetSession(sessionId: string): void {
  entries.delete(sessionId);
}

/** Forgets every session of a user (they are being revoked), but `keep`. */
export function forgetUserSessions(userId: number, keep?: string): void {
  for (const [sessionId, entry] of entries) if (entry.identity.id === userId && sessionId !== keep) entries.delete(sessionId);
}
