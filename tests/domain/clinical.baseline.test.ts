import { describe, expect, it } from 'vitest';
import {
  BASELINE_WINDOW_DAYS,
  DOTS_HIDDEN_AT,
  FLAT_PERCENT,
  RECENT_DAYS,
  RECENT_ROWS,
  bucketPoints,
  dotsHidden,
  movingBaseline,
  recentRows,
  trendOf,
  type ChartPoint,
} from '../../src/domain/clinical/baseline';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs).toISOString();

describe('the spec’s chart constants (spec 001 section 9)', () => {
  it('holds 7 days, 1 %, 24 points, 7 days and 10 rows', () => {
    expect([BASELINE_WINDOW_DAYS, FLAT_PERCENT, DOTS_HIDDEN_AT, RECENT_DAYS, RECENT_ROWS]).toEqual([7, 1, 24, 7, 10]);
  });
});

describe('the 7-day moving-average baseline', () => {
  // One reading a day at 08:00Z: 10, 20, ... 100.
  const daily: ChartPoint[] = Array.from({ length: 10 }, (_, i) => ({ x: at('2026-03-01T08:00:00Z', i * DAY), y: (i + 1) * 10 }));

  it('gives one trend point per point, at the same x, the mean of the window (x − 7 days, x]', () => {
    const trend = movingBaseline(daily);
    expect(trend.map((p) => p.x)).toEqual(daily.map((p) => p.x));
    // Day 1: itself; day 7: days 1–7; day 8: days 2–8 (day 1 is exactly 7 days back, outside); day 10: days 4–10.
    expect(trend[0]?.y).toBe(10);
    expect(trend[6]?.y).toBe(40);
    expect(trend[7]?.y).toBe(50);
    expect(trend[9]?.y).toBe(70);
  });

  it('takes another window when asked', () => {
    expect(movingBaseline(daily, 3)[9]?.y).toBe(90);
  });

  it('counts readings at the same instant for each other', () => {
    const x = '2026-03-01T08:00:00.000Z';
    expect(
      movingBaseline([
        { x, y: 80 },
        { x, y: 100 },
      ]).map((p) => p.y),
    ).toEqual([90, 90]);
  });

  it('averages the diastolic of blood pressure too, null where the window has none', () => {
    const points: ChartPoint[] = [
      { x: at('2026-03-01T08:00:00Z'), y: 120, y2: null },
      { x: at('2026-03-02T08:00:00Z'), y: 140, y2: 90 },
      { x: at('2026-03-03T08:00:00Z'), y: 130, y2: 70 },
    ];
    expect(movingBaseline(points)).toEqual([
      { x: points[0]?.x, y: 120, y2: null },
      { x: points[1]?.x, y: 130, y2: 90 },
      { x: points[2]?.x, y: 130, y2: 80 },
    ]);
  });

  it('leaves y2 out for series that carry none', () => {
    expect(movingBaseline([{ x: at('2026-03-01T08:00:00Z'), y: 70 }])).toEqual([{ x: '2026-03-01T08:00:00.000Z', y: 70 }]);
  });

  it('answers in the order given, even when the points are not sorted', () => {
    const shuffled = [daily[9], daily[0], daily[7]].flatMap((p) => p ?? []);
    expect(movingBaseline(shuffled).map((p) => p.y)).toEqual([(80 + 100) / 2, 10, 80]);
  });

  it('has nothing to say of no points', () => {
    expect(movingBaseline([])).toEqual([]);
  });
});

describe('a value against its baseline: flat within 1 %', () => {
  it.each([
    [100, 100, 'flat'],
    [101, 100, 'flat'],
    [99, 100, 'flat'],
    [101.01, 100, 'up'],
    [98.9, 100, 'down'],
    [1.01, 1, 'flat'],
    [-101, -100, 'flat'],
    [0, 0, 'flat'],
    [1, 0, 'up'],
  ] as const)('%d against %d is %s', (value, baseline, trend) => {
    expect(trendOf(value, baseline)).toBe(trend);
  });

  it('has no trend without a baseline', () => {
    expect(trendOf(80, null)).toBeNull();
    expect(trendOf(80, undefined)).toBeNull();
    expect(trendOf(80, Number.NaN)).toBeNull();
  });

  it('takes another flat band when asked', () => {
    expect(trendOf(104, 100, 5)).toBe('flat');
    expect(trendOf(106, 100, 5)).toBe('up');
  });
});

