import type { ScreenOf } from '../../../../../schemas/screen';
import { usePageMeta } from '../../parts/usePageMeta';
import { useScreenScope } from '../../scopeContext';
import { ShowView } from './ShowView';
import { useRouteRecord } from './useRouteRecord';

/** The show kind: one record (spec 000 section 2.5's device detail), titled from it. */
export function ShowScreen({ definition }: { definition: ScreenOf<'show'> }) {
  const { location } = useScreenScope();
  usePageMeta(definition, useRouteRecord(definition.resource, definition.expand));
  return <ShowView body={definition} location={location} />;
}
