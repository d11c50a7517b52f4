import { onDemand, useOnDemand, type OnDemandState } from '../ui/onDemand';
import type * as Features from '../features';
import type * as Renderer from '../renderer/Screen';

/** The generic renderer's entry (Screen, screenRoutes and ScreenEnvironmentProvider) and the features' registries composed for it. */
export type RendererModule = typeof Renderer & typeof Features;

/**
 * The renderer and the features in chunks of their own: the sign-in page never loads them, nor the
 * screens' libraries (TanStack Table, the widgets) behind them. The shell starts fetching them as soon
 * as its own chunk runs (`renderer.preload()` in ShellRoot), alongside the session's calls, so that a
 * page does not wait for the one and then the other.
 */
export const renderer = onDemand(async (): Promise<RendererModule> => {
  const [screen, features] = await Promise.all([import('../renderer/Screen'), import('../features')]);
  return { ...screen, ...features };
});

export function useRenderer(): OnDemandState<RendererModule> {
  return useOnDemand(renderer);
}
