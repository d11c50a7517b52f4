import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ShowBody } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { entityOf } from '../../core/entityFields';
import { at, type DefinitionLocation } from '../../core/resolve';
import { fillTemplate } from '../../core/templates';
import { useScreenRegistries } from '../../environmentContext';
import { useEvalContext, useScreenScope } from '../../scopeContext';

/** The controller of a show body: the record of the route's :id (with the body's `expand`, or read at its `path`) and its entity schema. */
export function useShowScreen(body: ShowBody, location: DefinitionLocation) {
  const dataProvider = useDataProvider();
  const { params } = useScreenScope();
  const id = params.id ?? '';
  const registries = useScreenRegistries();
  const entity = useMemo(() => entityOf(body, at(location, body.entity === undefined ? 'resource' : 'entity'), registries), [body, location, registries]);
  const context = useEvalContext();
  const path = body.path === undefined ? undefined : fillTemplate(body.path, context);
  const query = useQuery({ ...resourceQueries(body.resource).oneOrAt(dataProvider, id, path, body.expand), enabled: path !== undefined || id !== '' });
  return { body, location, entity, query };
}

export type ShowController = ReturnType<typeof useShowScreen>;
