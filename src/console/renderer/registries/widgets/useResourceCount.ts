import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import type { Filter } from '../../../api/dataProvider.utils';
import { resourceQueries } from '../../../api/queryOptions';
import { resolveValue } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';

/** How many records of a resource match a filter (its templates filled here), read from Content-Range with a one-row page. */
export function useResourceCount(resource: string, filterTemplate: Readonly<Record<string, unknown>> = {}) {
  const filter = resolveValue(filterTemplate, useEvalContext()) as Filter;
  const query = useQuery(resourceQueries(resource).list(useDataProvider(), { filter, pagination: { page: 1, perPage: 1 } }));
  return { total: query.data?.total, error: query.isError ? query.error : undefined };
}
