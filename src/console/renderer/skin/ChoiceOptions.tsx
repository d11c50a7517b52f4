import { ListboxOption, ListboxOptions } from '@headlessui/react';
import type { ReactNode } from 'react';
import { OPTION_CLASSES, OPTIONS_CLASSES } from './inputClasses';

export interface Choice {
  value: unknown;
  label: string;
}

/** The drop-down of a Listbox: any leading options (such as "All"), then one option per choice. */
export function ChoiceOptions({ choices, children }: { choices: readonly Choice[]; children?: ReactNode }) {
  return (
    // modal={false}: a modal listbox hides its own label from screen readers.
    <ListboxOptions modal={false} className={OPTIONS_CLASSES}>
      {children}
      {choices.map((choice) => (
        <ListboxOption key={String(choice.value)} value={choice.value} className={OPTION_CLASSES}>
          {choice.label}
        </ListboxOption>
      ))}
    </ListboxOptions>
  );
}
