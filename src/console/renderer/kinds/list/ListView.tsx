import type { ListBody } from '../../../../../schemas/screen';
import type { DefinitionLocation } from '../../core/resolve';
import { EmptyState, ErrorMessage, Loading } from '../../skin/StatusViews';
import { BulkBar } from './BulkBar';
import { ListBase } from './ListBase';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { Pagination } from './Pagination';
import { useListScreen } from './useListScreen';

interface ListViewProps {
  body: ListBody;
  /** Where the body sits in its definition (`` for a list screen, `/cards/1/list` in a show screen). */
  location: DefinitionLocation;
  stateKey: string;
}

/** A list wherever a definition puts one: a list screen, a card, a tab, a dashboard section. */
export function ListView({ body, location, stateKey }: ListViewProps) {
  const list = useListScreen(body, location, stateKey);
  return (
    <ListBase
      list={list}
      toolbar={<ListToolbar />}
      loading={<Loading />}
      error={(error) => <ErrorMessage error={error} />}
      empty={(text) => <EmptyState>{text}</EmptyState>}
    >
      <BulkBar />
      <ListTable />
      <Pagination />
    </ListBase>
  );
}
