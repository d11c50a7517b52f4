import { ADMIN_ROLES, type Role } from './roles';

/**
 * Rules of monitoring notes (spec 001 section 5, "Monitoring notes") shared by the server and the
 * form: who may change a note's date, and which notes are the server's own.
 */

/** Monitoring activity date editing is limited to roles admin, superadmin, internal_admin, internal_billing_admin. */
export const NOTE_DATE_EDITORS: readonly Role[] = ['admin', ...ADMIN_ROLES];

export const mayEditNoteDate = (role: string) => (NOTE_DATE_EDITORS as readonly string[]).includes(role);

/** Spec 001 section 6: "The EMR Review option needs role admin, superadmin, internal_admin or internal_billing_admin" (the same roles). */
export const EMR_REVIEW_TYPE = 'emr_review_note';
export const mayWriteEmrReview = (role: string) => mayEditNoteDate(role);

/**
 * Ours: a note written by a role that may not date notes is dated now; a date it sends is taken when
 * within this much of the server's clock (a client's drift), and refused otherwise, so that care time
 * cannot be moved into another month (a closed, billed one) by whoever writes the note.
 */
export const NOTE_DATE_DRIFT_MS = 5 * 60_000;

/** Spec 001 section 5: an EMR note needs its performed-by provider, performed-on time and patient_contacted (Details is the description). */
export const EMR_REQUIRED = {
  practitioner_id: 'Performed by is required',
  reviewed_on: 'Performed on is required',
  patient_contacted: 'Patient contacted is required',
} as const;

/** Activities of type activity are the server's record of a status change: they cannot be edited. */
export const isServerActivity = (type: unknown) => type === 'activity';

/** Spec 001 section 9: measurements are stale after more than 7 business days without one. */
const STALE_AFTER_BUSINESS_DAYS = 7;
/** Spec 001 section 9: "Lookback for conflicting services: 30 days." */
export const INCOMPATIBLE_LOOKBACK_DAYS = 30;

/** Weekdays after `from` up to and including `to` (both `yyyy-mm-dd`); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  const day = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  while (day < end) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/** 'Stale Device Measurements': the last reading's day is more than 7 business days before today (no reading at all is 'No Device Measurements'). */
export const isStale = (lastReadingDay: string | null, today: string) =>
  lastReadingDay !== null && businessDaysBetween(lastReadingDay, today) > STALE_AFTER_BUSINESS_DAYS;

/**
 * 'Potential incompatible work' (spec 001 section 8: two services may not both be billed in the
 * same calendar month): for each note type, the note types written in the lookback whose codes the
 * code set says cannot be billed with its codes (99457 with 99091; 99490/99439 with 99491/99437).
 * `codes`: code -> note type; `exclusions`: pairs of codes; `recent`: note types with care time in
 * the last 30 days.
 */
export function incompatibleNoteTypes(
  codes: readonly { code: string; monitoringType: string | null }[],
  exclusions: readonly { code: string; excludes: string }[],
  recent: readonly string[],
): Record<string, string[]> {
  const typeOf = new Map(codes.map((c) => [c.code, c.monitoringType]));
  const written = new Set(recent);
  const conflicts: Record<string, Set<string>> = {};
  for (const { code, excludes } of exclusions) {
    const [a, b] = [typeOf.get(code), typeOf.get(excludes)];
    if (!a || !b || a === b) continue;
    if (written.has(b)) (conflicts[a] ??= new Set()).add(b);
    if (written.has(a)) (conflicts[b] ??= new Set()).add(a);
  }
  return Object.fromEntries(Object.entries(conflicts).map(([type, others]) => [type, [...others].sort()]));
}

/** The most minutes one monitoring note may log (ours: ten hours; the API takes up to a day in seconds). */
export const NOTE_MINUTES_MAX = 600;
/** Ours: the note form asks for minutes, the spec names no text for a wrong value. */
export const NOTE_MINUTES_ERROR = `Duration must be a whole number of minutes from 0 to ${NOTE_MINUTES_MAX}`;

/** The refusal of a note's duration in minutes (a whole number from 0 to 600), or null. */
export function noteMinutesError(minutes: unknown): string | null {
  const value = typeof minutes === 'string' && minutes.trim() !== '' ? Number(minutes) : minutes;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= NOTE_MINUTES_MAX ? null : NOTE_MINUTES_ERROR;
}

/** A note's duration as stored: minutes in seconds. */
export const noteMinutesToSeconds = (minutes: unknown) => Number(minutes) * 60;
