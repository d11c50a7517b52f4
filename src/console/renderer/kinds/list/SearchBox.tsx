import { useEffect, useRef, useState } from 'react';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { LazyChoiceListbox } from '../../skin/LazyChoiceControls';
import { useDebouncedValue } from '../../skin/useDebouncedValue';
import { useListContext } from './ListContext';

/** The list's search waits for a pause in typing, like the spec's comboboxes (300 ms), unless the definition says how long (`search.debounceMs`). */
const SEARCH_DEBOUNCE_MS = 300;

/** The search box, with a selector of the field searched when there are several (IMEI, Patient Name, ID). */
export function SearchBox() {
  const { state, dispatch, searchFields, plan, body } = useListContext();
  const [typed, setTyped] = useState(state.search.text);
  const settled = useDebouncedValue(typed, body.search?.debounceMs ?? SEARCH_DEBOUNCE_MS);
  // What this box last sent: a search that changes otherwise ("Clear filters", Back, a link) is
  // shown in the box, while text still being typed is left alone.
  const sent = useRef(state.search.text);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    dispatch({ type: 'setSearchText', text: settled });
  }, [settled, dispatch]);
  useEffect(() => {
    if (state.search.text === sent.current) return;
    sent.current = state.search.text;
    setTyped(state.search.text);
  }, [state.search.text]);
  if (searchFields.length === 0) return null;
  const field = searchFields.find((f) => f.field === state.search.field) ?? searchFields[0];
  const message = plan.search.kind === 'too-short' ? plan.search.message : undefined;
  return (
    // On a phone the box's two parts share the whole row instead of keeping their desktop widths.
    <div className="flex min-w-0 items-end gap-2 max-md:w-full">
      {searchFields.length > 1 && (
        <LazyChoiceListbox
          label="Search by"
          className="relative w-40 max-md:min-w-0 max-md:flex-1"
          value={field?.field}
          onChange={(next: string) => dispatch({ type: 'setSearchField', field: next })}
          text={field?.label}
          choices={searchFields.map((option) => ({ value: option.field, label: option.label }))}
        />
      )}
      <div className="w-64 max-md:min-w-0 max-md:flex-1">
        <label className="block text-xs font-medium text-slate-600">
          Search{searchFields.length === 1 ? ` by ${field?.label ?? ''}` : ''}
          <input
            type="search"
            className={`${INPUT_CLASSES} mt-1`}
            value={typed}
            placeholder={field?.label}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'list-search-message' : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        {message && (
          <p id="list-search-message" role="alert" className="mt-1 text-xs text-red-700">
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
