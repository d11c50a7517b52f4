import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import type { ScreenOf } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { evaluateCondition } from '../../core/conditions';
import { useEvalContext, useScreenScope } from '../../scopeContext';

/** A route pattern with its parameters filled: '/locations/:id/show' -> '/locations/7/show'. */
export function fillRoute(route: string, params: Readonly<Record<string, string | undefined>>): string {
  return route.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * The controller of a tabs screen: the record of the route's :id (when it names a resource), the
 * visible tabs, the selected one (from the last path segment or the `tab` query parameter; an
 * unknown one falls back to the first) and how to select another.
 */
export function useTabsScreen(definition: ScreenOf<'tabs'>) {
  const dataProvider = useDataProvider();
  const { params } = useScreenScope();
  const [, navigate] = useLocation();
  const search = useSearch();
  const id = params.id;
  const record = useQuery({
    ...resourceQueries(definition.resource ?? '').one(dataProvider, id ?? ''),
    enabled: definition.resource !== undefined && id !== undefined,
  });
  const context = useEvalContext(record.data ? { record: record.data } : undefined);
  const tabs = definition.tabs.map((tab, index) => ({ tab, index })).filter(({ tab }) => evaluateCondition(tab.visibleWhen, context));
  const inQuery = definition.tabIn === 'query';
  const current = inQuery ? new URLSearchParams(search).get('tab') : params.tab;
  const selected = Math.max(
    0,
    tabs.findIndex(({ tab }) => tab.key === current),
  );
  const base = fillRoute(definition.route, params).replace(/\/$/, '');
  // Sub-tabs of the selected tab (spec 001: medical-history/medications): from the next path segment, an unknown one is the first.
  const subTabs = (tabs[selected]?.tab.tabs ?? []).map((tab, index) => ({ tab, index })).filter(({ tab }) => evaluateCondition(tab.visibleWhen, context));
  const selectedSub = Math.max(
    0,
    subTabs.findIndex(({ tab }) => tab.key === params.subtab),
  );
  return {
    definition,
    record,
    tabs,
    selected,
    select: (index: number) => {
      const key = tabs[index]?.tab.key;
      if (key) navigate(inQuery ? `${base}?tab=${encodeURIComponent(key)}` : `${base}/${key}`);
    },
    subTabs,
    selectedSub,
    selectSub: (index: number) => {
      const tab = tabs[selected]?.tab.key;
      const key = subTabs[index]?.tab.key;
      if (tab && key) navigate(`${base}/${tab}/${key}`);
    },
  };
}

export type TabsController = ReturnType<typeof useTabsScreen>;
