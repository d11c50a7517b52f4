import type { ReactNode } from 'react';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import type { TabsController } from './useTabsScreen';

interface TabsBaseProps {
  tabs: TabsController;
  loading: ReactNode;
  error: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Picks the slot of a tabs screen while its record loads, and gives the tabs that record as their scope's. */
export function TabsBase({ tabs, loading, error, children }: TabsBaseProps) {
  const scope = useScreenScope();
  const { record } = tabs;
  if (record.isPending && record.fetchStatus !== 'idle') return loading;
  if (record.isError) return error(record.error);
  return <ScopeContext.Provider value={{ ...scope, ...(record.data ? { record: record.data } : {}) }}>{children}</ScopeContext.Provider>;
}
