import { useMemo } from 'react';
import type { ListBody } from '../../../../../schemas/screen';
import { useCurrentPageHeader } from '../../../shell/pageHeader';
import type { DefinitionLocation } from '../../core/resolve';
import { ScopeContext, useScreenScope } from '../../scopeContext';
import { ErrorMessage, Loading, StaleNotice } from '../../skin/StatusViews';
import { BulkBar } from './BulkBar';
import { ListBase } from './ListBase';
import { ListBlocked } from './ListBlocked';
import { ListEmpty } from './ListEmpty';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { Pagination } from './Pagination';
import { useListScreen } from './useListScreen';

interface ListViewProps {
  body: ListBody;
  /** Where the body sits in its definition (`` for a list screen, `/cards/1/list` in a show screen). */
  location: DefinitionLocation;
  stateKey: string;
  /** A list screen: its state lives in the address (core/listAddress.ts). */
  addressed?: boolean;
  /** What the list is called where it stands (its card's title, its tab's label); the page's title by default. */
  label?: string | undefined;
}

/** A list wherever a definition puts one: a list screen, a card, a tab, a dashboard section. */
export function ListView({ body, location, stateKey, addressed = false, label }: ListViewProps) {
  const list = useListScreen(body, location, stateKey, addressed);
  const pageTitle = useCurrentPageHeader().title;
  const scope = useScreenScope();
  // The list's own parts (its actions, its cells) read it as `list` in their conditions and templates.
  const listScope = useMemo(() => ({ ...scope, list: list.facts }), [scope, list.facts]);
  return (
    <ScopeContext.Provider value={listScope}>
      <ListBase
        list={list}
        toolbar={<ListToolbar />}
        loading={<Loading />}
        error={(error, retry) => <ErrorMessage error={error} onRetry={retry} />}
        stale={(error, retry) => <StaleNotice error={error} onRetry={retry} />}
        empty={(text) => <ListEmpty text={text} />}
        blocked={(title, text) => <ListBlocked title={title} text={text} />}
      >
        <BulkBar />
        <ListTable label={label ?? (pageTitle || 'List')} />
        <Pagination label={label} />
      </ListBase>
    </ScopeContext.Provider>
  );
}
