import { bundledScreens, routePattern } from './core/definitions';

/**
 * Route pattern (wouter syntax) -> screen id, from the bundled definitions, for the shell's
 * router: `{"/devices": "devices.list", "/devices/:id/show": "devices.show", ...}`. A published
 * version of a screen replaces its content, not its route.
 */
export const screenRoutes: Readonly<Record<string, string>> = Object.fromEntries(
  [...bundledScreens.values()].map(({ definition }) => [routePattern(definition), definition.id]),
);
