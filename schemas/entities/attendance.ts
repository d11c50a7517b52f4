import type { FromSchema } from 'json-schema-to-ts';

export const ATTENDANCE_TYPES = ['office', 'training'] as const;

/** Incentive compensation of one attendance, in dollars (spec 002 sections 5 and 9: 0 to 25, 15 by default). */
export const INCENTIVE = { minimum: 0, maximum: 25, default: 15 } as const;

const latitude = { type: ['number', 'null'], minimum: -90, maximum: 90 } as const;
const longitude = { type: ['number', 'null'], minimum: -180, maximum: 180 } as const;

/**
 * A staff member's attendance (spec 002 section 3, Attendance): checked in at a location, checked out
 * later (no check_out_time: still checked in, section 4). The browser's coordinates and the client's
 * address are recorded at each end by POST attendances/check-in and check-out; an editor (attendances.edit)
 * creates and corrects records by hand. The user's name is `user_fullname` (and `user`), the
 * location's `location.name`.
 */
export const attendanceSchema = {
  title: 'Attendance',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    user_id: { type: 'integer', minimum: 1, title: 'User' },
    user_fullname: { type: 'string', readOnly: true, title: 'User' },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    attendance_type: { type: 'string', enum: ATTENDANCE_TYPES, title: 'Attendance Type' },
    check_in_time: { type: 'string', format: 'date-time', title: 'Check In' },
    check_out_time: { type: ['string', 'null'], format: 'date-time', title: 'Check Out' },
    location_id: { type: ['integer', 'null'], minimum: 1, title: 'Location' },
    additional_data: {
      type: 'object',
      properties: {
        incentive_compensation: { type: 'boolean', default: false, title: 'Incentive Compensation' },
        incentive_compensation_amount: { type: 'number', ...INCENTIVE, title: 'Incentive Amount' },
      },
      additionalProperties: false,
    },
    latitude_checked_in: { ...latitude, readOnly: true },
    longitude_checked_in: { ...longitude, readOnly: true },
    latitude_checked_out: { ...latitude, readOnly: true },
    longitude_checked_out: { ...longitude, readOnly: true },
    ip_address_checked_in: { type: ['string', 'null'], readOnly: true },
    ip_address_checked_out: { type: ['string', 'null'], readOnly: true },
    user: {
      type: 'object',
      readOnly: true,
      properties: { id: { type: 'integer' }, full_name: { type: 'string' } },
      additionalProperties: false,
    },
    location: {
      type: ['object', 'null'],
      readOnly: true,
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      additionalProperties: false,
    },
  },
  required: ['id', 'user_id', 'attendance_type', 'check_in_time'],
  additionalProperties: false,
} as const;

export type Attendance = FromSchema<typeof attendanceSchema>;
