import { heightError, weightError, type Height, type Weight } from './patientFormMeasures';

/**
 * The rules of the patient form that a JSON Schema cannot say (spec 001 section 5), one function
 * per rule so that the console can check each field as it is filled, and `patientFormIssues` for
 * the server, which checks a whole record with the very same functions.
 */

/** Spec 001 section 5, word for word (its spelling too). */
export const TOO_YOUNG = 'Must be older then 13 y.o.';
export const TOO_OLD = 'Must be younger then 120 y.o.';
export const GREATER_THAN_ZERO = 'Must be greater than 0';
export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 120;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The same calendar day `years` earlier; 29 February falls back to the 28th. */
export function yearsBefore(day: string, years: number): string {
  const [, y = '0', m = '1', d = '1'] = DATE.exec(day) ?? [];
  const year = Number(y) - years;
  const lastDay = new Date(Date.UTC(year, Number(m), 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${m}-${String(Math.min(Number(d), lastDay)).padStart(2, '0')}`;
}

/** A day as `yyyy-mm-dd` in UTC; the console passes the user's local day instead. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** A local day as `yyyy-mm-dd` (the browser's calendar, which is the user's). */
export const localDay = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * A birthdate must be at least 13 and at most 120 years back from `today` (both `yyyy-mm-dd`).
 * A value that is not a date is the schema's to refuse, so it passes here.
 */
export function birthdateError(birthdate: unknown, today: string): string | null {
  if (typeof birthdate !== 'string' || !DATE.test(birthdate)) return null;
  if (birthdate > yearsBefore(today, MIN_AGE_YEARS)) return TOO_YOUNG;
  if (birthdate < yearsBefore(today, MAX_AGE_YEARS)) return TOO_OLD;
  return null;
}

/** Ejection fraction and COPD exacerbations: 'Must be greater than 0'. */
export function greaterThanZeroError(value: unknown): string | null {
  return typeof value === 'number' && !(value > 0) ? GREATER_THAN_ZERO : null;
}

export interface PatientFormIssue {
  /** Dotted path of the field: `profile.chf.ejection_fraction`. */
  path: string;
  message: string;
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);

const asObject = <T>(value: unknown): Partial<T> => (typeof value === 'object' && value !== null ? value : {});

/** Field path -> its rule; `today` only matters to the birthdate. */
export const PATIENT_FIELD_RULES: Readonly<Record<string, (value: unknown, today: string) => string | null>> = {
  birthdate: birthdateError,
  'profile.demographics.height': (value) => heightError(asObject<Height>(value)),
  'profile.demographics.weight': (value) => weightError(asObject<Weight>(value)),
  'profile.chf.ejection_fraction': greaterThanZeroError,
  'profile.copd.exacerbations': greaterThanZeroError,
};

/**
 * Every rule broken by a patient record (as the API takes it, after a partial update is merged
 * into the stored record). Missing values pass: requirement is the schema's business.
 */
export function patientFormIssues(patient: unknown, today: string): PatientFormIssue[] {
  return Object.entries(PATIENT_FIELD_RULES).flatMap(([path, rule]) => {
    const value = at(patient, path);
    const message = value === undefined || value === null ? null : rule(value, today);
    return message === null ? [] : [{ path, message }];
  });
}
