import { Listbox, ListboxButton } from '@headlessui/react';
import type { WidgetProps } from '@rjsf/utils';
import { INPUT_CLASSES } from '../skin/inputClasses';
import { ChoiceOptions } from '../skin/ChoiceOptions';

/** Sentinel of "nothing chosen": Listbox values cannot be undefined. */
const NONE = '__none__';

/** One of an enum's values, as a Headless UI Listbox (keyboard and screen-reader ready). */
export function SelectWidget({ id, value, disabled, readonly, options, onChange, placeholder, rawErrors }: WidgetProps) {
  const choices = options.enumOptions ?? [];
  const current = choices.find((choice) => choice.value === value);
  const chosen: unknown = current ? current.value : NONE;
  return (
    <Listbox value={chosen} onChange={(next: unknown) => onChange(next === NONE ? options.emptyValue : next)} disabled={disabled || readonly}>
      <div className="relative">
        <ListboxButton id={id} className={`${INPUT_CLASSES} text-left`} aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}>
          {current?.label ?? (placeholder || 'Select…')}
        </ListboxButton>
        <ChoiceOptions choices={choices} />
      </div>
    </Listbox>
  );
}
