import { describe, expect, it } from 'vitest';
import { zonedWallTime, zonedWallTimeToInstant } from '../../src/domain/zonedDays';

/** The EMR note's performed-on time is entered on New York's clock (spec 001 section 5), whatever the browser's zone. */
describe('wall-clock times in a zone', () => {
  it('turns a New York time into its instant in winter and in summer', () => {
    expect(zonedWallTimeToInstant('2026-11-20T09:30', 'America/New_York').toISOString()).toBe('2026-11-20T14:30:00.000Z');
    expect(zonedWallTimeToInstant('2026-07-01T09:30', 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
  });

  it('reads an instant back on the same clock, so that a time shown and saved again does not move', () => {
    for (const wall of ['2026-11-20T09:30', '2026-07-01T23:59', '2026-03-08T12:00', '2026-11-01T00:15']) {
      expect(zonedWallTime(zonedWallTimeToInstant(wall, 'America/New_York'), 'America/New_York')).toBe(wall);
    }
  });

  it('takes the hour after the gap for a time the spring change skips', () => {
    // 02:30 does not exist in New York on 8 March 2026: it is read as 03:30 EDT.
    expect(zonedWallTimeToInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses what is no wall-clock time', () => {
    expect(() => zonedWallTimeToInstant('2026-11-20', 'America/New_York')).toThrow(RangeError);
  });
});
