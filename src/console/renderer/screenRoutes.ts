import { matchRoute, type Parser } from 'wouter';
import { bundledScreens, type LoadedScreen } from './core/definitions';
import { bundledDefinition } from './screenFiles';

/**
 * Route pattern (wouter syntax) -> screen id, from the bundled definitions, for the shell's
 * router: `{"/devices": "devices.list", "/devices/:id/show": "devices.show", ...}`. A published
 * version of a screen replaces its content, not its route.
 */
export const screenRoutes: Readonly<Record<string, string>> = Object.fromEntries([...bundledScreens.values()].map(({ pattern, id }) => [pattern, id]));

/**
 * Starts fetching the definition of the screen at `path`, if one answers there, and answers it: the
 * shell calls it as it starts, so that the page's file arrives with the renderer rather than after it.
 */
export function preloadScreenAt(parser: Parser, path: string): Promise<LoadedScreen> | undefined {
  const screen = [...bundledScreens.values()].find(({ pattern }) => matchRoute(parser, pattern, path)[0]);
  const loading = screen && bundledDefinition(screen.id)?.preload();
  loading?.catch(() => undefined);
  return loading;
}
