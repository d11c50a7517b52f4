import type { ApiRow } from './context';

const PREFIX = 'screen-draft:';

/**
 * Unsaved form values per form key, in session storage: they survive a reload or a trip to another
 * page within the tab and die with it. Keys: `devices.create`, `devices.show:7:assign_to_patient`.
 */
export const formDrafts = {
  load(key: string): ApiRow | undefined {
    const text = sessionStorage.getItem(PREFIX + key);
    if (text === null) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiRow) : undefined;
    } catch {
      return undefined;
    }
  },
  save(key: string, data: ApiRow): void {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(data));
  },
  clear(key: string): void {
    sessionStorage.removeItem(PREFIX + key);
  },
};
