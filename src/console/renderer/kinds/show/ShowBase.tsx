import type { ReactNode } from 'react';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import type { ShowController } from './useShowScreen';

interface ShowBaseProps {
  show: ShowController;
  loading: ReactNode;
  error: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Picks the loading, error or content slot, and gives the content the record as its scope's record. */
export function ShowBase({ show, loading, error, children }: ShowBaseProps) {
  const scope = useScreenScope();
  if (show.query.isPending) return loading;
  if (show.query.isError) return error(show.query.error);
  return <ScopeContext.Provider value={{ ...scope, record: show.query.data }}>{children}</ScopeContext.Provider>;
}
