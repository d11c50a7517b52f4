/** Spec 000 sections 4.2 and 9: logout after 15 idle minutes, prompt 1 minute before. */
const IDLE_TIMEOUT_MS = 15 * 60_000;
const IDLE_PROMPT_BEFORE_MS = 60_000;

export type IdlePhase = { kind: 'active' } | { kind: 'prompt'; secondsLeft: number } | { kind: 'timed-out' };

/** Where the idle timer stands `now`, given the last activity (both in milliseconds). */
export function idlePhase(lastActivity: number, now: number): IdlePhase {
  const left = lastActivity + IDLE_TIMEOUT_MS - now;
  if (left <= 0) return { kind: 'timed-out' };
  if (left <= IDLE_PROMPT_BEFORE_MS) return { kind: 'prompt', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}
