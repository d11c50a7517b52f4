import type { ReactNode } from 'react';

/** While a screen's data loads. */
export function Loading() {
  return (
    <p role="status" className="p-4 text-sm text-slate-500">
      Loading…
    </p>
  );
}

/** A failed load, in the words of the error mapping. */
export function ErrorMessage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
      {message}
    </p>
  );
}

/** An empty list, a missing record, a refused screen. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="p-6 text-center text-sm text-slate-500">{children}</p>;
}
