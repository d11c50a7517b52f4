import { useEffect, useState } from 'react';
import type * as Features from '../features';
import type * as Renderer from '../renderer/Screen';

/** The generic renderer's entry (Screen, screenRoutes and ScreenEnvironmentProvider) and the features' registries composed for it. */
export type RendererModule = typeof Renderer & typeof Features;

export type RendererState = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; module: RendererModule };

/**
 * The renderer and the features in chunks of their own, fetched once the shell is up: the sign-in
 * page never loads them, nor the screens' libraries (TanStack Table, RJSF, the widgets) behind them.
 */
export function useRenderer(): RendererState {
  const [state, setState] = useState<RendererState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    Promise.all([import('../renderer/Screen'), import('../features')]).then(
      ([renderer, features]) => current && setState({ status: 'ready', module: { ...renderer, ...features } }),
      (error: unknown) => current && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
