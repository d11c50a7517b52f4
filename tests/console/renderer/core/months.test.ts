import { describe, expect, it } from 'vitest';
import { filterQueries } from '../../../../src/console/renderer/core/filterQueries';
import { chooseMonth, isFutureMonth, monthKey, monthOf, monthRange, yearsFrom } from '../../../../src/console/renderer/core/months';
import { resolveFilterValues } from '../../../../src/console/renderer/core/filterValues';

const june2026 = { year: 2026, month: 6 };

describe('months (the month filter)', () => {
  it('a month is its first to its last day, leap years included', () => {
    expect(monthRange({ year: 2026, month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange({ year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange({ year: 2025, month: 12 })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it("reads the month of a range's first day, and nothing of what is no range", () => {
    expect(monthOf({ from: '2026-06-01', to: '2026-06-30' })).toEqual(june2026);
    expect(monthOf({ from: '2026-06-17' })).toEqual(june2026);
    expect(monthOf(undefined)).toBeUndefined();
    expect(monthOf('2026-06-01')).toBeUndefined();
    expect(monthOf({ from: '2026-13-01' })).toBeUndefined();
    expect(monthKey(june2026)).toBe('2026-06');
  });

  it('offers the years from the first one to the current one', () => {
    expect(yearsFrom(2022, june2026)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(yearsFrom(2030, june2026)).toEqual([2026]);
  });

  it('keeps the other part of the month, and never chooses a month still to come', () => {
    expect(chooseMonth({ year: 2024, month: 11 }, { year: 2025 }, june2026)).toEqual({ year: 2025, month: 11 });
    expect(chooseMonth({ year: 2024, month: 11 }, { month: 3 }, june2026)).toEqual({ year: 2024, month: 3 });
    // November 2026 has not come yet in June 2026: the current month instead.
    expect(chooseMonth({ year: 2024, month: 11 }, { year: 2026 }, june2026)).toEqual(june2026);
    // Nothing chosen (the filter was cleared): the other part is the current month's.
    expect(chooseMonth(undefined, { month: 2 }, june2026)).toEqual({ year: 2026, month: 2 });
    expect(chooseMonth(undefined, { year: 2023 }, june2026)).toEqual({ year: 2023, month: 6 });
    expect(isFutureMonth({ year: 2026, month: 7 }, june2026)).toBe(true);
    expect(isFutureMonth({ year: 2026, month: 6 }, june2026)).toBe(false);
  });

  it('starts on this month (the this_month preset) and asks for the whole month', () => {
    const start = resolveFilterValues({ start_date: { preset: 'this_month' } }, new Date(2026, 5, 17, 12));
    expect(start).toEqual({ start_date: { from: '2026-06-01', to: '2026-06-30' } });
    expect(filterQueries.month('start_date', start.start_date)).toEqual({ 'start_date[gte]': '2026-06-01', 'start_date[lt]': '2026-07-01' });
    // A range of the address that is not a whole month still asks for its first day's month.
    expect(filterQueries.month('start_date', { from: '2026-02-10' })).toEqual({ 'start_date[gte]': '2026-02-01', 'start_date[lt]': '2026-03-01' });
    expect(filterQueries.month('start_date', undefined)).toEqual({});
  });
});
