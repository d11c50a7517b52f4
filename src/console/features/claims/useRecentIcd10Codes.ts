import { useState } from 'react';
import { parseRecentIcd10, recentIcd10Key, withRecentIcd10, type Icd10Code } from './recentIcd10Codes';

/** The browser's local storage, or none where it is blocked (a private window's policy): the list then lasts the page. */
function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The codes this user chose last in this browser (spec 002 section 9: 12 of them), newest first,
 * and `remember` for a code just chosen. Kept in local storage, so they outlive the session.
 */
export function useRecentIcd10Codes(userId: string | number | null | undefined) {
  const key = recentIcd10Key(userId);
  const [codes, setCodes] = useState<Icd10Code[]>(() => parseRecentIcd10(localStore()?.getItem(key) ?? null));
  const remember = (chosen: Icd10Code) => {
    const next = withRecentIcd10(parseRecentIcd10(localStore()?.getItem(key) ?? null), chosen);
    setCodes(next);
    try {
      localStore()?.setItem(key, JSON.stringify(next));
    } catch {
      // A full or blocked storage keeps the list for this page only.
    }
  };
  return { codes, remember };
}
