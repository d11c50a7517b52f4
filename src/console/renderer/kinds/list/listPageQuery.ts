import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataProvider } from '../../../api/dataProvider';
import { DATA_STALE_TIME_MS } from '../../../api/queryOptions';
import type { ResolvedFieldView } from '../../core/fieldViews';
import { fetchListPage } from '../../core/listFetch';
import type { ListPlan } from '../../core/listPlan';
import { prefetchReferences } from './prefetchReferences';

/**
 * The query of one page of a list, keyed by the resource and what its plan sends (the params and
 * the search), which is all the page depends on. `options` adds how it is fetched: through the
 * screen's data provider, the records its reference columns point to prefetched into the cache.
 */
export function listPageQuery(resource: string, { params, search }: Pick<ListPlan, 'params' | 'search'>) {
  return {
    options: (dataProvider: DataProvider, queryClient: QueryClient, columns: readonly ResolvedFieldView[]) =>
      queryOptions({
        queryKey: [resource, 'list', 'page', params, search] as const,
        queryFn: async () => {
          const page = await fetchListPage(dataProvider, resource, { params, search });
          void prefetchReferences(queryClient, dataProvider, columns, page.data);
          return page;
        },
        staleTime: DATA_STALE_TIME_MS,
      }),
  };
}
