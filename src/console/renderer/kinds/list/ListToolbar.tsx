import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { FilterBar } from './FilterBar';
import { useListContext } from './ListContext';
import { ListToggle } from './ListToggle';
import { ListViewSelect } from './ListViewSelect';
import { SearchBox } from './SearchBox';

/** Above the rows: the filter tabs, the search, the filters and the list's own actions (create buttons). */
export function ListToolbar() {
  const { body, location, state, dispatch } = useListContext();
  return (
    <div className="mb-3 space-y-3">
      {body.tabs && body.tabStyle !== 'select' && (
        <div role="tablist" aria-label="Views" className="flex gap-1 border-b border-slate-200">
          {body.tabs.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={state.tab === tab.key}
              onClick={() => dispatch({ type: 'setTab', tab: tab.key })}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 aria-selected:border-blue-700 aria-selected:font-medium aria-selected:text-slate-900"
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          {body.toggle && <ListToggle />}
          {body.tabs && body.tabStyle === 'select' && <ListViewSelect />}
          <SearchBox />
          <FilterBar />
        </div>
        <ActionBar actions={body.actions} resource={body.resource} location={at(location, 'actions')} label="List actions" />
      </div>
    </div>
  );
}
