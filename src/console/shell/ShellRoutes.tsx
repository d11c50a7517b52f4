import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorPage } from './ErrorPage';
import { FullPageStatus } from './FullPageStatus';
import { canSee } from './menuAccess';
import { ACCOUNT_MENU, MENU_GROUPS } from './menuItems';
import { PlaceholderPage } from './PlaceholderPage';
import type { ShellSession } from './shellSession';
import { useRenderer } from './useRenderer';

/** /pdf, the PDF viewer (spec 000 section 2), with PDF.js: loaded when opened, not with the console. */
const PdfViewerPage = lazy(() => import('../pages/pdf/PdfViewerPage'));

/** Every console route of the menus, with the gate of its menu item. */
const MENU_PAGES = [
  ...MENU_GROUPS.flatMap((group) => group.items),
  ...ACCOUNT_MENU.flatMap((item) => ('path' in item.to ? [{ label: item.label, path: item.to.path, gate: item.gate }] : [])),
];

/**
 * The pages inside the shell: the renderer's screens (their own access conditions apply), then a
 * placeholder for each menu route that has no screen yet (refused, like its menu item, to a user
 * who may not see it), then the not-found page.
 */
export function ShellRoutes({ shell }: { shell: ShellSession }) {
  const renderer = useRenderer();
  if (renderer.status === 'loading') return <FullPageStatus />;
  if (renderer.status === 'failed') return <ErrorPage message={renderer.error.message} />;
  const { Screen, screenRoutes, ScreenEnvironmentProvider, screenRegistries } = renderer.module;
  const environment = { identity: shell.identity, permissions: shell.permissions, featureFlags: shell.featureFlags, environment: shell.site };
  return (
    <ScreenEnvironmentProvider value={environment} registries={screenRegistries}>
      <Switch>
        {Object.entries(screenRoutes).map(([pattern, id]) => (
          <Route key={pattern} path={pattern}>
            <Screen id={id} />
          </Route>
        ))}
        <Route path="/pdf">
          <Suspense fallback={<FullPageStatus />}>
            <PdfViewerPage />
          </Suspense>
        </Route>
        {MENU_PAGES.map((page) => (
          <Route key={page.path} path={page.path}>
            {canSee(page.gate, shell.viewer) ? (
              <PlaceholderPage title={page.label} />
            ) : (
              <ErrorPage title="Access denied" message="You do not have access to this page." />
            )}
          </Route>
        ))}
        <Route>
          <ErrorPage title="Page not found" message="There is no page at this address." />
        </Route>
      </Switch>
    </ScreenEnvironmentProvider>
  );
}
