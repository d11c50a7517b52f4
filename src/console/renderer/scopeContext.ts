import { createContext, useContext, useMemo } from 'react';
import type { ApiRow, EvalContext, ListFacts } from './core/context';
import type { DefinitionLocation } from './core/resolve';
import { useScreenEnvironment, useScreenRegistries } from './environmentContext';

/** Where a part of a screen sits: its definition file and JSON path, the route's params, the record it shows. */
export interface ScreenScope {
  screenId: string;
  location: DefinitionLocation;
  params: Readonly<Record<string, string | undefined>>;
  record?: ApiRow;
  /** Inside a list: what its conditions and templates read of it. */
  list?: ListFacts;
}

export const ScopeContext = createContext<ScreenScope | null>(null);

export function useScreenScope(): ScreenScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('Screen parts render inside a Screen');
  return scope;
}

/** The context conditions and templates read here: environment, params and record, plus what is given, with the registries their names resolve in. */
export function useEvalContext(extra?: { record?: ApiRow; form?: ApiRow }): EvalContext {
  const environment = useScreenEnvironment();
  const registries = useScreenRegistries();
  const { params, record, list } = useScreenScope();
  const row = extra?.record ?? record;
  const form = extra?.form;
  return useMemo(
    () => ({ ...environment, registries, params, ...(row ? { record: row } : {}), ...(form ? { form } : {}), ...(list ? { list } : {}) }),
    [environment, registries, params, row, form, list],
  );
}
