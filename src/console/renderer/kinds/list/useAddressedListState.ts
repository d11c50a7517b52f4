import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import type { ListBody } from '../../../../../schemas/screen';
import { listReducer, type ListAction, type ListState } from '../../core/listState';
import { queryWithTab, tabInQuery } from '../../core/listTabs';
import { useListState } from './listAtoms';

/**
 * The state of a list (kept in jotai by `stateKey`), with its tab in the address where the
 * definition names a `tabParam`: choosing a tab navigates, so that Back returns to the previous
 * one and a reload or a link (/patients?status=consented) opens it; the address wins over the
 * state kept from an earlier visit. Other actions go to the reducer.
 */
export function useAddressedListState(body: ListBody, stateKey: string, initial: () => ListState): [ListState, (action: ListAction) => void] {
  const [stored, dispatchStored] = useListState(stateKey, initial);
  const [address, setAddress] = useSearchParams();
  const addressTab = body.tabParam === undefined ? null : tabInQuery(body, address);
  // Derived at once rather than after an effect, so that no request goes out for the old tab.
  const state = addressTab === null || addressTab === stored.tab ? stored : listReducer(stored, { type: 'setTab', tab: addressTab });
  useEffect(() => {
    if (state !== stored && state.tab !== null) dispatchStored({ type: 'setTab', tab: state.tab });
  }, [state, stored, dispatchStored]);
  const dispatch = useCallback(
    (action: ListAction) => {
      if (action.type === 'setTab' && body.tabParam !== undefined) setAddress((current) => queryWithTab(body, current, action.tab));
      else dispatchStored(action);
    },
    [body, setAddress, dispatchStored],
  );
  return [state, dispatch];
}
