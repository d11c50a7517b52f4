import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { DATA_STALE_TIME_MS } from '../../api/queryOptions';

/**
 * A metrics answer read at a path of `metricsPath` (`/metrics?id=provider&tenant_id=3`, or
 * `/metrics/user`): the last answer stays shown while other selectors' figures load. Only asked
 * when `enabled` (spec 002 section 7: "Only runs when a tenant is chosen").
 */
export function useMetrics<T>(path: string, enabled = true) {
  const dataProvider = useDataProvider();
  const query = useQuery({
    queryKey: ['metrics', path],
    queryFn: ({ signal }) => dataProvider.request<T>(path, { signal }),
    staleTime: DATA_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    data: query.data,
    loading: query.isPending && enabled,
    error: query.isError ? query.error : undefined,
    retry: () => void query.refetch(),
  };
}
