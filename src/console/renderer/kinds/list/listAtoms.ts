import { useAtom, type WritableAtom } from 'jotai';
import { atomWithReducer } from 'jotai/utils';
import { listReducer, type ListAction, type ListState } from '../../core/listState';

type ListAtom = WritableAtom<ListState, [ListAction], void>;
const atoms = new Map<string, ListAtom>();

/**
 * The state of one list, held by jotai and changed only by the pure `listReducer`. One atom per
 * key, so a list keeps its page, filters and search while the user visits other screens.
 */
export function useListState(key: string, initial: () => ListState): [ListState, (action: ListAction) => void] {
  let listAtom = atoms.get(key);
  if (!listAtom) {
    listAtom = atomWithReducer(initial(), listReducer);
    atoms.set(key, listAtom);
  }
  return useAtom(listAtom);
}

/** Forgets every list's state: a signed-out user's lists are not the next user's. */
export function forgetListStates(): void {
  atoms.clear();
}
