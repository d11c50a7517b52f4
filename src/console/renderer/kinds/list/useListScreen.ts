import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { DATA_STALE_TIME_MS } from '../../../api/queryOptions';
import { evaluateCondition } from '../../core/conditions';
import type { ApiRow } from '../../core/context';
import { entityOf } from '../../core/entityFields';
import { resolveFieldView, resolveFilter, resolveSearchFields } from '../../core/fieldViews';
import { fetchListPage } from '../../core/listFetch';
import { initialListState, listPlan, pageSizesOf } from '../../core/listPlan';
import { at, type DefinitionLocation } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { useListState } from './listAtoms';
import { prefetchReferences } from './prefetchReferences';

/**
 * The controller of a list: its state (reducer in jotai), the request it makes, the page it got,
 * the visible columns and filters, and the rules of selection and row click. Renders nothing.
 * `location` is where the list's body sits in its definition; `stateKey` names its state.
 */
export function useListScreen(body: ListBody, location: DefinitionLocation, stateKey: string) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const context = useEvalContext();
  const entity = useMemo(() => entityOf(body, at(location, 'resource')), [body, location]);
  const searchFields = useMemo(() => resolveSearchFields(body, entity), [body, entity]);
  const [state, dispatch] = useListState(stateKey, () => initialListState(body, searchFields));

  const columns = useMemo(
    () =>
      body.columns
        .map((column, index) => ({ view: resolveFieldView(column, entity), location: at(location, 'columns', index) }))
        .filter(({ view }) => evaluateCondition(view.visibleWhen, context)),
    [body, entity, location, context],
  );
  const filters = useMemo(
    () =>
      (body.filters ?? [])
        .map((filter, index) => ({ filter: resolveFilter(filter, entity), location: at(location, 'filters', index) }))
        .filter(({ filter }) => evaluateCondition(filter.visibleWhen, context)),
    [body, entity, location, context],
  );
  const plan = useMemo(() => listPlan(body, state, searchFields, context), [body, state, searchFields, context]);

  const query = useQuery({
    queryKey: [body.resource, 'list', 'page', plan.params, plan.search] as const,
    queryFn: async () => {
      const page = await fetchListPage(dataProvider, body.resource, plan);
      void prefetchReferences(queryClient, dataProvider, columns.map(({ view }) => view), page.data);
      return page;
    },
    placeholderData: keepPreviousData,
    staleTime: DATA_STALE_TIME_MS,
  });

  const total = query.data?.total ?? 0;
  const selection = body.selection;
  return {
    body,
    location,
    state,
    dispatch,
    query,
    plan,
    columns,
    filters,
    searchFields,
    total,
    pageSizes: pageSizesOf(body),
    pageCount: Math.max(1, Math.ceil(total / state.perPage)),
    /** Only where the definition allows selection, and only rows its condition accepts. */
    isSelectable: selection ? (row: ApiRow) => evaluateCondition(selection.selectableWhen, { ...context, record: row }) : undefined,
    rowHref: body.rowClick ? (row: ApiRow) => fillTemplate(body.rowClick ?? '', { ...context, record: row }) : undefined,
  };
}

export type ListController = ReturnType<typeof useListScreen>;
