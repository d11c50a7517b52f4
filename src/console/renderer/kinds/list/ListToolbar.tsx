import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { WidgetSlot } from '../../parts/WidgetSlot';
import { ScrollRegion } from '../../skin/ScrollRegion';
import { FilterBar } from './FilterBar';
import { useListContext } from './ListContext';
import { ListToggle } from './ListToggle';
import { ListViewSelect } from './ListViewSelect';
import { SearchBox } from './SearchBox';

/**
 * Above the rows: the filter tabs, the search, the filters and the list's own actions (create
 * buttons). On a narrow screen the tabs scroll sideways and the search takes the whole width.
 */
export function ListToolbar() {
  const { body, location, state, dispatch, searchFields, filters } = useListContext();
  // On a phone the controls take the whole width; a list with none keeps its actions at the end of the row.
  const hasControls = body.toggle !== undefined || body.tabStyle === 'select' || searchFields.length > 0 || filters.length > 0;
  return (
    <div className="mb-3 space-y-3">
      {body.tabs && body.tabStyle !== 'select' && (
        <ScrollRegion>
          {() => (
            // The underline is a shadow rather than a border, so that the selected tab's own border covers it inside the scrolling box.
            <div role="tablist" aria-label="Views" className="flex w-max min-w-full gap-1 shadow-[inset_0_-1px_0_var(--color-slate-200)]">
              {body.tabs?.map((tab) => (
                <button
                  key={tab.key}
                  type="button"
                  role="tab"
                  aria-selected={state.tab === tab.key}
                  onClick={() => dispatch({ type: 'setTab', tab: tab.key })}
                  className="shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 aria-selected:border-blue-700 aria-selected:font-medium aria-selected:text-slate-900"
                >
                  {tab.label}
                </button>
              ))}
            </div>
          )}
        </ScrollRegion>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className={`flex flex-wrap items-end gap-3 ${hasControls ? 'max-md:w-full' : ''}`}>
          {body.toggle && <ListToggle />}
          {body.tabs && body.tabStyle === 'select' && <ListViewSelect />}
          <SearchBox />
          <FilterBar />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {body.widget && <WidgetSlot widget={body.widget} location={at(location, 'widget')} />}
          <ActionBar actions={body.actions} resource={body.resource} location={at(location, 'actions')} label="List actions" />
        </div>
      </div>
    </div>
  );
}
