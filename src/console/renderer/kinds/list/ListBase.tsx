import type { ReactNode } from 'react';
import { ListContext } from './ListContext';
import type { ListController } from './useListScreen';

/** Spec 000 sections 2.4 and 8: the empty texts unless a definition words them otherwise. */
const EMPTY_LIST_TEXT = 'No records found';
const EMPTY_FILTERED_TEXT = 'No results found.';

interface ListBaseProps {
  list: ListController;
  /** Always shown: tabs, search, filters, actions. */
  toolbar: ReactNode;
  loading: ReactNode;
  /** The first load failed: nothing to show but the error and a way to try again. */
  error: (error: Error, retry: () => void) => ReactNode;
  /** A refresh failed while rows are shown: they stay, under this notice. */
  stale: (error: Error, retry: () => void) => ReactNode;
  empty: (text: string) => ReactNode;
  /** A list whose required filter is unset (the definition's requiresFilter): nothing was asked. */
  blocked?: (title: string, text: string) => ReactNode;
  children: ReactNode;
}

/** Puts the list's controller in context and picks the slot of its results: loading, error, empty or the rows. */
export function ListBase({ list, toolbar, loading, error, stale, empty, blocked, children }: ListBaseProps) {
  const { query, plan, body } = list;
  const retry = () => void query.refetch();
  const required = body.requiresFilter;
  const slot =
    list.blocked && required
      ? (blocked?.(required.title, required.text) ?? empty(required.text))
      : query.isPending
        ? loading
        : query.isError && query.data === undefined
          ? error(query.error, retry)
          : query.data.data.length === 0
            ? empty(plan.filtered ? (body.empty?.filtered ?? EMPTY_FILTERED_TEXT) : (body.empty?.list ?? EMPTY_LIST_TEXT))
            : children;
  return (
    <ListContext.Provider value={list}>
      {toolbar}
      {query.isError && query.data !== undefined && !list.blocked && stale(query.error, retry)}
      {/* While the next page loads, the previous rows stay (no jump), dimmed and marked busy for assistive technology. */}
      <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {slot}
      </div>
    </ListContext.Provider>
  );
}
