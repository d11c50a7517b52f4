import { DRAFT_PREFIX, type DraftStorage } from '../core/formDrafts';

/**
 * The browser's session storage as the drafts' storage: drafts survive a reload or a trip to
 * another page within the tab and die with it. A store that refuses (full, or blocked by the
 * browser's privacy settings, where even reading `window.sessionStorage` throws) loses the
 * draft, never the form.
 */
export function sessionDraftStorage(storage?: Storage): DraftStorage {
  const attempt = <T>(run: (store: Storage) => T, fallback: T): T => {
    try {
      return run(storage ?? window.sessionStorage);
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((store) => store.getItem(key), null),
    set: (key, text) => attempt((store) => store.setItem(key, text), undefined),
    remove: (key) => attempt((store) => store.removeItem(key), undefined),
  };
}

/**
 * Removes every form draft from the tab's session storage: on a sign-out by the user, whose
 * unsaved forms (which may hold patient data) should not stay in the tab they leave.
 */
export function forgetSessionDrafts(storage?: Storage): void {
  try {
    const store = storage ?? window.sessionStorage;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key?.startsWith(DRAFT_PREFIX) ?? false);
    for (const key of keys) store.removeItem(key);
  } catch {
    // A store the browser blocks holds no draft either.
  }
}
