import { Field, Label, Listbox, ListboxButton, ListboxOption } from '@headlessui/react';
import { INPUT_CLASSES, OPTION_CLASSES } from '../../skin/inputClasses';
import { choicesSchema, defineFilter } from './filterTypes';
import { ChoiceOptions } from '../../skin/ChoiceOptions';

/** Sentinel of the "All" option: Listbox values cannot be undefined. */
const ALL = '__all__';

/** One value of the field's enum (or of `choices`), or All: `field[eq]`. */
export const selectFilter = defineFilter(
  { type: 'object', properties: { choices: choicesSchema }, additionalProperties: false },
  function SelectFilter({ filter, value, onChange, options }) {
    const choices = options.choices ?? filter.choices;
    const current = choices.find((choice) => choice.value === value);
    return (
      <Field className="relative w-48">
        <Label className="block text-xs font-medium text-slate-600">{filter.label}</Label>
        <Listbox value={current ? current.value : ALL} onChange={(next: unknown) => onChange(next === ALL ? undefined : next)}>
          <ListboxButton className={`${INPUT_CLASSES} mt-1 text-left`}>{current?.label ?? 'All'}</ListboxButton>
          <ChoiceOptions choices={choices}>
            <ListboxOption value={ALL} className={OPTION_CLASSES}>
              All
            </ListboxOption>
          </ChoiceOptions>
        </Listbox>
      </Field>
    );
  },
);
