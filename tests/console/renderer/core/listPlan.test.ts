import { describe, expect, it } from 'vitest';
import type { ListBody } from '../../../../schemas/screen';
import type { ApiRecord, DataProvider, ListResult } from '../../../../src/console/api/dataProvider';
import type { ListParams } from '../../../../src/console/api/dataProvider.utils';
import { screenRegistries } from '../../../../src/console/features';
import type { EvalContext } from '../../../../src/console/renderer/core/context';
import { fetchListPage } from '../../../../src/console/renderer/core/listFetch';
import { initialListState, listPlan } from '../../../../src/console/renderer/core/listPlan';
import type { SearchField } from '../../../../src/console/renderer/core/search';
import { environmentFor } from '../../helpers/environments';

const body: ListBody = {
  resource: 'devices',
  filter: { 'location_id[eq]': '{params.id}' },
  sort: { field: 'added_on', order: 'desc' },
  tabs: [
    { key: 'pending', label: 'Pending', filter: { 'status[eq]': 'pending' } },
    { key: 'all', label: 'All' },
  ],
  filters: [
    { type: 'select', field: 'device_type' },
    { type: 'multiselect', field: 'status' },
    { type: 'date_range', field: 'added_on' },
    { type: 'switch', field: 'is_shared_device' },
    { type: 'search_selector', field: 'tenant_id', options: { resource: 'providers', label: 'name' } },
  ],
  columns: [{ field: 'external_id' }],
};
const fields: SearchField[] = [
  { field: 'external_id', label: 'IMEI', format: 'text', operator: 'like' },
  { field: 'id', label: 'ID', format: 'id', operator: 'q' },
  { field: 'patient_id', label: 'Patient Name', format: 'text', operator: 'q', lookup: { resource: 'patients', field: 'user.full_name' } },
];
const context: EvalContext = { ...environmentFor('internal_admin'), registries: screenRegistries, params: { id: '10' } };

describe('listPlan', () => {
  it('starts from the definition: its sort, page size, first tab and first search field', () => {
    expect(initialListState(body, fields)).toEqual({
      sort: { field: 'added_on', order: 'desc' },
      page: 1,
      perPage: 10,
      filters: {},
      search: { field: 'external_id', text: '' },
      tab: 'pending',
      selection: [],
    });
  });

  it('sends the fixed filter, the tab, every filter and the search as field[operator] keys', () => {
    const state = {
      ...initialListState(body, fields),
      page: 2,
      filters: {
        device_type: 'glucometer',
        status: ['active', 'pending'],
        added_on: { from: '2026-05-01', to: '2026-05-31' },
        is_shared_device: true,
        tenant_id: { id: 1, label: 'Northwind Clinic' },
      },
      search: { field: 'external_id', text: '3569' },
    };
    const plan = listPlan(body, state, fields, context);
    expect(plan.params).toEqual({
      sort: { field: 'added_on', order: 'desc' },
      pagination: { page: 2, perPage: 10 },
      filter: {
        'location_id[eq]': '10',
        'status[eq]': 'pending',
        'device_type[eq]': 'glucometer',
        'status[in]': ['active', 'pending'],
        'added_on[gte]': '2026-05-01',
        'added_on[lt]': '2026-06-01',
        'is_shared_device[eq]': true,
        'tenant_id[eq]': 1,
        'external_id[like]': '3569',
      },
    });
    expect(plan.filtered).toBe(true);
  });

  it('leaves a too short search out and says why; a tab alone is no filtering', () => {
    const plan = listPlan(body, { ...initialListState(body, fields), search: { field: 'external_id', text: '35' } }, fields, context);
    expect(plan.search).toEqual({ kind: 'too-short', message: 'Please enter at least 3 characters to search' });
    expect(plan.params.filter).toEqual({ 'location_id[eq]': '10', 'status[eq]': 'pending' });
    expect(plan.filtered).toBe(false);
  });

  it('honours a screen own minimum length', () => {
    const plan = listPlan(
      { ...body, search: { fields: [], minLength: 2 } },
      { ...initialListState(body, fields), search: { field: 'external_id', text: 'a' } },
      fields,
      context,
    );
    expect(plan.search).toEqual({ kind: 'too-short', message: 'Please enter at least 2 characters to search' });
  });
});

describe('fetchListPage', () => {
  const calls: { resource: string; params: ListParams }[] = [];
  const answers: Record<string, ListResult<ApiRecord>> = {
    patients: { data: [{ id: 30 }, { id: 31 }], total: 2 },
    devices: { data: [{ id: 1 }], total: 1 },
  };
  const dataProvider = {
    getList: (resource: string, params: ListParams) => {
      calls.push({ resource, params });
      return Promise.resolve(answers[resource]);
    },
  } as unknown as DataProvider;
  const state = initialListState(body, fields);

  it('resolves a lookup search to target[in] of the records found', async () => {
    calls.length = 0;
    const plan = listPlan(body, { ...state, search: { field: 'patient_id', text: 'Byron' } }, fields, context);
    await expect(fetchListPage(dataProvider, 'devices', plan)).resolves.toEqual(answers.devices);
    expect(calls[0]).toEqual({
      resource: 'patients',
      params: { filter: { q: { field: 'user.full_name', value: 'Byron' } }, pagination: { page: 1, perPage: 500 } },
    });
    expect(calls[1]?.params.filter).toMatchObject({ 'patient_id[in]': [30, 31] });
  });

  it('answers no rows, without asking, for an id that is not a number', async () => {
    calls.length = 0;
    const plan = listPlan(body, { ...state, search: { field: 'id', text: 'abc' } }, fields, context);
    await expect(fetchListPage(dataProvider, 'devices', plan)).resolves.toEqual({ data: [], total: 0 });
    expect(calls).toEqual([]);
    expect(plan.filtered).toBe(true);
  });
});
