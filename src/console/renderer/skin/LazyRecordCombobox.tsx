import { useId } from 'react';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import { INPUT_CLASSES } from './inputClasses';
import type { RecordComboboxProps } from './RecordCombobox';

/**
 * Until the combobox's code arrives: its label and an input of the same size, disabled and marked
 * busy, showing the chosen record, so that the filter bar does not move when the combobox replaces it.
 */
function RecordComboboxLoading({ label, value, minLength = 0, id }: RecordComboboxProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className="relative w-full">
      {label && (
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
          {label}
        </label>
      )}
      <input
        id={inputId}
        className={`${INPUT_CLASSES} ${label ? 'mt-1' : ''}`}
        value={value?.label ?? ''}
        placeholder={minLength > 0 ? `Type ${minLength} or more characters` : 'Search'}
        aria-busy="true"
        disabled
        readOnly
      />
    </div>
  );
}

/**
 * RecordCombobox on demand (issue 20): Headless UI's Combobox and the virtualizer it imports
 * (@tanstack/virtual-core) are a chunk of their own, fetched the first time a list's filter draws
 * one (search_selector, care_team), so that a list page without such a filter never loads them.
 * Not React.lazy: ui/onDemand.ts says why. A failed fetch goes to the nearest error boundary.
 */
export const LazyRecordCombobox = onDemandComponent(() => import('./RecordCombobox').then((module) => module.RecordCombobox), {
  loading: (props: RecordComboboxProps) => <RecordComboboxLoading {...props} />,
});
