/** An ICD-10-CM code as GET icd10 answers it, less its id (the code itself). */
export interface Icd10Code {
  code: string;
  description: string;
}

/** Spec 002 section 9: "The recent ICD10 list keeps 12". */
export const RECENT_ICD10_MAX = 12;

/** Where a user's recent codes are kept in the browser's local storage: one list per user of the browser. */
export const recentIcd10Key = (userId: string | number | null | undefined): string => `claims.icd10.recent.${userId ?? 'anonymous'}`;

const isCode = (value: unknown): value is Icd10Code =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Icd10Code).code === 'string' &&
  (value as Icd10Code).code !== '' &&
  typeof (value as Icd10Code).description === 'string';

/** The list as stored, newest first; anything else (nothing, a broken text, foreign entries) reads as what it holds of codes. */
export function parseRecentIcd10(text: string | null): Icd10Code[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isCode).slice(0, RECENT_ICD10_MAX) : [];
  } catch {
    return [];
  }
}

/** The list once `chosen` has been chosen: first, once, and no more than the 12 newest. */
export function withRecentIcd10(list: readonly Icd10Code[], chosen: Icd10Code): Icd10Code[] {
  return [chosen, ...list.filter((code) => code.code !== chosen.code)].slice(0, RECENT_ICD10_MAX);
}
