import { useQuery } from '@tanstack/react-query';
import type { ScreenOf } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import type { ApiRow } from '../../core/context';
import { usePageMeta } from '../../parts/usePageMeta';
import { useScreenScope } from '../../scopeContext';
import { ShowView } from './ShowView';

/** The show kind: one record (spec 000 section 2.5's device detail), titled from it. */
export function ShowScreen({ definition }: { definition: ScreenOf<'show'> }) {
  const { location, params } = useScreenScope();
  const record = useQuery({ ...resourceQueries(definition.resource).one(useDataProvider(), params.id ?? ''), enabled: params.id !== undefined });
  usePageMeta(definition, record.data as ApiRow | undefined);
  return <ShowView body={definition} location={location} />;
}
