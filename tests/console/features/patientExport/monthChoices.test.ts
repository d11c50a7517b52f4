import { describe, expect, it } from 'vitest';
import { monthChoices, monthLabel, registrationOf } from '../../../../src/console/features/patientExport/monthChoices';

/** The monthly export's months (spec 001: "Monthly export choices run from registration month to current month"). */
describe('monthChoices', () => {
  it('runs from the current month back to the registration month, newest first', () => {
    expect(monthChoices(new Date('2025-11-20T12:00:00Z'), new Date('2026-01-05T12:00:00Z'), 'America/Chicago')).toEqual([
      { value: '2026-01-01', label: 'January 2026' },
      { value: '2025-12-01', label: 'December 2025' },
      { value: '2025-11-01', label: 'November 2025' },
    ]);
  });

  it("reads both months in the user's zone, not UTC", () => {
    // 1 December 03:00Z is still 30 November in Chicago; 1 March 04:00Z is still February there.
    const choices = monthChoices(new Date('2025-12-01T03:00:00Z'), new Date('2026-03-01T04:00:00Z'), 'America/Chicago');
    expect(choices.map((c) => c.value)).toEqual(['2026-02-01', '2026-01-01', '2025-12-01', '2025-11-01']);
    // In Tokyo the same instants are already the next months.
    expect(monthChoices(new Date('2025-12-01T03:00:00Z'), new Date('2026-03-01T04:00:00Z'), 'Asia/Tokyo').map((c) => c.value)).toEqual([
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
      '2025-12-01',
    ]);
  });

  it('is the current month alone for a registration this month, in the future, or unknown', () => {
    const now = new Date('2026-06-16T16:00:00Z');
    const current = [{ value: '2026-06-01', label: 'June 2026' }];
    expect(monthChoices(new Date('2026-06-02T16:00:00Z'), now, 'America/New_York')).toEqual(current);
    expect(monthChoices(new Date('2026-09-02T16:00:00Z'), now, 'America/New_York')).toEqual(current);
    expect(monthChoices(undefined, now, 'America/New_York')).toEqual(current);
    expect(monthChoices(new Date('nonsense'), now, 'America/New_York')).toEqual(current);
  });

  it('crosses years and stops at twenty years of months', () => {
    expect(monthChoices(new Date('2024-12-15T12:00:00Z'), new Date('2025-01-15T12:00:00Z'), 'UTC').map((c) => c.value)).toEqual(['2025-01-01', '2024-12-01']);
    expect(monthChoices(new Date('1900-01-15T12:00:00Z'), new Date('2025-01-15T12:00:00Z'), 'UTC')).toHaveLength(240);
  });

  it('takes the earliest of the registration instants given, skipping what is none', () => {
    expect(registrationOf('2025-03-01T00:00:00Z', '2025-01-01T00:00:00Z')?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(registrationOf(null, undefined, '', 'bad', '2025-03-01T00:00:00Z')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(registrationOf(null, undefined)).toBeUndefined();
  });

  it('words a month', () => {
    expect(monthLabel('2025-01')).toBe('January 2025');
    expect(monthLabel('2026-12')).toBe('December 2026');
  });
});
