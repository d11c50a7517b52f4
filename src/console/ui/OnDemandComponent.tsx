import type { ComponentType, ReactNode } from 'react';
import { onDemand, useOnDemand } from './onDemand';

/**
 * A component whose code is fetched the first time it is drawn (ui/onDemand.ts, not React.lazy):
 * `const TotpForm = onDemandComponent(() => import('./TotpForm').then((m) => m.TotpForm))`. Until it
 * arrives the fallback shows; a failed fetch goes to the nearest error boundary.
 */
export function onDemandComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  const source = onDemand(async () => ({ Component: await load() }));
  function OnDemandComponent(props: P) {
    const state = useOnDemand(source);
    if (state.status === 'failed') throw state.error;
    if (state.status === 'loading') return fallback;
    const { Component } = state.module;
    return <Component {...props} />;
  }
  return Object.assign(OnDemandComponent, { preload: () => source.preload() });
}
