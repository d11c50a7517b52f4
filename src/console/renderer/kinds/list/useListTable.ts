import { rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowSelectionState, type Updater } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ApiRecord } from '../../../api/dataProvider';
import type { RowId } from '../../core/listState';
import type { ListController } from './useListScreen';

const features = tableFeatures({ rowSelectionFeature });
const noRows: ApiRecord[] = [];

const selectionMap = (ids: readonly RowId[]): RowSelectionState => Object.fromEntries(ids.map((id) => [String(id), true]));

/**
 * The TanStack Table of a list page: columns from the definition, rows from the query, and the
 * selection kept in the list's reducer (the table reads it and reports changes back).
 */
export function useListTable(list: ListController) {
  const { columns, query, state, dispatch, isSelectable } = list;
  const rows = query.data?.data ?? noRows;
  const columnDefs = useMemo<ColumnDef<typeof features, ApiRecord>[]>(() => columns.map(({ view }) => ({ id: view.field, header: view.label })), [columns]);
  const byId = useMemo(() => new Map(rows.map((row) => [String(row.id), row.id])), [rows]);
  return useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { rowSelection: selectionMap(state.selection) },
    enableRowSelection: (row) => isSelectable?.(row.original) ?? false,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(selectionMap(state.selection)) : updater;
      // Rows of other pages stay selected; ids keep their type (numbers stay numbers).
      const kept = state.selection.filter((id) => !byId.has(String(id)));
      dispatch({
        type: 'setSelection',
        ids: [
          ...kept,
          ...Object.keys(next)
            .filter((key) => byId.has(key))
            .map((key) => byId.get(key) as RowId),
        ],
      });
    },
  });
}
