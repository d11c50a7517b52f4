import { createContext, useContext } from 'react';
import type { DataProvider } from './dataProvider';

/** The data provider of the screens; the renderer's ScreenEnvironmentProvider supplies it. */
export const DataProviderContext = createContext<DataProvider | null>(null);

export function useDataProvider(): DataProvider {
  const dataProvider = useContext(DataProviderContext);
  if (!dataProvider) throw new Error('useDataProvider needs a DataProviderContext (the ScreenEnvironmentProvider gives one)');
  return dataProvider;
}
