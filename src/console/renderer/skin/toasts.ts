import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

export interface Toast {
  id: number;
  message: string;
  kind: 'success' | 'warning' | 'error';
}

/** How long a toast stays; the spec gives no figure, and five seconds lets a sentence be read. */
const TOAST_MS = 5_000;

export const toastsAtom = atom<readonly Toast[]>([]);
let nextId = 1;

/** Shows a toast: `notify('Device assigned to patient.')`, `notify(message, 'error')`. */
export function useNotify() {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (message: string, kind: Toast['kind'] = 'success') => {
      const id = nextId++;
      setToasts((toasts) => [...toasts, { id, message, kind }]);
      setTimeout(() => setToasts((toasts) => toasts.filter((toast) => toast.id !== id)), TOAST_MS);
    },
    [setToasts],
  );
}
