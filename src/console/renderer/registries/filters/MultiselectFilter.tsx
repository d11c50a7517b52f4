import { Field, Label, Listbox, ListboxButton } from '@headlessui/react';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { choicesSchema, defineFilter } from './filterTypes';
import { ChoiceOptions } from '../../skin/ChoiceOptions';

/** Any of several values: `field[in]`. */
export const multiselectFilter = defineFilter(
  { type: 'object', properties: { choices: choicesSchema }, additionalProperties: false },
  function MultiselectFilter({ filter, value, onChange, options }) {
    const choices = options.choices ?? filter.choices;
    const chosen = Array.isArray(value) ? value : [];
    const labels = choices.filter((choice) => chosen.includes(choice.value)).map((choice) => choice.label);
    return (
      <Field className="relative w-56">
        <Label className="block text-xs font-medium text-slate-600">{filter.label}</Label>
        <Listbox value={chosen} onChange={(next: unknown[]) => onChange(next)} multiple>
          <ListboxButton className={`${INPUT_CLASSES} mt-1 truncate text-left`}>{labels.length > 0 ? labels.join(', ') : 'All'}</ListboxButton>
          <ChoiceOptions choices={choices} />
        </Listbox>
      </Field>
    );
  },
);
