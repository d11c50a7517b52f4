/** A year of the patient record's age: 365.25 days (spec 001, patient record's demographics card). */
export const DAYS_PER_YEAR = 365.25;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole years between a birth date (yyyy-mm-dd) and `today` (yyyy-mm-dd), counted as the spec
 * counts them: the days between, divided by 365.25, rounded down. Null for a missing or
 * malformed date, or one in the future.
 */
export function ageInYears(birthdate: unknown, today: string): number | null {
  if (typeof birthdate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(birthdate)) return null;
  const born = Date.parse(`${birthdate.slice(0, 10)}T00:00:00Z`);
  const now = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(born) || Number.isNaN(now) || born > now) return null;
  return Math.floor((now - born) / DAY_MS / DAYS_PER_YEAR);
}
