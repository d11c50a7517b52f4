import type { ApiRecord } from '../../../api/dataProvider';
import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import { useListContext } from './ListContext';

/**
 * The definition's `rowActions` in one row: the row is their record (templates, conditions, a
 * dialog's initial values, the id they act on). Clicks stay in the cell, so that using an action
 * never also opens the row.
 */
export function RowActions({ row }: { row: ApiRecord }) {
  const { body, location } = useListContext();
  const scope = useScreenScope();
  return (
    <td className="px-3 py-1" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <div className="flex justify-end">
        <ScopeContext.Provider value={{ ...scope, record: row }}>
          <ActionBar actions={body.rowActions} resource={body.resource} location={at(location, 'rowActions')} label={`Actions on row ${String(row.id)}`} />
        </ScopeContext.Provider>
      </div>
    </td>
  );
}
