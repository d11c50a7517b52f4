import { describe, expect, it } from 'vitest';
import { forecastQuery } from '../../../../src/console/features/billing/forecastQuery';

// 02:00 UTC on June 18th is still June 17th in New York.
const now = new Date('2026-06-18T02:00:00Z');
const env = (filters: Record<string, unknown> = {}) => ({ timeZone: 'America/New_York', now, filters });
const options = { monthField: 'start_date' };

describe('the forecast filter', () => {
  it("'No longer reachable': reachable until before today, in the user's zone", () => {
    expect(forecastQuery('reachable_until', 'unreachable', options, env())).toEqual({ 'reachable_until[lt]': '2026-06-17' });
  });

  it("'At risk': still reachable and behind the pace of the month the list shows", () => {
    // 13 of June's 22 weekdays have passed on the 17th.
    expect(forecastQuery('reachable_until', 'at_risk', options, env({ start_date: { from: '2026-06-01', to: '2026-06-30' } }))).toEqual({
      'reachable_until[gte]': '2026-06-17',
      'progress_all[lt]': 13 / 22,
    });
    // May is over: every weekday has passed, and nothing of it is reachable any more.
    expect(forecastQuery('reachable_until', 'at_risk', options, env({ start_date: { from: '2026-05-01', to: '2026-05-31' } }))).toEqual({
      'reachable_until[gte]': '2026-06-17',
      'progress_all[lt]': 1,
    });
  });

  it("takes today's month when the list has no month, and another progress when told", () => {
    expect(forecastQuery('reachable_until', 'at_risk', { monthField: 'start_date', progressField: 'progress_rpm' }, env())).toEqual({
      'reachable_until[gte]': '2026-06-17',
      'progress_rpm[lt]': 13 / 22,
    });
  });

  it('sends nothing for All or an unknown value', () => {
    expect(forecastQuery('reachable_until', undefined, options, env())).toEqual({});
    expect(forecastQuery('reachable_until', 'soon', options, env())).toEqual({});
  });
});
