import type { ApiRow } from './context';

/**
 * Where drafts are kept, by form key. The core never reaches for a browser store itself: the
 * environment gives one (the console: session storage, see ScreenEnvironmentProvider; tests and
 * other hosts: `memoryDraftStorage()`).
 */
export interface DraftStorage {
  get(key: string): string | null;
  set(key: string, text: string): void;
  remove(key: string): void;
}

export interface FormDrafts {
  load(key: string): ApiRow | undefined;
  save(key: string, data: ApiRow): void;
  clear(key: string): void;
}

/** Keys in the storage, so that drafts never collide with anything else kept there. */
const DRAFT_PREFIX = 'screen-draft:';

/**
 * Unsaved form values per form key (`{screen}:{record id or new}[:{action}]`: `devices.create:new`,
 * `devices.show:7:assign_to_patient`) over the storage given. A draft that is not an object (a
 * truncated or foreign value) reads as none.
 */
export function formDrafts(storage: DraftStorage): FormDrafts {
  return {
    load(key) {
      const text = storage.get(DRAFT_PREFIX + key);
      if (text === null) return undefined;
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiRow) : undefined;
      } catch {
        return undefined;
      }
    },
    save(key, data) {
      storage.set(DRAFT_PREFIX + key, JSON.stringify(data));
    },
    clear(key) {
      storage.remove(DRAFT_PREFIX + key);
    },
  };
}

/** A storage that lives as long as the object: for tests, and for hosts with no session storage. */
export function memoryDraftStorage(): DraftStorage {
  const texts = new Map<string, string>();
  return {
    get: (key) => texts.get(key) ?? null,
    set: (key, text) => void texts.set(key, text),
    remove: (key) => void texts.delete(key),
  };
}
