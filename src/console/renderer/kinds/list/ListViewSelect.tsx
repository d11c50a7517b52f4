import { LazyChoiceListbox } from '../../skin/LazyChoiceControls';
import { useListContext } from './ListContext';

/** The tabs of a list shown as one select (`"tabStyle": "select"`): the patient queue's view selector. */
export function ListViewSelect() {
  const { body, state, dispatch } = useListContext();
  const tabs = body.tabs ?? [];
  const current = tabs.find((tab) => tab.key === state.tab) ?? tabs[0];
  return (
    <LazyChoiceListbox
      label={body.tabLabel ?? 'View'}
      className="relative w-40"
      value={current?.key}
      onChange={(tab: string) => dispatch({ type: 'setTab', tab })}
      text={current?.label}
      choices={tabs.map((tab) => ({ value: tab.key, label: tab.label }))}
    />
  );
}
