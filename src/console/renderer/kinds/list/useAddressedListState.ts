import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { ListBody } from '../../../../../schemas/screen';
import { addressOfListState, listStateFromAddress } from '../../core/listAddress';
import { listReducer, type ListAction, type ListState, type RowId } from '../../core/listState';
import type { SearchField } from '../../core/search';
import { rememberListAddress } from '../../listAddressMemory';

/**
 * The state of a list screen, kept in its address (core/listAddress.ts says how): the address is
 * the only source of what the list shows, so a reload or a link shows the same list and Back and
 * Forward move through list states. Each change pushes a history entry, except refining a search
 * already typed, which replaces it (Back should not step through every pause in typing). The
 * selection stays in memory. Returns the state and a dispatch that never changes. With `enabled`
 * false (a list inside a record, of which a page has several) it only follows the hooks' rules.
 */
export function useAddressedListState(
  body: ListBody,
  initial: () => ListState,
  searchFields: readonly SearchField[],
  enabled: boolean,
): [ListState, (action: ListAction) => void] {
  // The defaults are fixed when the list opens: a date preset ("today") does not move under the user.
  const [defaults] = useState(initial);
  const [selection, setSelection] = useState<readonly RowId[]>([]);
  const [params, setAddress] = useSearchParams();
  const [path] = useLocation();
  // By its text: the parameters object is new on every render, the list's state need not be.
  const query = params.toString();
  const address = useMemo(() => new URLSearchParams(query), [query]);
  const addressed = useMemo(() => listStateFromAddress(body, address, defaults, searchFields), [body, address, defaults, searchFields]);
  const state = useMemo(() => ({ ...addressed, selection }), [addressed, selection]);
  useEffect(() => {
    if (enabled) rememberListAddress(path, query === '' ? '' : `?${query}`);
  }, [enabled, path, query]);

  const latest = useRef({ state, address });
  latest.current = { state, address };
  const dispatch = useCallback(
    (action: ListAction) => {
      const { state: current, address: currentAddress } = latest.current;
      const next = listReducer(current, action);
      if (next === current) return;
      if (next.selection !== current.selection) setSelection(next.selection);
      const nextAddress = addressOfListState(body, next, defaults, currentAddress);
      // The next action may come before the list renders this address (a debounced search, then a
      // click): it builds on this one rather than on the last render.
      latest.current = { state: next, address: nextAddress };
      if (nextAddress.toString() === currentAddress.toString()) return;
      const refining = action.type === 'setSearchText' && current.search.text !== '' && next.search.text !== '';
      setAddress(nextAddress, { replace: refining });
    },
    [body, defaults, setAddress],
  );
  return [state, dispatch];
}
