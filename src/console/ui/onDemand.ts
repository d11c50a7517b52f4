import { useEffect, useMemo, useState } from 'react';

/**
 * Code fetched on demand without React.lazy. React 19 holds back a Suspense boundary's content
 * until 300 ms after its fallback appeared (FALLBACK_THROTTLE_MS), so a chunk that arrives in 40 ms
 * still kept the page waiting 300 (measured: the shell's first calls started 250 ms after the
 * session was restored, the page idle in between). A module loaded this way is drawn the moment it
 * arrives, and at once when it is already here (`preload` started it early, or another page used it).
 *
 * `const forms = onDemand(() => import('./SchemaForm'))`; `forms.preload()`; in a component:
 * `const loaded = useOnDemand(forms)`.
 */
export interface OnDemand<M> {
  /** Starts the fetch (once) and answers the module. */
  preload(): Promise<M>;
  /** The module once it has arrived. */
  current(): M | undefined;
}

export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let promise: Promise<M> | undefined;
  let module: M | undefined;
  return {
    preload() {
      promise ??= load().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          // A failed fetch (a redeploy, the network) may be retried by the next use.
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    current: () => module,
  };
}

export type OnDemandState<M> = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; module: M };

/**
 * The module of an `onDemand`, fetched on the first render that needs it. A component given another
 * source (a route's Screen reused for the next page's id) answers that one's state, not the last.
 */
export function useOnDemand<M>(source: OnDemand<M>): OnDemandState<M> {
  const [arrived, setArrived] = useState<{ source: OnDemand<M>; state: OnDemandState<M> } | undefined>(undefined);
  const module = source.current();
  const state = useMemo<OnDemandState<M>>(
    () => (module !== undefined ? { status: 'ready', module } : arrived?.source === source ? arrived.state : { status: 'loading' }),
    [module, arrived, source],
  );
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) return;
    let current = true;
    source.preload().then(
      (loaded) => current && setArrived({ source, state: { status: 'ready', module: loaded } }),
      (error: unknown) => current && setArrived({ source, state: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => {
      current = false;
    };
  }, [source, ready]);
  return state;
}
