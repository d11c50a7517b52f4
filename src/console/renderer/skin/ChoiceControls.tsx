import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';
import { listboxButtonClasses, OPTION_CLASSES, OPTIONS_CLASSES, SWITCH_CLASSES, SWITCH_KNOB_CLASSES } from './inputClasses';

/** One option of a ChoiceListbox. */
export interface ListboxChoice {
  value: unknown;
  label: ReactNode;
  disabled?: boolean;
}

export interface ChoiceListboxProps {
  /** The label above the button ('Status', 'Search by'). */
  label: string;
  /** The field's classes (its width). */
  className: string;
  value: unknown;
  onChange: (value: never) => void;
  /** What the button shows: the chosen option's label, 'All', 'Choose'. */
  text: ReactNode;
  choices: readonly ListboxChoice[];
  multiple?: boolean;
  /** Added to the button's and to each option's classes. */
  buttonClassName?: string;
  optionClassName?: string;
}

/** A labelled Headless UI Listbox: the lists' and filters' selects (skin/LazyChoiceControls.tsx loads it on demand). */
export function ChoiceListbox({ label, className, value, onChange, text, choices, multiple, buttonClassName, optionClassName }: ChoiceListboxProps) {
  return (
    <Field className={className}>
      <Label className="block text-xs font-medium text-slate-600">{label}</Label>
      <Listbox value={value} onChange={onChange as (value: unknown) => void} multiple={multiple}>
        <ListboxButton className={listboxButtonClasses(buttonClassName)}>{text}</ListboxButton>
        {/* modal={false}: a modal listbox hides its own label from screen readers. */}
        <ListboxOptions modal={false} className={OPTIONS_CLASSES}>
          {choices.map((choice) => (
            <ListboxOption
              key={String(choice.value)}
              value={choice.value}
              disabled={choice.disabled}
              className={optionClassName ? `${OPTION_CLASSES} ${optionClassName}` : OPTION_CLASSES}
            >
              {choice.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}

export interface ChoiceSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label beside the switch. */
  label: ReactNode;
  labelClassName: string;
}

/** A Headless UI Switch with its label on its right: a list's toggle and the switch filter. */
export function ChoiceSwitch({ checked, onChange, label, labelClassName }: ChoiceSwitchProps) {
  return (
    <Field className="flex items-center gap-2 self-end pb-1.5">
      <Switch checked={checked} onChange={onChange} className={SWITCH_CLASSES}>
        <span className={SWITCH_KNOB_CLASSES} />
      </Switch>
      <Label className={labelClassName}>{label}</Label>
    </Field>
  );
}
