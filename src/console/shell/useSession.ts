import { useSyncExternalStore } from 'react';
import { session, type SessionState } from '../api/session';

/** The session of this tab, re-rendering on sign-in, refresh, logout and timeout (in any tab). */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
