import { useAtomValue } from 'jotai';
import { toastsAtom } from './toasts';

const KIND_CLASSES = {
  success: 'bg-green-700 text-white',
  warning: 'bg-yellow-100 text-yellow-900 ring-1 ring-yellow-400',
  error: 'bg-red-700 text-white',
} as const;

/** The toasts of the screens, announced politely to screen readers. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <div key={toast.id} className={`pointer-events-auto rounded-md px-4 py-2 text-sm shadow-lg ${KIND_CLASSES[toast.kind]}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
