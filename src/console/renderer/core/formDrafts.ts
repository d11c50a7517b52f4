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
export const DRAFT_PREFIX = 'screen-draft:';

/**
 * Unsaved form values per form key (`{screen}:{record id or new}[:{action}]`: `devices.create:new`,
 * `devices.show:7:assign_to_patient`) over the storage given, kept under the `owner`'s name (the
 * signed-in user's id): a draft may hold patient data, and the next user of the same tab never
 * sees the previous user's. A draft that is not an object (a truncated or foreign value) reads as none.
 */
export function formDrafts(storage: DraftStorage, owner: string): FormDrafts {
  const prefix = `${DRAFT_PREFIX}${owner}:`;
  return {
    load(key) {
      const text = storage.get(prefix + key);
      if (text === null) return undefined;
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiRow) : undefined;
      } catch {
        return undefined;
      }
    },
    save(key, data) {
      storage.set(prefix + key, JSON.stringify(data));
    },
    clear(key) {
      storage.remove(prefix + key);
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
