import { useCallback, useState } from 'react';

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back Undo reaches. */
const DEPTH = 200;

/**
 * A value with its undo and redo stacks (Screen Studio's working definition: the structured and the
 * JSON editor both `set` it). `reset` starts a new history (a draft saved or reloaded).
 */
export function useUndoable<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const set = useCallback(
    (next: T) =>
      setHistory((current) =>
        Object.is(next, current.present) ? current : { past: [...current.past, current.present].slice(-DEPTH), present: next, future: [] },
      ),
    [],
  );
  const undo = useCallback(
    () =>
      setHistory((current) => {
        const previous = current.past.at(-1);
        if (current.past.length === 0) return current;
        return { past: current.past.slice(0, -1), present: previous as T, future: [current.present, ...current.future] };
      }),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory((current) => {
        const [next, ...rest] = current.future;
        if (current.future.length === 0) return current;
        return { past: [...current.past, current.present], present: next as T, future: rest };
      }),
    [],
  );
  const reset = useCallback((value: T) => setHistory({ past: [], present: value, future: [] }), []);
  return { value: history.present, set, undo, redo, reset, canUndo: history.past.length > 0, canRedo: history.future.length > 0 };
}
