import type { ComponentType, ReactNode } from 'react';
import { onDemand, useOnDemand } from './onDemand';

interface Views<P> {
  /**
   * Shown until the code arrives (nothing by default); a function of the props draws a placeholder of the
   * component's own size and content (skin/LazyRecordCombobox.tsx).
   */
  loading?: ReactNode | ((props: P) => ReactNode);
  /** Shown when the fetch fails; without it the error goes to the nearest error boundary. */
  failed?: (error: Error) => ReactNode;
}

/**
 * A component whose code is fetched the first time it is drawn (ui/onDemand.ts, not React.lazy):
 * `const TotpForm = onDemandComponent(() => import('./TotpForm').then((m) => m.TotpForm))`.
 * `preload()` starts the fetch before it is drawn.
 */
export function onDemandComponent<P extends object>(load: () => Promise<ComponentType<P>>, views: Views<P> = {}) {
  const source = onDemand(async () => ({ Component: await load() }));
  function OnDemandComponent(props: P) {
    const state = useOnDemand(source);
    if (state.status === 'failed') {
      if (!views.failed) throw state.error;
      return views.failed(state.error);
    }
    if (state.status === 'loading') return (typeof views.loading === 'function' ? views.loading(props) : views.loading) ?? null;
    const { Component } = state.module;
    return <Component {...props} />;
  }
  return Object.assign(OnDemandComponent, { preload: () => source.preload() });
}
