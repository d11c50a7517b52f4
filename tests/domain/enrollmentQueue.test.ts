import { describe, expect, test } from 'vitest';
import { appointmentBounds, enrollmentStatuses, isDayRange, presetRange } from '../../src/domain/enrollmentQueue';
import { endOfZonedDay, startOfZonedDay } from '../../src/domain/zonedDays';

describe('statuses', () => {
  test("pending only; 'Show Enrolled Patients' adds active and declined (spec 001 section 4)", () => {
    expect(enrollmentStatuses(false)).toEqual(['pending_enrollment']);
    expect(enrollmentStatuses(true)).toEqual(['pending_enrollment', 'active', 'declined']);
  });
});

describe('date presets, in the user zone', () => {
  // Wednesday 2026-06-17, 22:30 in Chicago; already Thursday in UTC.
  const now = new Date('2026-06-18T03:30:00Z');

  test('Today, Tomorrow and This Week (Sunday to Saturday) are days of the user zone', () => {
    expect(presetRange('today', now, 'America/Chicago')).toEqual({ from: '2026-06-17', to: '2026-06-17' });
    expect(presetRange('tomorrow', now, 'America/Chicago')).toEqual({ from: '2026-06-18', to: '2026-06-18' });
    expect(presetRange('this_week', now, 'America/Chicago')).toEqual({ from: '2026-06-14', to: '2026-06-20' });
    expect(presetRange('today', now, 'UTC')).toEqual({ from: '2026-06-18', to: '2026-06-18' });
  });

  test('Tomorrow and This Week cross month ends', () => {
    const lastOfMonth = new Date('2026-02-28T12:00:00Z');
    expect(presetRange('tomorrow', lastOfMonth, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('this_week', lastOfMonth, 'UTC')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
  });
});

describe('ranges run from start-of-day to end-of-day (spec 001 section 9)', () => {
  test('a range of days becomes the first and the last instant in the zone', () => {
    expect(appointmentBounds({ from: '2026-06-17', to: '2026-06-18' }, 'America/Chicago')).toEqual({
      gte: '2026-06-17T05:00:00.000Z',
      lte: '2026-06-19T04:59:59.999Z',
    });
  });

  test('days across a daylight-saving change keep their local midnight', () => {
    // 2026-03-08: New York springs forward at 02:00; the day is 23 hours long.
    expect(startOfZonedDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfZonedDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    // 2026-11-01: falls back; the day is 25 hours long.
    expect(startOfZonedDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(endOfZonedDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-02T04:59:59.999Z');
  });

  test('a usable range has both real days in order', () => {
    expect(isDayRange({ from: '2026-06-17', to: '2026-06-18' })).toBe(true);
    expect(isDayRange({ from: '2026-06-18', to: '2026-06-17' })).toBe(false);
    expect(isDayRange({ from: '2026-02-30', to: '2026-03-01' })).toBe(false);
    expect(isDayRange({ from: '2026-06-17' })).toBe(false);
    expect(isDayRange(null)).toBe(false);
  });
});
