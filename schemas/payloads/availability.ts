import type { FromSchema } from 'json-schema-to-ts';
import { EDIT_MODES, REPEAT_INTERVALS } from '../../src/domain/availability/enums';

/** Spec 002 sections 3, 7 and 9 "Availability": the calendar's calls. */

const isoDay = { type: 'string', format: 'date', maxLength: 10 } as const;
const instant = { type: 'string', format: 'date-time', maxLength: 40 } as const;
const idList = { type: 'string', pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$' } as const;
const mode = { type: 'string', enum: EDIT_MODES } as const;

/** GET availability: the occurrences in a window of days; the zone reads the days (the browser's; UTC when absent). */
export const availabilityListQuery = {
  type: 'object',
  properties: {
    start_date: isoDay,
    end_date: isoDay,
    user_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    user_ids: idList,
    location_ids: idList,
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  },
  required: ['start_date', 'end_date'],
  additionalProperties: false,
} as const;
export type AvailabilityListQuery = FromSchema<typeof availabilityListQuery>;

const slotProperties = {
  is_repeating: { type: 'boolean', default: false },
  repeat_until: { anyOf: [isoDay, { type: 'null' }] },
  repeat_interval: { anyOf: [{ type: 'string', enum: REPEAT_INTERVALS }, { type: 'null' }] },
  range_start: instant,
  range_end: instant,
  availability_date: isoDay,
  timezone_abbr: { type: 'string', minLength: 1, maxLength: 64 },
  user_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  appointment_location_id: { anyOf: [{ type: 'integer', minimum: 1, maximum: 2147483647 }, { type: 'null' }] },
} as const;
const slotRequired = ['range_start', 'range_end', 'availability_date', 'timezone_abbr', 'user_id'] as const;

/** POST availability: a slot, or a series from its first occurrence. */
export const availabilityCreateBody = {
  type: 'object',
  properties: slotProperties,
  required: slotRequired,
  additionalProperties: false,
} as const;
export type AvailabilityCreateBody = FromSchema<typeof availabilityCreateBody>;

/** PUT availability/{id}: the new values of the occurrence named by availability_date, and the scope. */
export const availabilityUpdateBody = {
  type: 'object',
  properties: { ...slotProperties, recurring_edit_mode: mode },
  required: slotRequired,
  additionalProperties: false,
} as const;
export type AvailabilityUpdateBody = FromSchema<typeof availabilityUpdateBody>;

/** POST availability/{id}/delete: the scope and the occurrence's day. */
export const availabilityDeleteBody = {
  type: 'object',
  properties: { delete_mode: mode, availability_date: isoDay },
  additionalProperties: false,
} as const;
export type AvailabilityDeleteBody = FromSchema<typeof availabilityDeleteBody>;

/** One occurrence as GET availability answers it (spec 002 section 3 "Availability"): the server's and the calendar's shape. */
export interface AvailabilityOccurrence {
  id: number;
  availability_date: string;
  range_start: string;
  range_end: string;
  is_repeating: boolean;
  repeat_interval: string | null;
  repeat_until: string | null;
  timezone_abbr: string;
  user_id: number;
  appointment_location_id: number | null;
  user: { id: number; full_name: string };
  location: { id: number; name: string } | null;
}
