import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { apiFetcher, createDataProvider } from '../../../src/console/api/dataProvider';
import { screenRegistries } from '../../../src/console/features';
import type { ScreenEnvironment } from '../../../src/console/renderer/core/context';
import { Screen, screenRoutes } from '../../../src/console/renderer/Screen';
import { ScreenEnvironmentProvider } from '../../../src/console/renderer/ScreenEnvironmentProvider';
import { PageHeaderProvider } from '../../../src/console/shell/pageHeader';
import { PageHeading } from '../../../src/console/shell/PageHeading';
import { LazySchemaForm } from '../../../src/console/renderer/rjsf/LazySchemaForm';
import { preloadRegistries } from '../../../src/console/renderer/registries/lazyEntry';
import { preloadScreenKinds } from '../../../src/console/renderer/kinds';
import { bundledScreens } from '../../../src/console/renderer/core/definitions';
import { bundledDefinition } from '../../../src/console/renderer/screenFiles';
import { INTERNAL_ADMIN } from './environments';

// The form engine loads on demand in the console (ui/onDemand.ts): a user sees "Loading…" for the
// moment the chunk takes (e2e covers it). Screens' tests load it first, so that a form is drawn with
// its screen, as they read it.
await LazySchemaForm.preload();
// Likewise the features' widgets and RJSF widgets and fields (each fetched the first time it is drawn,
// renderer/registries/lazyEntry.tsx), so that a screen draws them with itself.
await preloadRegistries(screenRegistries);
// Likewise each screen kind's code (fetched when a screen of its kind is first drawn, renderer/kinds/index.ts).
await preloadScreenKinds();
// Likewise every screen's file (fetched when its page opens, renderer/screenFiles.ts).
await Promise.all([...bundledScreens.keys()].flatMap((id) => bundledDefinition(id)?.preload() ?? []));

/** A query cache as the shell makes one, without retries so that failures show at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });

/** The providers a screen needs, at a path: query cache, router, page header, environment with the console's registries and a real data provider. */
export function renderWithScreens(ui: ReactNode, { path = '/', environment = INTERNAL_ADMIN }: { path?: string; environment?: ScreenEnvironment } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <PageHeaderProvider>
          <ScreenEnvironmentProvider value={environment} registries={screenRegistries} dataProvider={createDataProvider(apiFetcher())}>
            <PageHeading />
            {ui}
          </ScreenEnvironmentProvider>
        </PageHeaderProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, location, queryClient };
}

/** A screen by id at a path, routed as the shell routes it. */
export function renderScreen(id: string, options: { path?: string; environment?: ScreenEnvironment } = {}) {
  const pattern = Object.entries(screenRoutes).find(([, screenId]) => screenId === id)?.[0];
  if (!pattern) throw new Error(`No route for screen ${id}`);
  return renderWithScreens(
    <Route path={pattern}>
      <Screen id={id} />
    </Route>,
    options,
  );
}
