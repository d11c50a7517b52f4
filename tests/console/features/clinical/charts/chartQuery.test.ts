import { describe, expect, it } from 'vitest';
import {
  ALL_START_DATE,
  CHART_RANGES,
  chartPath,
  monthsBefore,
  pageCount,
  RANGE_LABELS,
  rangeDates,
  tablePath,
  TIMESCALE_LABELS,
  TIMESCALES,
} from '../../../../../src/console/features/clinical/charts/chartQuery';

const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('the chart dialog’s requests (spec 001 sections 7 and 9)', () => {
  it('offers the past 3 (default), 6 and 12 months and All, and the timescales all, day, week, month', () => {
    expect(CHART_RANGES.map((range) => RANGE_LABELS[range])).toEqual(['Past 3 months', 'Past 6 months', 'Past 12 months', 'All']);
    expect(TIMESCALES).toEqual(['all', 'day', 'week', 'month']);
    expect(TIMESCALES.map((timescale) => TIMESCALE_LABELS[timescale])).toEqual(['All readings', 'Day', 'Week', 'Month']);
  });

  it('counts months back on the calendar, keeping the day or taking the month’s last', () => {
    expect(monthsBefore('2026-06-17', 3)).toBe('2026-03-17');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2026-02-15', 6)).toBe('2025-08-15');
    expect(monthsBefore('2026-01-10', 12)).toBe('2025-01-10');
    expect(() => monthsBefore('06/17/2026', 3)).toThrow(RangeError);
  });

  it('runs a range up to today; All from a day before any reading', () => {
    expect(rangeDates('3', '2026-06-17')).toEqual({ start_date: '2026-03-17', end_date: '2026-06-17' });
    expect(rangeDates('12', '2026-06-17')).toEqual({ start_date: '2025-06-17', end_date: '2026-06-17' });
    expect(rangeDates('all', '2026-06-17')).toEqual({ start_date: ALL_START_DATE, end_date: '2026-06-17' });
  });

  it('asks the chart at its timescale, oldest first, up to 5000 readings', () => {
    const path = chartPath(7, 'blood_pressure', { range: '6', timescale: 'week' }, '2026-06-17');
    expect(path.startsWith('/patients/7/charts/blood_pressure?')).toBe(true);
    expect(query(path)).toEqual({ timescale: 'week', start_date: '2025-12-17', end_date: '2026-06-17', order: 'asc', limit: '5000' });
  });

  it('pages the table by 50, newest first, with flagged readings unless they are hidden', () => {
    expect(query(tablePath(7, 'heart_rate', { range: '3', page: 0, hideFlagged: false }, '2026-06-17'))).toEqual({
      timescale: 'all',
      start_date: '2026-03-17',
      end_date: '2026-06-17',
      order: 'desc',
      limit: '50',
      skip: '0',
      disable_flagged_filter: 'true',
    });
    const second = query(tablePath(7, 'heart_rate', { range: 'all', page: 2, hideFlagged: true }, '2026-06-17'));
    expect(second).toMatchObject({ start_date: ALL_START_DATE, skip: '100', limit: '50', disable_flagged_filter: 'false' });
  });

  it('counts pages of 50, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(120)).toBe(3);
  });
});
