import { useId, useState } from 'react';
import { at, resolveEntry } from '../../core/resolve';
import { useScreenRegistries } from '../../environmentContext';
import { Button } from '../../../ui/Button';
import { useListContext } from './ListContext';

/**
 * The list's filters, each through its registry control, and a reset. Under 768 px they wait in a
 * panel behind a Filters button that counts the filters set, so the rows come first on a phone.
 */
export function FilterBar() {
  const { filters, state, dispatch } = useListContext();
  const registries = useScreenRegistries();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (filters.length === 0) return null;
  const active = filters.filter(({ filter }) => state.filters[filter.field] !== undefined).length;
  return (
    <div className="max-md:w-full">
      <Button
        className="md:hidden"
        aria-label={active > 0 ? `Filters, ${active} active` : 'Filters'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        Filters
        {active > 0 && <span className="min-w-5 rounded-full bg-blue-700 px-1.5 text-center text-xs leading-5 text-white">{active}</span>}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      <div
        id={panelId}
        className={`flex flex-wrap items-end gap-3 max-md:flex-col max-md:items-stretch max-md:*:w-full ${open ? 'max-md:mt-2 max-md:rounded-md max-md:bg-white max-md:p-3 max-md:ring-1 max-md:ring-slate-200' : 'max-md:hidden'}`}
      >
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
    </div>
  );
}
