import { useLocation } from 'wouter';
import { FieldCell } from '../../parts/FieldCell';
import { useListContext } from './ListContext';
import { useListTable } from './useListTable';
import { RowActions } from './RowActions';

const SORT_LABELS = { asc: 'ascending', desc: 'descending' } as const;

/** The rows of a list page: sortable headers, selection boxes where allowed, a row click that is also a keyboard action. */
export function ListTable() {
  const list = useListContext();
  const { columns, state, dispatch, isSelectable, rowHref, body } = list;
  const hasRowActions = (body.rowActions?.length ?? 0) > 0;
  const table = useListTable(list);
  const [, navigate] = useLocation();
  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {isSelectable && (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  checked={table.getIsAllPageRowsSelected()}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              </th>
            )}
            {columns.map(({ view }) => {
              const sorted = state.sort?.field === view.field ? state.sort.order : undefined;
              return (
                <th key={view.field} scope="col" className="px-3 py-2" aria-sort={sorted ? SORT_LABELS[sorted] : undefined}>
                  {view.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                      onClick={() => dispatch({ type: 'sort', field: view.field })}
                    >
                      {view.label}
                      <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    view.label
                  )}
                </th>
              );
            })}
            {hasRowActions && (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => {
            const href = rowHref?.(row.original);
            return (
              <tr
                key={row.id}
                className={
                  href ? 'cursor-pointer hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600' : undefined
                }
                tabIndex={href ? 0 : undefined}
                onClick={href ? () => navigate(href) : undefined}
                onKeyDown={href ? (event) => event.key === 'Enter' && event.target === event.currentTarget && navigate(href) : undefined}
              >
                {isSelectable && (
                  <td className="px-3 py-2" onClick={(event) => event.stopPropagation()}>
                    <input
                      type="checkbox"
                      aria-label={`Select row ${row.id}`}
                      checked={row.getIsSelected()}
                      disabled={!row.getCanSelect()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {columns.map(({ view, location }) => (
                  <td key={view.field} className="px-3 py-2 text-slate-800">
                    <FieldCell view={view} record={row.original} location={location} />
                  </td>
                ))}
                {hasRowActions && <RowActions row={row.original} />}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
