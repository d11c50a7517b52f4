export type SortOrder = 'asc' | 'desc';
export type RowId = string | number;

/** What the user chose on a list. Filters are keyed by field; a value of undefined means "not filtered". */
export interface ListState {
  sort: { field: string; order: SortOrder } | null;
  /** 1-based. */
  page: number;
  perPage: number;
  filters: Readonly<Record<string, unknown>>;
  /** The search field chosen in the selector, and the text as typed. */
  search: { field: string; text: string };
  /** The key of the filter tab, or null where the list has none. */
  tab: string | null;
  selection: readonly RowId[];
}

export type ListAction =
  | { type: 'sort'; field: string }
  | { type: 'setPage'; page: number }
  | { type: 'setPerPage'; perPage: number }
  | { type: 'setFilter'; field: string; value: unknown }
  | { type: 'clearFilters' }
  | { type: 'setSearchField'; field: string }
  | { type: 'setSearchText'; text: string }
  | { type: 'setTab'; tab: string }
  | { type: 'toggleSelected'; id: RowId }
  | { type: 'setSelection'; ids: readonly RowId[] }
  | { type: 'clearSelection' };

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => v === undefined || v === ''));

/** A changed question starts again at page 1 with nothing selected. */
const restart = (state: ListState): ListState => ({ ...state, page: 1, selection: [] });

/**
 * The list's state machine (react-admin's queryReducer): pure, so it is tested without React;
 * a jotai atom only holds its state.
 */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'sort': {
      const order: SortOrder = state.sort?.field === action.field && state.sort.order === 'asc' ? 'desc' : 'asc';
      return { ...restart(state), sort: { field: action.field, order } };
    }
    case 'setPage':
      return { ...state, page: Math.max(1, Math.floor(action.page) || 1) };
    case 'setPerPage':
      return { ...state, page: 1, perPage: action.perPage };
    case 'setFilter': {
      const { [action.field]: _, ...others } = state.filters;
      return { ...restart(state), filters: isEmpty(action.value) ? others : { ...others, [action.field]: action.value } };
    }
    case 'clearFilters':
      return { ...restart(state), filters: {}, search: { ...state.search, text: '' } };
    case 'setSearchField':
      return { ...restart(state), search: { ...state.search, field: action.field } };
    case 'setSearchText':
      return action.text === state.search.text ? state : { ...restart(state), search: { ...state.search, text: action.text } };
    case 'setTab':
      return { ...restart(state), tab: action.tab };
    case 'toggleSelected':
      return {
        ...state,
        selection: state.selection.includes(action.id) ? state.selection.filter((id) => id !== action.id) : [...state.selection, action.id],
      };
    case 'setSelection':
      return { ...state, selection: [...action.ids] };
    case 'clearSelection':
      return { ...state, selection: [] };
  }
}
