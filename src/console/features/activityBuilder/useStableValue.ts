import { useRef } from 'react';

/**
 * The same object for as long as its JSON stays the same: the preview's template is rebuilt from the
 * draft on every render, and the runner should see a new template only when there is one.
 */
export function useStableValue<T>(value: T): T {
  const kept = useRef<{ json: string; value: T } | null>(null);
  const json = JSON.stringify(value);
  if (kept.current?.json !== json) kept.current = { json, value };
  return kept.current.value;
}
