import { describe, expect, it } from 'vitest';
import { listReducer, type ListState } from '../../../../src/console/renderer/core/listState';

const initial: ListState = {
  sort: { field: 'added_on', order: 'desc' },
  page: 3,
  perPage: 10,
  filters: { status: 'pending' },
  search: { field: 'external_id', text: '' },
  tab: 'active',
  selection: [1, 2],
};

describe('listReducer', () => {
  it('sorts ascending by a new field and flips the order on the same one, from page 1', () => {
    const byName = listReducer(initial, { type: 'sort', field: 'name' });
    expect(byName).toMatchObject({ sort: { field: 'name', order: 'asc' }, page: 1, selection: [] });
    expect(listReducer(byName, { type: 'sort', field: 'name' }).sort).toEqual({ field: 'name', order: 'desc' });
    expect(listReducer(initial, { type: 'sort', field: 'added_on' }).sort).toEqual({ field: 'added_on', order: 'asc' });
  });

  it('moves between pages, never below 1, keeping the selection', () => {
    expect(listReducer(initial, { type: 'setPage', page: 5 })).toMatchObject({ page: 5, selection: [1, 2] });
    expect(listReducer(initial, { type: 'setPage', page: 0 }).page).toBe(1);
    expect(listReducer(initial, { type: 'setPage', page: Number.NaN }).page).toBe(1);
  });

  it('changes the page size and goes back to page 1', () => {
    expect(listReducer(initial, { type: 'setPerPage', perPage: 25 })).toMatchObject({ perPage: 25, page: 1 });
  });

  it('sets and clears filters; an empty value (undefined, "", false, [], empty range) removes the filter', () => {
    const typed = listReducer(initial, { type: 'setFilter', field: 'device_type', value: 'glucometer' });
    expect(typed).toMatchObject({ filters: { status: 'pending', device_type: 'glucometer' }, page: 1, selection: [] });
    for (const value of [undefined, '', false, [], { from: undefined, to: '' }, null]) {
      expect(listReducer(initial, { type: 'setFilter', field: 'status', value }).filters).toEqual({});
    }
    expect(listReducer(typed, { type: 'clearFilters' })).toMatchObject({ filters: {}, search: { text: '' }, page: 1 });
  });

  it('keeps the search field and text apart; a new text goes back to page 1, the same text changes nothing', () => {
    const field = listReducer(initial, { type: 'setSearchField', field: 'id' });
    expect(field).toMatchObject({ search: { field: 'id', text: '' }, page: 1 });
    const text = listReducer(initial, { type: 'setSearchText', text: '3569' });
    expect(text).toMatchObject({ search: { field: 'external_id', text: '3569' }, page: 1, selection: [] });
    expect(listReducer(text, { type: 'setSearchText', text: '3569' })).toBe(text);
  });

  it('switches tabs from page 1 with nothing selected', () => {
    expect(listReducer(initial, { type: 'setTab', tab: 'inactive' })).toMatchObject({ tab: 'inactive', page: 1, selection: [] });
  });

  it('toggles, sets and clears the selection', () => {
    expect(listReducer(initial, { type: 'toggleSelected', id: 2 }).selection).toEqual([1]);
    expect(listReducer(initial, { type: 'toggleSelected', id: 7 }).selection).toEqual([1, 2, 7]);
    expect(listReducer(initial, { type: 'setSelection', ids: [4] }).selection).toEqual([4]);
    expect(listReducer(initial, { type: 'clearSelection' }).selection).toEqual([]);
  });
});
