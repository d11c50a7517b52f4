import type { DraftStorage } from '../core/formDrafts';

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
