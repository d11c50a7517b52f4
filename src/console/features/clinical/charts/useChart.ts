import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { readChart } from './chartAnswer';

/**
 * A chart of the patient read at a path of `chartQuery.ts` (`/patients/7/charts/heart_rate?...`),
 * as the views use it. The query is the patients resource's (`['patients', 'at', path]`), so that a
 * write to the patient (an annotation) refreshes it with the record; the last answer stays shown
 * while another range, timescale or page loads.
 */
export function useChart(path: string, enabled = true) {
  const query = useQuery({ ...resourceQueries('patients').at(useDataProvider(), path), select: readChart, placeholderData: keepPreviousData, enabled });
  return {
    chart: query.data,
    loading: query.isPending && enabled,
    /** A newer answer is on its way while the last one shows. */
    refreshing: query.isPlaceholderData || (query.isFetching && !query.isPending),
    error: query.isError ? query.error : undefined,
    retry: () => void query.refetch(),
  };
}
