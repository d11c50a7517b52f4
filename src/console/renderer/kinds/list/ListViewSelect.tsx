import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { INPUT_CLASSES, OPTION_CLASSES, OPTIONS_CLASSES } from '../../skin/inputClasses';
import { useListContext } from './ListContext';

/** The tabs of a list shown as one select (`"tabStyle": "select"`): the patient queue's view selector. */
export function ListViewSelect() {
  const { body, state, dispatch } = useListContext();
  const tabs = body.tabs ?? [];
  const current = tabs.find((tab) => tab.key === state.tab) ?? tabs[0];
  return (
    <Field className="relative w-40">
      <Label className="block text-xs font-medium text-slate-600">{body.tabLabel ?? 'View'}</Label>
      <Listbox value={current?.key} onChange={(tab: string) => dispatch({ type: 'setTab', tab })}>
        <ListboxButton className={`${INPUT_CLASSES} mt-1 text-left`}>{current?.label}</ListboxButton>
        <ListboxOptions modal={false} className={OPTIONS_CLASSES}>
          {tabs.map((tab) => (
            <ListboxOption key={tab.key} value={tab.key} className={OPTION_CLASSES}>
              {tab.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
