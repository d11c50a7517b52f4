import { useEffect, useState } from 'react';

/** The generic renderer's entry: Screen, screenRoutes and ScreenEnvironmentProvider. */
export type RendererModule = typeof import('../renderer/Screen');

export type RendererState = { status: 'loading' } | { status: 'failed'; error: Error } | { status: 'ready'; module: RendererModule };

/**
 * The renderer in a chunk of its own, fetched once the shell is up: the sign-in page never loads
 * it, nor the screens' libraries (TanStack Table, RJSF, the widgets) behind it.
 */
export function useRenderer(): RendererState {
  const [state, setState] = useState<RendererState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    import('../renderer/Screen').then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => current && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
