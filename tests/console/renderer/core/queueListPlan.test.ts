import { describe, expect, it } from 'vitest';
import type { ListBody } from '../../../../schemas/screen';
import { screenRegistries } from '../../../../src/console/features';
import { daysSinceFilter } from '../../../../src/console/features/patients/DaysSinceFilter';
import { filterQueries as genericQueries } from '../../../../src/console/renderer/core/filterQueries';
import { missingFilters, resolveFilterValues } from '../../../../src/console/renderer/core/filterValues';
import { initialListState, listPlan } from '../../../../src/console/renderer/core/listPlan';
import { withToggle } from '../../../../src/console/renderer/core/listToggle';
import { DATE_SEARCH_MESSAGE, searchQuery, searchedDay } from '../../../../src/console/renderer/core/search';
import { environmentFor } from '../../helpers/environments';

const env = { timeZone: 'America/Chicago', now: new Date('2026-06-17T15:00:00Z') };
// The queue's days_since is the patients feature's filter type; it is tested here with the generic ones.
const filterQueries = { ...genericQueries, days_since: daysSinceFilter.query };

describe('filter queries of the queues', () => {
  it('datetime_range: whole days of the user zone, start-of-day [gte] to end-of-day [lte]', () => {
    expect(filterQueries.datetime_range('onboarding_appointment_datetime', { from: '2026-06-17', to: '2026-06-18' }, {}, env)).toEqual({
      'onboarding_appointment_datetime[gte]': '2026-06-17T05:00:00.000Z',
      'onboarding_appointment_datetime[lte]': '2026-06-19T04:59:59.999Z',
    });
    expect(filterQueries.datetime_range('f', { from: '2026-06-17' }, {}, env)).toEqual({ 'f[gte]': '2026-06-17T05:00:00.000Z' });
    expect(filterQueries.datetime_range('f', { from: 'garbage' }, {}, env)).toEqual({});
  });

  it('days_since: [lte] the end of the day that many days ago, the same value all day', () => {
    const evening = { ...env, now: new Date('2026-06-18T04:00:00Z') }; // 23:00 in Chicago, still the 17th
    expect(filterQueries.days_since('last_device_activity', 7, {}, env)).toEqual({ 'last_device_activity[lte]': '2026-06-11T04:59:59.999Z' });
    expect(filterQueries.days_since('last_device_activity', 7, {}, evening)).toEqual(filterQueries.days_since('last_device_activity', 7, {}, env));
    expect(filterQueries.days_since('last_device_activity', 'seven', {}, env)).toEqual({});
  });

  it("switch with an operator: 'Show Enrolled Patients' sends its list with [in]", () => {
    const statuses = ['pending_enrollment', 'active', 'declined'];
    expect(filterQueries.switch('patient_status', true, { operator: 'in', value: statuses })).toEqual({ 'patient_status[in]': statuses });
    expect(filterQueries.switch('patient_status', undefined, { operator: 'in', value: statuses })).toEqual({});
  });
});

describe('DOB search', () => {
  const dob = { field: 'birthdate', label: 'DOB', format: 'date', operator: 'eq' } as const;
  it('a whole date, US or ISO, becomes birthdate[eq]; a part of one asks for the whole date', () => {
    expect(searchedDay('5/31/1950')).toBe('1950-05-31');
    expect(searchedDay('1950-05-31')).toBe('1950-05-31');
    expect(searchedDay('02/30/1950')).toBeUndefined();
    expect(searchQuery(dob, '05/31/1950', 2)).toEqual({ kind: 'filter', filter: { 'birthdate[eq]': '1950-05-31' } });
    expect(searchQuery(dob, '05/31', 2)).toEqual({ kind: 'too-short', message: DATE_SEARCH_MESSAGE });
  });
});

describe('filter values of a definition', () => {
  it('a preset names its days on the day; a list requiring a filter misses it until set', () => {
    const now = new Date(2026, 5, 17, 12);
    expect(resolveFilterValues({ onboarding_appointment_datetime: { preset: 'today' }, virtual_enrollment: true }, now)).toEqual({
      onboarding_appointment_datetime: { from: '2026-06-17', to: '2026-06-17' },
      virtual_enrollment: true,
    });
    expect(missingFilters(['onboarding_appointment_datetime'], {})).toEqual(['onboarding_appointment_datetime']);
    expect(missingFilters(['onboarding_appointment_datetime'], { onboarding_appointment_datetime: { from: '2026-06-17' } })).toEqual([]);
    expect(missingFilters(undefined, {})).toEqual([]);
  });
});

describe('a list with views and a preference switch', () => {
  const body: ListBody = {
    resource: 'patient-queue',
    filter: { 'patient_status[eq]': 'active' },
    tabs: [
      { key: 'general', label: 'General' },
      { key: 'rpm', label: 'RPM', filter: { 'has_rpm[eq]': true } },
    ],
    tabParam: 'view',
    filters: [
      { type: 'multiselect', field: 'general_review_status', visibleWhen: { eq: ['list.tab', 'general'] } },
      { type: 'multiselect', field: 'rpm_review_status', visibleWhen: { eq: ['list.tab', 'rpm'] } },
    ],
    initialFilters: { rpm_review_status: ['pending'], general_review_status: ['reviewed'] },
    toggle: { preference: 'patient_queue_under_care', default: true, labels: { on: 'Mine', off: 'All' }, meta: { under_care: true } },
    columns: [{ field: 'id' }],
  };
  const context = (tab: string) => ({ ...environmentFor('clinician'), registries: screenRegistries, list: { tab, filters: {} } });

  it("only the chosen view's review status is sent, whatever the other one holds", () => {
    const state = { ...initialListState(body, []), tab: 'rpm' };
    expect(listPlan(body, state, [], context('rpm')).params.filter).toEqual({
      'patient_status[eq]': 'active',
      'has_rpm[eq]': true,
      'rpm_review_status[in]': ['pending'],
    });
    const general = { ...state, tab: 'general' };
    expect(listPlan(body, general, [], context('general')).params.filter).toEqual({
      'patient_status[eq]': 'active',
      'general_review_status[in]': ['reviewed'],
    });
  });

  it("the switch's meta joins the request while on", () => {
    const plan = listPlan(body, initialListState(body, []), [], context('general'));
    expect(withToggle(plan, body.toggle, true, context('general')).params.meta).toEqual({ under_care: true });
    expect(withToggle(plan, body.toggle, false, context('general')).params.meta).toBeUndefined();
  });
});
