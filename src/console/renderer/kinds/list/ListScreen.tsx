import type { ScreenOf } from '../../../../../schemas/screen';
import { usePageMeta } from '../../parts/usePageMeta';
import { useScreenScope } from '../../scopeContext';
import { ListView } from './ListView';

/** The list kind: a resource's records, paged, sorted, searched and filtered as its definition says. */
export function ListScreen({ definition }: { definition: ScreenOf<'list'> }) {
  const { location } = useScreenScope();
  usePageMeta(definition);
  // Its state is in the address; the key only names the unused memory state.
  return <ListView body={definition} location={location} stateKey={`${definition.id}@${definition.version}`} addressed />;
}
