import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ShowBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import type { ApiRecord } from '../../../api/dataProvider';
import { DATA_STALE_TIME_MS, resourceQueries } from '../../../api/queryOptions';
import { entityOf } from '../../core/entityFields';
import { at, type DefinitionLocation } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { useScreenRegistries } from '../../environmentContext';
import { useEvalContext, useScreenScope } from '../../scopeContext';

/** The controller of a show body: the record of the route's :id (or of the body's `path`) and its entity schema. */
export function useShowScreen(body: ShowBody, location: DefinitionLocation) {
  const dataProvider = useDataProvider();
  const { params } = useScreenScope();
  const id = params.id ?? '';
  const registries = useScreenRegistries();
  const entity = useMemo(() => entityOf(body, at(location, body.entity === undefined ? 'resource' : 'entity'), registries), [body, location, registries]);
  const context = useEvalContext();
  const path = body.path === undefined ? undefined : fillTemplate(body.path, context);
  const queries = resourceQueries(body.resource);
  // One query either way: the record at the body's path, else the record by the route's id; the keys are the resource's.
  const queryKey: readonly unknown[] = path === undefined ? queries.one(dataProvider, id).queryKey : queries.at(dataProvider, path).queryKey;
  const query = useQuery({
    queryKey,
    queryFn: () => (path === undefined ? dataProvider.getOne(body.resource, id) : dataProvider.request<ApiRecord>(path)),
    staleTime: DATA_STALE_TIME_MS,
    enabled: path !== undefined || id !== '',
  });
  return { body, location, entity, query };
}

export type ShowController = ReturnType<typeof useShowScreen>;
