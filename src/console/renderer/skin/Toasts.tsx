import { useAtomValue } from 'jotai';
import { toastsAtom } from './toasts';

const KIND_CLASSES = {
  success: 'bg-green-700 text-white',
  warning: 'bg-amber-100 text-amber-950 ring-1 ring-amber-500',
  error: 'bg-red-700 text-white',
} as const;

/** The toasts of the screens, announced politely to screen readers, a warning as such. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <div key={toast.id} data-kind={toast.kind} className={`pointer-events-auto rounded-md px-4 py-2 text-sm shadow-lg ${KIND_CLASSES[toast.kind]}`}>
          {/* The colour says nothing to a screen reader: a warning says so (errors are worded as such already). */}
          {toast.kind === 'warning' && (
            <>
              <span aria-hidden="true" className="mr-1.5">
                ⚠
              </span>
              <span className="sr-only">Warning: </span>
            </>
          )}
          <span>{toast.message}</span>
        </div>
      ))}
    </div>
  );
}
