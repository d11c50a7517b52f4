import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { expanding, resourceQueries } from '../../../api/queryOptions';
import type { ApiRow } from '../../core/context';
import { useScreenScope } from '../../scopeContext';

/**
 * The record of the route's :id in a resource, once loaded: what a show screen is titled from (the
 * same query as its body's record, so with the body's `expand`).
 */
export function useRouteRecord(resource: string, expand?: readonly string[]): ApiRow | undefined {
  const { params } = useScreenScope();
  const record = useQuery({ ...resourceQueries(resource).one(useDataProvider(), params.id ?? '', expanding(expand)), enabled: params.id !== undefined });
  return record.data;
}
