/**
 * The words of availability shared by the server and the console, apart from the recurrence rules
 * (which bring rrule) so that the console's calendar does not load them.
 */

/** How a series repeats (migration 0032's check). */
export const REPEAT_INTERVALS = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];
export const isRepeatInterval = (value: unknown): value is RepeatInterval => REPEAT_INTERVALS.includes(value as RepeatInterval);

/** Which occurrences an edit or a deletion applies to (spec 002 sections 4 and 9). */
export const EDIT_MODES = ['this', 'this_and_following', 'all'] as const;
export type EditMode = (typeof EDIT_MODES)[number];

/** Whether a text names an IANA time zone this runtime knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
