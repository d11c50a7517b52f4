import { useCallback, useEffect, useState } from 'react';
import type { MfaChallenge } from './loginFlow';

/** Spec 000 section 2.2: after the MFA token expires, the user returns to login after 3 seconds. */
const MFA_EXPIRED_RETURN_MS = 3000;

/**
 * Whether the challenge has run out (by its clock, or because the server said so through
 * `expire`); `onReturn` runs 3 seconds later.
 */
export function useMfaExpiry(challenge: MfaChallenge | undefined, onReturn: () => void): { expired: boolean; expire: () => void } {
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    setExpired(false);
    if (!challenge) return;
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, challenge.expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [challenge]);

  useEffect(() => {
    if (!expired) return;
    const timer = window.setTimeout(onReturn, MFA_EXPIRED_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [expired, onReturn]);

  return { expired, expire: useCallback(() => setExpired(true), []) };
}
