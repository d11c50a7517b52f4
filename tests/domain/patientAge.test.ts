import { describe, expect, it } from 'vitest';
import { ageInYears } from '../../src/domain/patientAge';

describe('ageInYears (365.25-day years)', () => {
  it('counts whole years, rounded down', () => {
    expect(ageInYears('1950-06-15', '2026-06-14')).toBe(75);
    expect(ageInYears('1950-06-15', '2026-06-16')).toBe(76);
  });

  it('follows the 365.25-day year, not the calendar, around a birthday', () => {
    // 4 calendar years from 2000-03-01 are 1461 days = exactly 4 x 365.25: four years on the day.
    expect(ageInYears('2000-03-01', '2004-03-01')).toBe(4);
    // One calendar year from 2001-03-01 is 365 days, short of 365.25: still 0 by the spec's count.
    expect(ageInYears('2001-03-01', '2002-03-01')).toBe(0);
  });

  it('has no age for a missing, malformed or future date', () => {
    expect(ageInYears(null, '2026-01-01')).toBeNull();
    expect(ageInYears('01/02/1950', '2026-01-01')).toBeNull();
    expect(ageInYears('2030-01-01', '2026-01-01')).toBeNull();
  });
});
