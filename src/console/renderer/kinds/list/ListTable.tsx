import { useLocation } from 'wouter';
import { FieldCell } from '../../parts/FieldCell';
import { ScrollRegion } from '../../skin/ScrollRegion';
import { useListContext } from './ListContext';
import { pinnedColumn } from './pinnedColumn';
import { useListTable } from './useListTable';
import { RowActions } from './RowActions';

const SORT_LABELS = { asc: 'ascending', desc: 'descending' } as const;

/** A pinned cell stays at the start edge while the others scroll under it. */
const PINNED = 'sticky z-[1]';
/** The pinned column's shadow over what has scrolled under it. */
const PINNED_SHADOW =
  'after:pointer-events-none after:absolute after:inset-y-0 after:left-full after:w-4 after:bg-linear-to-r after:from-slate-900/15 after:to-transparent';

/**
 * A focused row's outline is drawn under its pinned cells, which paint over it: they draw their part
 * of it themselves (top and bottom, and the start edge where they are the row's first cell on screen).
 */
const FOCUS_EDGES = 'group-focus-visible/row:shadow-[inset_0_2px_0_var(--color-blue-600),inset_0_-2px_0_var(--color-blue-600)]';
const FOCUS_EDGES_START =
  'group-focus-visible/row:shadow-[inset_2px_0_0_var(--color-blue-600),inset_0_2px_0_var(--color-blue-600),inset_0_-2px_0_var(--color-blue-600)]';

/**
 * The rows of a list page: sortable headers, selection boxes where allowed, a row click that is also
 * a keyboard action. A table wider than its place scrolls inside it (`label` names that region), with
 * the selection boxes and the column that names the row pinned at the start.
 */
export function ListTable({ label }: { label: string }) {
  const list = useListContext();
  const { columns, state, dispatch, isSelectable, rowHref, body } = list;
  const hasRowActions = (body.rowActions?.length ?? 0) > 0;
  const table = useListTable(list);
  const [, navigate] = useLocation();
  const rows = table.getRowModel().rows;
  const pinned = pinnedColumn(columns.map(({ view }) => view.field));
  const pinnedLeft = isSelectable ? 'left-10' : 'left-0';
  return (
    <ScrollRegion label={`${label} table`} className="rounded-md ring-1 ring-slate-200" pinnedStart>
      {({ atStart }) => {
        // The pinned column is the first on screen when nothing precedes it, or once the columns before it have scrolled under it.
        const pinnedFirst = !isSelectable && (pinned === 0 || !atStart);
        const pinnedCell = (index: number, background: string, focus = '') =>
          index === pinned ? ` ${PINNED} ${pinnedLeft} ${background}${atStart ? '' : ` ${PINNED_SHADOW}`}${focus && ` ${focus}`}` : '';
        return (
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {isSelectable && (
                  <th scope="col" className={`w-10 px-3 py-2 ${PINNED} left-0 bg-slate-50`}>
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                    />
                  </th>
                )}
                {columns.map(({ view }, index) => {
                  const sorted = state.sort?.field === view.field ? state.sort.order : undefined;
                  return (
                    <th
                      key={`${view.field}:${index}`}
                      scope="col"
                      className={`px-3 py-2${pinnedCell(index, 'bg-slate-50')}`}
                      aria-sort={sorted ? SORT_LABELS[sorted] : undefined}
                    >
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
                // Pinned cells carry their own background, so they follow the row's hover.
                const background = href ? 'bg-white group-hover/row:bg-slate-50' : 'bg-white';
                return (
                  <tr
                    key={row.id}
                    className={
                      href
                        ? 'group/row cursor-pointer hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600'
                        : undefined
                    }
                    tabIndex={href ? 0 : undefined}
                    onClick={href ? () => navigate(href) : undefined}
                    onKeyDown={href ? (event) => event.key === 'Enter' && event.target === event.currentTarget && navigate(href) : undefined}
                  >
                    {isSelectable && (
                      <td className={`px-3 py-2 ${PINNED} left-0 ${background} ${FOCUS_EDGES_START}`} onClick={(event) => event.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={`Select row ${row.id}`}
                          checked={row.getIsSelected()}
                          disabled={!row.getCanSelect()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    )}
                    {columns.map(({ view, location }, index) => (
                      <td
                        key={`${view.field}:${index}`}
                        className={`px-3 py-2 text-slate-800${pinnedCell(index, background, pinnedFirst ? FOCUS_EDGES_START : FOCUS_EDGES)}`}
                      >
                        <FieldCell view={view} record={row.original} location={location} />
                      </td>
                    ))}
                    {hasRowActions && <RowActions row={row.original} />}
                  </tr>
                );
              })}
            </tbody>
          </table>
        );
      }}
    </ScrollRegion>
  );
}
