/** What decides a screen's route: read from the bundled files at build time (scripts/vite/screenManifest.ts) and from a published definition. */
export interface Routed {
  kind: string;
  route: string;
  tabIn?: string;
  tabs?: readonly unknown[];
}

/** The route a screen answers on; a tabs screen with the tab in the path also takes `/:tab`, and `/:tab/:subtab` when a tab has sub-tabs. */
export function routePattern(definition: Routed): string {
  if (definition.kind !== 'tabs' || definition.tabIn === 'query') return definition.route;
  const base = `${definition.route.replace(/\/$/, '')}/:tab?`;
  const hasSubtabs = (tab: unknown) => typeof tab === 'object' && tab !== null && 'tabs' in tab && Boolean(tab.tabs);
  return (definition.tabs ?? []).some(hasSubtabs) ? `${base}/:subtab?` : base;
}
