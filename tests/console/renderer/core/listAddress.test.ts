import { describe, expect, it } from 'vitest';
import type { ListBody } from '../../../../schemas/screen';
import { addressOfListState, filterValueFromText, filterValueToText, listStateFromAddress } from '../../../../src/console/renderer/core/listAddress';
import { initialListState } from '../../../../src/console/renderer/core/listPlan';
import type { SearchField } from '../../../../src/console/renderer/core/search';

const body: ListBody = {
  resource: 'devices',
  sort: { field: 'added_on', order: 'desc' },
  tabs: [
    { key: 'pending', label: 'Pending', filter: { 'status[eq]': 'pending' } },
    { key: 'all', label: 'All' },
  ],
  tabParam: 'view',
  filters: [
    { type: 'select', field: 'device_type' },
    { type: 'multiselect', field: 'status' },
    { type: 'date_range', field: 'added_on' },
    { type: 'switch', field: 'is_shared_device' },
  ],
  initialFilters: { is_shared_device: true },
  columns: [{ field: 'external_id' }],
};
const fields: SearchField[] = [
  { field: 'external_id', label: 'IMEI', format: 'text', operator: 'like' },
  { field: 'id', label: 'ID', format: 'id', operator: 'q' },
];
const { selection: _, ...defaults } = initialListState(body, fields);
const address = (query: string) => new URLSearchParams(query);
const roundTrip = (state: typeof defaults) => listStateFromAddress(body, addressOfListState(body, state, defaults, address('')), defaults, fields);

describe('a list state in its address', () => {
  it('leaves a list at its defaults with a plain address', () => {
    expect(addressOfListState(body, defaults, defaults, address('')).toString()).toBe('');
    expect(listStateFromAddress(body, address(''), defaults, fields)).toEqual(defaults);
  });

  it('writes every part of the state under a readable key and reads it back the same', () => {
    const state = {
      ...defaults,
      tab: 'all',
      search: { field: 'id', text: 'abc 12' },
      sort: { field: 'external_id', order: 'asc' as const },
      page: 3,
      perPage: 25,
      filters: { device_type: 'cgm', status: ['active', 'inactive'], added_on: { gte: '2026-11-01', lte: '2026-11-23' }, is_shared_device: true },
    };
    const query = addressOfListState(body, state, defaults, address(''));
    expect(Object.fromEntries(query)).toEqual({
      view: 'all',
      q: 'abc 12',
      searchBy: 'id',
      sort: 'external_id',
      page: '3',
      perPage: '25',
      device_type: 'cgm',
      status: '["active","inactive"]',
      added_on: '{"gte":"2026-11-01","lte":"2026-11-23"}',
    });
    expect(roundTrip(state)).toEqual(state);
  });

  it('keeps a descending sort and a cleared default filter', () => {
    const state = { ...defaults, sort: { field: 'external_id', order: 'desc' as const }, filters: {} };
    const query = addressOfListState(body, state, defaults, address(''));
    expect(query.get('order')).toBe('desc');
    expect(query.get('is_shared_device')).toBe('');
    expect(roundTrip(state)).toEqual(state);
  });

  it('keeps parameters the list does not own', () => {
    const query = addressOfListState(body, { ...defaults, page: 2 }, defaults, address('other=1&page=5'));
    expect(query.toString()).toBe('other=1&page=2');
  });

  it('ignores what the list cannot show: an unknown search field, page size, filter, a bad page or sort', () => {
    const state = listStateFromAddress(body, address('searchBy=password&perPage=1000&page=-2&sort=a;drop&secret=1'), defaults, fields);
    expect(state).toEqual(defaults);
  });

  it('tells a text that reads as a number or a word apart from one', () => {
    for (const value of ['active', '42', 'true', 42, true, null, ['a'], { gte: 'x' }, '["a"]']) {
      expect(filterValueFromText(filterValueToText(value))).toEqual(value);
    }
    expect(filterValueToText('active')).toBe('active');
    expect(filterValueFromText('')).toBeUndefined();
  });
});
