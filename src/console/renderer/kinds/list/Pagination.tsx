import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { useListContext } from './ListContext';

/** Spec 000 section 9: the page-jump box appears when there are more than 5 pages. */
const PAGE_JUMP_ABOVE = 5;

/**
 * Rows per page, the range shown, previous/next, and the page-jump box (1 to the page count). A
 * list inside a record is named by its `label` (its card or tab), so that a page with several
 * lists has landmarks a screen reader tells apart ("Care Team pagination").
 */
export function Pagination({ label }: { label?: string | undefined }) {
  const { state, dispatch, total, pageCount, pageSizes } = useListContext();
  const [jump, setJump] = useState('');
  const first = total === 0 ? 0 : (state.page - 1) * state.perPage + 1;
  const last = Math.min(total, state.page * state.perPage);
  const go = () => {
    const page = Number(jump);
    if (Number.isInteger(page) && page >= 1 && page <= pageCount) dispatch({ type: 'setPage', page });
    setJump('');
  };
  return (
    <nav aria-label={label ? `${label} pagination` : 'Pagination'} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <label className="flex items-center gap-2">
        Rows per page
        <select
          className="rounded-md border-0 py-1 pl-2 pr-8 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-600"
          value={state.perPage}
          onChange={(event) => dispatch({ type: 'setPerPage', perPage: Number(event.target.value) })}
        >
          {!pageSizes.includes(state.perPage) && (
            <option value={state.perPage} disabled>
              {state.perPage}
            </option>
          )}
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span>
        {first}-{last} of {total}
      </span>
      <div className="flex items-center gap-2">
        <Button disabled={state.page <= 1} onClick={() => dispatch({ type: 'setPage', page: state.page - 1 })}>
          Previous
        </Button>
        <span>
          Page {state.page} of {pageCount}
        </span>
        <Button disabled={state.page >= pageCount} onClick={() => dispatch({ type: 'setPage', page: state.page + 1 })}>
          Next
        </Button>
        {pageCount > PAGE_JUMP_ABOVE && (
          <label className="flex items-center gap-1">
            Go to page
            <input
              type="number"
              min={1}
              max={pageCount}
              className="w-16 rounded-md border-0 py-1 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-600"
              value={jump}
              onChange={(event) => setJump(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && go()}
              onBlur={() => jump !== '' && go()}
            />
          </label>
        )}
      </div>
    </nav>
  );
}
