import { useRef, useState } from 'react';
import { moveEntry } from './stepForm';

/**
 * Stable keys for the rows of an editable list (a step's items, an activity's steps), which have no
 * id of their own while being typed: a row keeps its key, its inputs and its focus when rows are
 * added, removed or moved around it.
 */
export function useListKeys(length: number) {
  const next = useRef(length);
  const [keys, setKeys] = useState(() => Array.from({ length }, (_, i) => i));
  return {
    keys,
    add: () => setKeys((current) => [...current, next.current++]),
    remove: (index: number) => setKeys((current) => current.filter((_, i) => i !== index)),
    move: (index: number, delta: -1 | 1) => setKeys((current) => moveEntry(current, index, delta)),
  };
}
