import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useMemo, useState } from 'react';
import { Router, useRoute } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ScreenDefinition } from '../../../schemas/screen';
import type { DataProvider } from '../api/dataProvider';
import { DataProviderContext } from '../api/DataProviderContext';
import { PageHeaderProvider, useCurrentPageHeader } from '../shell/pageHeader';
import type { ScreenEnvironment } from './core/context';
import { routePattern } from './core/routePattern';
import { EnvironmentContext, WritesRefusedContext } from './environmentContext';
import { ScreenBody } from './Screen';
import { ScopeContext, type ScreenScope } from './scopeContext';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { Toasts } from './skin/Toasts';

interface ScreenPreviewProps {
  /** A checked definition, its form fragment merged in. */
  definition: ScreenDefinition;
  /** Where the preview starts: the screen's route with its parameters filled (`/patients/3/show`). */
  path: string;
  /** Who the preview is for (a chosen role's permissions). */
  environment: ScreenEnvironment;
  /** What it reads with (Screen Studio's refuses every write). */
  dataProvider: DataProvider;
  /** Why nothing is written: every action that would write is disabled, saying this. */
  writesRefused: string;
}

function PreviewTitle() {
  const { title } = useCurrentPageHeader();
  return title ? <p className="mb-3 text-lg font-semibold text-slate-900">{title}</p> : null;
}

function PreviewedScreen({ definition }: { definition: ScreenDefinition }) {
  const [, matched] = useRoute(routePattern(definition));
  const paramsKey = JSON.stringify(matched ?? {});
  const scope = useMemo<ScreenScope>(
    () => ({ screenId: definition.id, location: { file: `preview of ${definition.id}`, path: '' }, params: JSON.parse(paramsKey) as ScreenScope['params'] }),
    [definition.id, paramsKey],
  );
  return (
    <ScopeContext.Provider value={scope}>
      <ScreenBody definition={definition} scope={scope} />
    </ScopeContext.Provider>
  );
}

/**
 * A definition drawn by the real renderer, apart from the console around it (Screen Studio's
 * preview, issue 21): its own address (a list's page and filters, a record's tabs move inside the
 * preview, not the console), its own query cache and list state (nothing read as another role is
 * kept for the console), its own title, and the environment and data provider it is given.
 */
export function ScreenPreview({ definition, path, environment, dataProvider, writesRefused }: ScreenPreviewProps) {
  const [location] = useState(() => memoryLocation({ path }));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [store] = useState(createStore);
  return (
    <QueryClientProvider client={queryClient}>
      <EnvironmentContext.Provider value={environment}>
        <DataProviderContext.Provider value={dataProvider}>
          <JotaiProvider store={store}>
            <WritesRefusedContext.Provider value={writesRefused}>
              <Router hook={location.hook} searchHook={location.searchHook}>
                <PageHeaderProvider>
                  <PreviewTitle />
                  <ScreenErrorBoundary key={path}>
                    <PreviewedScreen definition={definition} />
                  </ScreenErrorBoundary>
                </PageHeaderProvider>
              </Router>
            </WritesRefusedContext.Provider>
            <Toasts />
          </JotaiProvider>
        </DataProviderContext.Provider>
      </EnvironmentContext.Provider>
    </QueryClientProvider>
  );
}
