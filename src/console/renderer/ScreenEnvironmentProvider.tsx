import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { fetcher } from '../api/client';
import { createDataProvider, type DataProvider } from '../api/dataProvider';
import { DataProviderContext } from '../api/DataProviderContext';
import type { ScreenEnvironment } from './core/context';
import { formDrafts, type DraftStorage } from './core/formDrafts';
import { EnvironmentContext, FormDraftsContext, RegistriesContext } from './environmentContext';
import type { ScreenRegistries } from './registries/screenRegistries';
import { sessionDraftStorage } from './skin/sessionDraftStorage';
import { Toasts } from './skin/Toasts';

interface ScreenEnvironmentProviderProps {
  value: ScreenEnvironment;
  /** Every name a definition may give, composed once from the renderer's entries and the features' (src/console/features). */
  registries: ScreenRegistries;
  /** The shell's authenticated data provider is the default; tests give one over a plain fetcher. */
  dataProvider?: DataProvider;
  /** Where form drafts are kept: the tab's session storage unless given (tests give memoryDraftStorage()). */
  draftStorage?: DraftStorage;
  children: ReactNode;
}

let sessionDataProvider: DataProvider | undefined;
const defaultDataProvider = () => (sessionDataProvider ??= createDataProvider(fetcher));

/**
 * What every screen reads: the signed-in identity, its permissions, the feature flags and the
 * site (GET /), the registries its names resolve in, the data provider, one jotai store that keeps each list's state while the
 * user moves between screens, the forms' drafts, and the toasts, which outlive the screen that
 * raised them (a save that redirects).
 */
export function ScreenEnvironmentProvider({ value, registries, dataProvider, draftStorage, children }: ScreenEnvironmentProviderProps) {
  const [store] = useState(createStore);
  const [drafts] = useState(() => formDrafts(draftStorage ?? sessionDraftStorage(), String(value.identity.id)));
  return (
    <EnvironmentContext.Provider value={value}>
      <RegistriesContext.Provider value={registries}>
        <DataProviderContext.Provider value={dataProvider ?? defaultDataProvider()}>
          <FormDraftsContext.Provider value={drafts}>
            <JotaiProvider store={store}>
              {children}
              <Toasts />
            </JotaiProvider>
          </FormDraftsContext.Provider>
        </DataProviderContext.Provider>
      </RegistriesContext.Provider>
    </EnvironmentContext.Provider>
  );
}
