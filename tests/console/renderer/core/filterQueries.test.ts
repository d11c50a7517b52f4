import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, nextDay } from '../../../../src/console/renderer/core/datePresets';
import { careTeamQuery } from '../../../../src/console/features/careTeams/CareTeamFilter.utils';
import { filterQueries as genericQueries } from '../../../../src/console/renderer/core/filterQueries';

// The care team's query is its feature's; its filter type is tested here with the generic ones.
const filterQueries = { ...genericQueries, care_team: careTeamQuery };

describe('filter queries', () => {
  it('select: field[eq]', () => {
    expect(filterQueries.select('device_type', 'cgm')).toEqual({ 'device_type[eq]': 'cgm' });
  });

  it('multiselect: field[in], nothing when none is chosen', () => {
    expect(filterQueries.multiselect('status', ['active'])).toEqual({ 'status[in]': ['active'] });
    expect(filterQueries.multiselect('status', [])).toEqual({});
  });

  it('date_range: whole days, the end as less than the next day', () => {
    expect(filterQueries.date_range('added_on', { from: '2026-02-01', to: '2026-02-28' })).toEqual({
      'added_on[gte]': '2026-02-01',
      'added_on[lt]': '2026-03-01',
    });
    expect(filterQueries.date_range('added_on', { to: '2026-12-31' })).toEqual({ 'added_on[lt]': '2027-01-01' });
    expect(filterQueries.date_range('added_on', undefined)).toEqual({});
  });

  it('switch: the option value (true by default) when on, nothing when off', () => {
    expect(filterQueries.switch('is_active', true)).toEqual({ 'is_active[eq]': true });
    expect(filterQueries.switch('patient_id', true, { value: null })).toEqual({ 'patient_id[eq]': null });
    expect(filterQueries.switch('is_active', undefined)).toEqual({});
  });

  it('search_selector: the chosen record id', () => {
    expect(filterQueries.search_selector('tenant_id', { id: 2, label: 'Lakeside' })).toEqual({ 'tenant_id[eq]': 2 });
    expect(filterQueries.search_selector('tenant_id', undefined)).toEqual({});
  });

  it("care_team: include is [inall], exclude is [notin], with the members' ids; no members, nothing", () => {
    const members = [
      { id: 7, label: 'Ann Lee' },
      { id: 9, label: 'Bo Park' },
    ];
    const field = 'care_team_members.practitioner_id';
    expect(filterQueries.care_team(field, { mode: 'include', members })).toEqual({ 'care_team_members.practitioner_id[inall]': [7, 9] });
    expect(filterQueries.care_team(field, { mode: 'exclude', members })).toEqual({ 'care_team_members.practitioner_id[notin]': [7, 9] });
    expect(filterQueries.care_team(field, { mode: 'include', members: [] })).toEqual({});
    expect(filterQueries.care_team(field, undefined)).toEqual({});
    // A value a definition might give wrongly (initialFilters) sends nothing rather than a key the API refuses.
    expect(filterQueries.care_team(field, { mode: 'all', members })).toEqual({});
    expect(filterQueries.care_team(field, [7, 9])).toEqual({});
  });

  it('date presets give yyyy-mm-dd ranges', () => {
    const now = new Date(2026, 5, 10, 15, 0);
    expect(DATE_PRESETS.today.range(now)).toEqual({ from: '2026-06-10', to: '2026-06-10' });
    expect(DATE_PRESETS.yesterday.range(now)).toEqual({ from: '2026-06-09', to: '2026-06-09' });
    expect(DATE_PRESETS.tomorrow.range(now)).toEqual({ from: '2026-06-11', to: '2026-06-11' });
    expect(DATE_PRESETS.this_week.range(now)).toEqual({ from: '2026-06-07', to: '2026-06-13' });
    expect(DATE_PRESETS.last_7_days.range(now)).toEqual({ from: '2026-06-04', to: '2026-06-10' });
    expect(DATE_PRESETS.last_14_days.range(now)).toEqual({ from: '2026-05-28', to: '2026-06-10' });
    expect(DATE_PRESETS.last_30_days.range(now)).toEqual({ from: '2026-05-12', to: '2026-06-10' });
    expect(DATE_PRESETS.this_month.range(now)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(DATE_PRESETS.last_month.range(now)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('the last n days and the months cross month and year ends, and query as whole days', () => {
    const january = new Date(2026, 0, 5, 12, 0);
    expect(DATE_PRESETS.last_14_days.range(january)).toEqual({ from: '2025-12-23', to: '2026-01-05' });
    expect(DATE_PRESETS.last_month.range(january)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(DATE_PRESETS.this_month.range(new Date(2028, 1, 10, 12, 0))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(filterQueries.date_range('date_of_service', DATE_PRESETS.last_14_days.range(january))).toEqual({
      'date_of_service[gte]': '2025-12-23',
      'date_of_service[lt]': '2026-01-06',
    });
  });
});
