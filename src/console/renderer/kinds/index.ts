import { createElement, type ComponentType } from 'react';
import type { ScreenKind, ScreenOf } from '../../../../schemas/screen';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import { ErrorMessage, Loading } from '../skin/StatusViews';

const views = { loading: createElement(Loading), failed: (error: Error) => createElement(ErrorMessage, { error }) };

/**
 * The component of each screen kind, each a chunk of its own fetched the first time a screen of
 * that kind is drawn (issue 20: a list page does not load the record panel, the tabs, the
 * dashboard or the form screen's code), "Loading…" until it arrives as while the definition loads.
 * Not React.lazy: ui/onDemand.ts says why. `preloadScreenKind` starts the fetch with the page's
 * definition (the shell, Screen.tsx); a tabs or show screen draws the lists and forms it holds with
 * its own chunk's code.
 */
export const screenKinds: { readonly [K in ScreenKind]: ComponentType<{ definition: ScreenOf<K> }> & { preload(): Promise<unknown> } } = {
  dashboard: onDemandComponent(() => import('./dashboard/DashboardScreen').then((module) => module.DashboardScreen), views),
  form: onDemandComponent(() => import('./form/FormScreen').then((module) => module.FormScreen), views),
  list: onDemandComponent(() => import('./list/ListScreen').then((module) => module.ListScreen), views),
  show: onDemandComponent(() => import('./show/ShowScreen').then((module) => module.ShowScreen), views),
  tabs: onDemandComponent(() => import('./tabs/TabsScreen').then((module) => module.TabsScreen), views),
};

/** Starts fetching the code of a definition's kind (an unknown kind is left to the screen to report). */
export function preloadScreenKind(definition: { kind?: unknown }): void {
  const kind = screenKinds[definition.kind as ScreenKind] as (typeof screenKinds)[ScreenKind] | undefined;
  void kind?.preload().catch(() => undefined);
}

/** Fetches every kind's code (the screens' tests, which draw a screen with its code at hand). */
export async function preloadScreenKinds(): Promise<void> {
  await Promise.all(Object.values(screenKinds).map((kind) => kind.preload()));
}
