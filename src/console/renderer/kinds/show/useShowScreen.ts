import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ShowBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { entityOf } from '../../core/entityFields';
import { at, type DefinitionLocation } from '../../core/resolve';
import { useScreenScope } from '../../scopeContext';

/** The controller of a show body: the record of the route's :id and its entity schema. */
export function useShowScreen(body: ShowBody, location: DefinitionLocation) {
  const dataProvider = useDataProvider();
  const { params } = useScreenScope();
  const id = params.id ?? '';
  const entity = useMemo(() => entityOf(body, at(location, body.entity === undefined ? 'resource' : 'entity')), [body, location]);
  const query = useQuery({ ...resourceQueries(body.resource).one(dataProvider, id), enabled: id !== '' });
  return { body, location, entity, query };
}

export type ShowController = ReturnType<typeof useShowScreen>;
