import { at, resolveEntry } from '../../core/resolve';
import { useScreenRegistries } from '../../environmentContext';
import { Button } from '../../../ui/Button';
import { useListContext } from './ListContext';

/** The list's filters, each through its registry control, and a reset. */
export function FilterBar() {
  const { filters, state, dispatch } = useListContext();
  const registries = useScreenRegistries();
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      {filters.map(({ filter, location }) => {
        const { Component } = resolveEntry(registries.filters, 'filter', filter.type, at(location, 'type'));
        return (
          <Component
            key={filter.field}
            filter={filter}
            options={filter.options}
            value={state.filters[filter.field]}
            onChange={(value) => dispatch({ type: 'setFilter', field: filter.field, value })}
          />
        );
      })}
      {Object.keys(state.filters).length > 0 && (
        <Button variant="ghost" onClick={() => dispatch({ type: 'clearFilters' })}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
