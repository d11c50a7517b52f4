import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { Button } from '../../../ui/Button';
import { useListContext } from './ListContext';

/** The actions on the selected rows, shown while some are selected. */
export function BulkBar() {
  const { body, location, state, dispatch } = useListContext();
  if (!body.bulkActions || state.selection.length === 0) return null;
  const clear = () => dispatch({ type: 'clearSelection' });
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 rounded-md bg-blue-50 px-3 py-2 text-sm">
      <span>{state.selection.length} selected</span>
      <ActionBar
        actions={body.bulkActions}
        resource={body.resource}
        location={at(location, 'bulkActions')}
        ids={state.selection}
        onDone={clear}
        label="Bulk actions"
      />
      <Button variant="ghost" onClick={clear}>
        Unselect
      </Button>
    </div>
  );
}
