import { zonedDay } from '../zonedDays';
import { isRepeatInterval, isTimeZone } from './enums';

/** The spec's words (002 sections 5 and 8) and ours where it gives none. */
export const AVAILABILITY_TEXTS = {
  past: 'You cannot add availability slots in the past. Please select a future time slot.',
  endAfterStart: 'The end must be after the start',
  quarterHours: 'Times must be on 15-minute steps',
  repeatRequired: 'Required when the slot repeats',
  repeatUntilBeforeStart: 'Repeat until must be on or after the first day',
  timeZone: 'Unknown time zone',
  notAnOccurrence: 'Not a day of this availability',
  tooLong: 'A slot lasts at most one day',
} as const;

/** Times are on 15-minute steps (spec 002 section 9); every zone's offset is a multiple of 15 minutes, so the UTC instant says it. */
export const STEP_MINUTES = 15;
const STEP_MS = STEP_MINUTES * 60_000;
/** The longest slot: a full day, 25 hours on the day clocks go back. */
const MAX_SLOT_MS = 25 * 3_600_000;

/** What a new or edited slot says; instants as Dates. */
export interface SlotInput {
  range_start: Date;
  range_end: Date;
  timezone: string;
  is_repeating: boolean;
  repeat_interval: unknown;
  repeat_until: string | null | undefined;
}

/** One refusal: the body field and the words. */
export interface SlotProblem {
  field: 'range_start' | 'range_end' | 'timezone_abbr' | 'repeat_interval' | 'repeat_until';
  message: string;
}

/** The first thing wrong with a slot at `now`, or null. A slot starting before now is in the past. */
export function slotProblem(slot: SlotInput, now: Date): SlotProblem | null {
  if (!isTimeZone(slot.timezone)) return { field: 'timezone_abbr', message: AVAILABILITY_TEXTS.timeZone };
  if (slot.range_start.getTime() % STEP_MS !== 0) return { field: 'range_start', message: AVAILABILITY_TEXTS.quarterHours };
  if (slot.range_end.getTime() % STEP_MS !== 0) return { field: 'range_end', message: AVAILABILITY_TEXTS.quarterHours };
  if (slot.range_end <= slot.range_start) return { field: 'range_end', message: AVAILABILITY_TEXTS.endAfterStart };
  if (slot.range_end.getTime() - slot.range_start.getTime() > MAX_SLOT_MS) return { field: 'range_end', message: AVAILABILITY_TEXTS.tooLong };
  if (slot.range_start < now) return { field: 'range_start', message: AVAILABILITY_TEXTS.past };
  if (slot.is_repeating) {
    if (!isRepeatInterval(slot.repeat_interval)) return { field: 'repeat_interval', message: AVAILABILITY_TEXTS.repeatRequired };
    if (!slot.repeat_until) return { field: 'repeat_until', message: AVAILABILITY_TEXTS.repeatRequired };
    if (slot.repeat_until < zonedDay(slot.range_start, slot.timezone)) return { field: 'repeat_until', message: AVAILABILITY_TEXTS.repeatUntilBeforeStart };
  }
  return null;
}
