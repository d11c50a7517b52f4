import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import type { Filter } from '../../api/dataProvider.utils';
import type { ChosenRecord } from '../core/filterQueries';
import { INPUT_CLASSES, OPTION_CLASSES, OPTIONS_CLASSES } from './inputClasses';
import { useRecordSearch } from './useRecordSearch';

/** Spec 000 section 9: a combobox offers 10 options and searches after a 300 ms pause. */
const COMBOBOX_OPTIONS = 10;
const COMBOBOX_DEBOUNCE_MS = 300;

export interface RecordComboboxProps {
  /** Without one, a label elsewhere names the input by its `id` (an RJSF field's). */
  label?: string | undefined;
  resource: string;
  /** The field shown for a record (`name`, `user.full_name`). */
  labelPath: string;
  /** The field searched with q; the label's field unless given. */
  searchField?: string | undefined;
  minLength?: number | undefined;
  debounceMs?: number | undefined;
  /** How many records are offered at once; the spec's user pickers offer 100 (001 section 9). */
  perPage?: number | undefined;
  /** Fixed filters of the offered records (active locations of the provider). */
  filter?: Filter | undefined;
  value: ChosenRecord | null;
  onChange: (value: ChosenRecord | null) => void;
  disabled?: boolean | undefined;
  id?: string | undefined;
}

/** Picks one record of a resource by typing part of its label. */
export function RecordCombobox({
  label,
  resource,
  labelPath,
  searchField,
  minLength = 0,
  debounceMs = COMBOBOX_DEBOUNCE_MS,
  perPage = COMBOBOX_OPTIONS,
  filter,
  value,
  onChange,
  disabled,
  id,
}: RecordComboboxProps) {
  const { options, setTyped, failure } = useRecordSearch({ resource, labelPath, searchField, minLength, debounceMs, perPage, filter, disabled });
  return (
    <Field className="relative w-full" disabled={disabled}>
      {label && <Label className="block text-xs font-medium text-slate-600">{label}</Label>}
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setTyped('')} immediate>
        <ComboboxInput
          id={id}
          className={`${INPUT_CLASSES} ${label ? 'mt-1' : ''}`}
          displayValue={(chosen: ChosenRecord | null) => chosen?.label ?? ''}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={minLength > 0 ? `Type ${minLength} or more characters` : 'Search'}
        />
        <ComboboxOptions modal={false} className={OPTIONS_CLASSES}>
          {value && (
            <ComboboxOption value={null} className={OPTION_CLASSES}>
              Clear
            </ComboboxOption>
          )}
          {options.map((option) => (
            <ComboboxOption key={option.id} value={option} className={OPTION_CLASSES}>
              {option.label}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {failure && (
        // Headless UI's Field names it as the input's description.
        <Description as="p" role="alert" className="mt-1 text-xs text-red-700">
          The search failed: {failure}
        </Description>
      )}
    </Field>
  );
}
