import { createContext, useContext } from 'react';
import type { ListController } from './useListScreen';

export const ListContext = createContext<ListController | null>(null);

/** The list's controller, for the parts of its skin. */
export function useListContext(): ListController {
  const list = useContext(ListContext);
  if (!list) throw new Error('List parts render inside a ListBase');
  return list;
}
