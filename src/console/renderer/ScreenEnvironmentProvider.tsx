import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { fetcher } from '../api/client';
import { createDataProvider, type DataProvider } from '../api/dataProvider';
import { DataProviderContext } from '../api/DataProviderContext';
import type { ScreenEnvironment } from './core/context';
import { EnvironmentContext } from './environmentContext';
import { Toasts } from './skin/Toasts';

interface ScreenEnvironmentProviderProps {
  value: ScreenEnvironment;
  /** The shell's authenticated data provider is the default; tests give one over a plain fetcher. */
  dataProvider?: DataProvider;
  children: ReactNode;
}

let sessionDataProvider: DataProvider | undefined;
const defaultDataProvider = () => (sessionDataProvider ??= createDataProvider(fetcher));

/**
 * What every screen reads: the signed-in identity, its permissions, the feature flags and the
 * site (GET /), the data provider, one jotai store that keeps each list's state while the
 * user moves between screens, and the toasts, which outlive the screen that raised them (a save
 * that redirects).
 */
export function ScreenEnvironmentProvider({ value, dataProvider, children }: ScreenEnvironmentProviderProps) {
  const [store] = useState(createStore);
  return (
    <EnvironmentContext.Provider value={value}>
      <DataProviderContext.Provider value={dataProvider ?? defaultDataProvider()}>
        <JotaiProvider store={store}>
          {children}
          <Toasts />
        </JotaiProvider>
      </DataProviderContext.Provider>
    </EnvironmentContext.Provider>
  );
}
