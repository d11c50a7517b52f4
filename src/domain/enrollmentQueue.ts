import type { PatientStatus } from './enums';
import { addDays, endOfZonedDay, isDay, startOfZonedDay, weekday, zonedDay } from './zonedDays';

/**
 * The enrollment queue (spec 001 sections 2, 4, 5 and 9): patients by onboarding appointment, in a
 * range of days, and the enrollment export.
 */

/** Pending patients only; 'Show Enrolled Patients' adds the active and the declined (spec 001 section 4). */
export const ENROLLMENT_STATUSES = ['pending_enrollment'] as const satisfies readonly PatientStatus[];
export const ENROLLED_STATUSES = ['pending_enrollment', 'active', 'declined'] as const satisfies readonly PatientStatus[];

/** The statuses the queue lists: `patient_status[in]`. */
export function enrollmentStatuses(showEnrolled: boolean): readonly PatientStatus[] {
  return showEnrolled ? ENROLLED_STATUSES : ENROLLMENT_STATUSES;
}

/** A range of calendar days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Spec 001 section 2: the appointment date presets. This Week runs Sunday to Saturday. */
export const APPOINTMENT_PRESETS = {
  today: { label: 'Today', days: (today: string): DayRange => ({ from: today, to: today }) },
  tomorrow: { label: 'Tomorrow', days: (today: string): DayRange => ({ from: addDays(today, 1), to: addDays(today, 1) }) },
  this_week: {
    label: 'This Week',
    days: (today: string): DayRange => ({ from: addDays(today, -weekday(today)), to: addDays(today, 6 - weekday(today)) }),
  },
} as const;
export type AppointmentPreset = keyof typeof APPOINTMENT_PRESETS;

/** The days of a preset as seen in the user's zone: `presetRange('tomorrow', now, 'America/Chicago')`. */
export function presetRange(preset: AppointmentPreset, now: Date, timeZone: string): DayRange {
  return APPOINTMENT_PRESETS[preset].days(zonedDay(now, timeZone));
}

/**
 * A range of days as instants, from the start of the first day to the end of the last in the
 * user's zone (spec 001 section 9): `onboarding_appointment_datetime[gte]` and `[lte]`.
 */
export function appointmentBounds(range: DayRange, timeZone: string): { gte: string; lte: string } {
  return { gte: startOfZonedDay(range.from, timeZone).toISOString(), lte: endOfZonedDay(range.to, timeZone).toISOString() };
}

/** Whether a value is a usable range of days (both ends, in order). */
export function isDayRange(value: unknown): value is DayRange {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to } = value as Record<string, unknown>;
  return isDay(from) && isDay(to) && from <= to;
}

/** Spec 001 section 9: export formats and orientations; landscape is the default. */
export const EXPORT_FORMATS = ['pdf'] as const;
export const EXPORT_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type ExportOrientation = (typeof EXPORT_ORIENTATIONS)[number];
export const DEFAULT_EXPORT_ORIENTATION: ExportOrientation = 'landscape';

/** Spec 001 section 5, Enrollment export: the refusal of an export without its range. */
export const EXPORT_RANGE_REQUIRED = 'Please select an appointment date range';

/** Spec 001 section 9: inline edit debounce and success highlight. */
export const INLINE_EDIT_DEBOUNCE_MS = 1000;
export const INLINE_EDIT_HIGHLIGHT_MS = 2000;
