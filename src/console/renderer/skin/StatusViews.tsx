import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';

/** While a screen's data loads. */
export function Loading() {
  return (
    <p role="status" className="p-4 text-sm text-slate-500">
      Loading…
    </p>
  );
}

/** A failed load, in the words of the error mapping, with a way to try again where there is one. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-red-50 p-4 text-sm text-red-800">
      <p>{message}</p>
      {onRetry && <Button onClick={onRetry}>Retry</Button>}
    </div>
  );
}

/** A shown list whose refresh failed: its rows are kept, and the user is told they may be old. */
export function StaleNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div
      role="alert"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p>The list could not be refreshed, so what it shows may be out of date. {message}</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/** An empty list, a missing record, a refused screen. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="p-6 text-center text-sm text-slate-500">{children}</p>;
}