describe('chart dots hidden at 24 points in a day, in the viewer’s zone', () => {
  const hourly = (count: number, from: string) => Array.from({ length: count }, (_, i) => ({ x: at(from, i * 30 * 60_000) }));

  it('shows dots at 23 points in a day and hides them at 24', () => {
    expect(dotsHidden(hourly(23, '2026-03-10T00:00:00Z'), 'UTC')).toBe(false);
    expect(dotsHidden(hourly(24, '2026-03-10T00:00:00Z'), 'UTC')).toBe(true);
    expect(dotsHidden([], 'UTC')).toBe(false);
  });

  it('counts the days of the zone: 24 points from 20:00Z fall on one New York day, two UTC days', () => {
    // Half-hourly from 2026-03-10 16:00 EDT (20:00Z) to 03:30Z: all on 2026-03-10 in New York.
    const points = hourly(24, '2026-03-10T16:00:00Z');
    expect(dotsHidden(points, 'America/New_York')).toBe(true);
    expect(dotsHidden(points, 'UTC')).toBe(false);
  });
});

describe('the recent panel: the past 7 days, newest first, at most 10 rows', () => {
  const now = new Date('2026-03-20T12:00:00Z');

  it('keeps the 10 newest readings of the past 7 days', () => {
    const points = Array.from({ length: 14 }, (_, i) => ({ x: at('2026-03-20T12:00:00Z', -i * 12 * HOUR), id: i }));
    expect(recentRows(points, now).map((p) => p.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('takes a reading exactly 7 days old and none older, nor any after now', () => {
    const points = [
      { x: at('2026-03-20T12:00:00Z', -7 * DAY), id: 'seven days' },
      { x: at('2026-03-20T12:00:00Z', -7 * DAY - 1), id: 'older' },
      { x: at('2026-03-20T12:00:00Z', 60_000), id: 'future' },
      { x: at('2026-03-20T12:00:00Z', -HOUR), id: 'an hour ago' },
    ];
    expect(recentRows(points, now).map((p) => p.id)).toEqual(['an hour ago', 'seven days']);
  });
});

describe('points averaged per day, week or month', () => {
  const ny = 'America/New_York';

  it('averages per day of the zone, at the day’s 00:00 there', () => {
    const points: ChartPoint[] = [
      { x: '2026-03-10T13:00:00Z', y: 70 },
      { x: '2026-03-11T02:00:00Z', y: 80 }, // 22:00 on 2026-03-10 in New York
      { x: '2026-03-11T15:00:00Z', y: 90 },
    ];
    expect(bucketPoints(points, 'day', ny)).toEqual([
      { x: '2026-03-10T04:00:00.000Z', y: 75, count: 2 },
      { x: '2026-03-11T04:00:00.000Z', y: 90, count: 1 },
    ]);
    expect(bucketPoints(points, 'day', 'UTC').map((p) => p.count)).toEqual([1, 2]);
  });

  it('starts weeks on Monday, at 00:00 in the zone across a DST change', () => {
    const points: ChartPoint[] = [
      { x: '2026-03-02T15:00:00Z', y: 100 }, // Monday
      { x: '2026-03-08T20:00:00Z', y: 110 }, // Sunday, after the change to summer time
      { x: '2026-03-09T15:00:00Z', y: 130 }, // the next Monday
    ];
    expect(bucketPoints(points, 'week', ny)).toEqual([
      { x: '2026-03-02T05:00:00.000Z', y: 105, count: 2 },
      { x: '2026-03-09T04:00:00.000Z', y: 130, count: 1 },
    ]);
  });

  it('averages per month, systolic and diastolic, in ascending order whatever the input order', () => {
    const points: ChartPoint[] = [
      { x: '2026-04-03T15:00:00Z', y: 130, y2: 85 },
      { x: '2026-03-01T03:00:00Z', y: 150, y2: null }, // 2026-02-28 22:00 in New York
      { x: '2026-03-31T15:00:00Z', y: 120, y2: 80 },
      { x: '2026-03-02T15:00:00Z', y: 140, y2: 90 },
    ];
    expect(bucketPoints(points, 'month', ny)).toEqual([
      { x: '2026-02-01T05:00:00.000Z', y: 150, y2: null, count: 1 },
      { x: '2026-03-01T05:00:00.000Z', y: 130, y2: 85, count: 2 },
      { x: '2026-04-01T04:00:00.000Z', y: 130, y2: 85, count: 1 },
    ]);
  });

  it('has no bucket without points', () => {
    expect(bucketPoints([], 'week', ny)).toEqual([]);
  });
});
