import { useQuery } from '@tanstack/react-query';
import type { Id } from '../../api/dataProvider';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';
import type { ApiRow } from '../core/context';

/**
 * The record an id points to, once loaded (none for no id): from the cache a list filled with the
 * page's references at once, else fetched alone. `useReferencedRecord('providers', device.tenant_id)`.
 */
export function useReferencedRecord(resource: string, id: Id | null | undefined): ApiRow | undefined {
  const query = useQuery({ ...resourceQueries(resource).one(useDataProvider(), id ?? ''), enabled: id !== undefined && id !== null && id !== '' });
  return query.data;
}
