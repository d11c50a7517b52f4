import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetNow } from '../../../../src/console/renderer/core/datePresets';
import { filterQueries } from '../../../../src/console/renderer/core/filterQueries';

describe('date presets', () => {
  // Wednesday June 10th 2026.
  const now = new Date(2026, 5, 10, 15, 0);

  it('before_today: every day before today, with no first day (a task is overdue)', () => {
    expect(DATE_PRESETS.before_today.range(now)).toEqual({ to: '2026-06-09' });
    expect(DATE_PRESETS.before_today.range(new Date(2026, 0, 1, 12))).toEqual({ to: '2025-12-31' });
  });

  it('next_week: the Sunday to Saturday after this week, across a month and a year', () => {
    expect(DATE_PRESETS.this_week.range(now)).toEqual({ from: '2026-06-07', to: '2026-06-13' });
    expect(DATE_PRESETS.next_week.range(now)).toEqual({ from: '2026-06-14', to: '2026-06-20' });
    // On a Sunday this week starts today and next week in seven days; on a Saturday next week starts tomorrow.
    expect(DATE_PRESETS.next_week.range(new Date(2026, 5, 7, 12))).toEqual({ from: '2026-06-14', to: '2026-06-20' });
    expect(DATE_PRESETS.next_week.range(new Date(2026, 5, 13, 12))).toEqual({ from: '2026-06-14', to: '2026-06-20' });
    expect(DATE_PRESETS.next_week.range(new Date(2026, 11, 29, 12))).toEqual({ from: '2027-01-03', to: '2027-01-09' });
  });
});

describe('date_preset query', () => {
  // 02:00 UTC on Thursday June 11th is still Wednesday June 10th in New York.
  const env = { timeZone: 'America/New_York', now: new Date('2026-06-11T02:00:00Z'), filters: {} };

  it("sends the preset's days on the user's day of the request: [gte] the first, [lt] the day after the last", () => {
    expect(presetNow(env.timeZone, env.now).getDate()).toBe(10);
    expect(filterQueries.date_preset('due_on', 'before_today', {}, env)).toEqual({ 'due_on[lt]': '2026-06-10' });
    expect(filterQueries.date_preset('due_on', 'today', {}, env)).toEqual({ 'due_on[gte]': '2026-06-10', 'due_on[lt]': '2026-06-11' });
    expect(filterQueries.date_preset('due_on', 'this_week', {}, env)).toEqual({ 'due_on[gte]': '2026-06-07', 'due_on[lt]': '2026-06-14' });
    expect(filterQueries.date_preset('due_on', 'next_week', {}, env)).toEqual({ 'due_on[gte]': '2026-06-14', 'due_on[lt]': '2026-06-21' });
    expect(filterQueries.date_preset('due_on', 'this_month', {}, env)).toEqual({ 'due_on[gte]': '2026-06-01', 'due_on[lt]': '2026-07-01' });
  });

  it('sends nothing for no value or a name that is no preset (an address edited by hand)', () => {
    expect(filterQueries.date_preset('due_on', undefined, {}, env)).toEqual({});
    expect(filterQueries.date_preset('due_on', 'someday', {}, env)).toEqual({});
    expect(filterQueries.date_preset('due_on', 'toString', {}, env)).toEqual({});
    expect(filterQueries.date_preset('due_on', { from: '2026-06-01' }, {}, env)).toEqual({});
  });
});
