import { useId } from 'react';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import type { ChoiceListboxProps, ChoiceSwitchProps } from './ChoiceControls';
import { listboxButtonClasses, SWITCH_CLASSES, SWITCH_KNOB_CLASSES } from './inputClasses';

/**
 * Until the listbox's code arrives: its label and a button of the same size showing the same text,
 * disabled and marked busy, so that the filter bar does not move when the listbox replaces it.
 */
function ChoiceListboxLoading({ label, className, text, buttonClassName }: ChoiceListboxProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <button id={id} type="button" className={listboxButtonClasses(buttonClassName)} aria-busy="true" disabled>
        {text}
      </button>
    </div>
  );
}

/** Until the switch's code arrives: the switch as it stands, disabled and marked busy, with its label. */
function ChoiceSwitchLoading({ checked, label, labelClassName }: ChoiceSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 self-end pb-1.5">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        data-checked={checked ? '' : undefined}
        className={SWITCH_CLASSES}
        aria-busy="true"
        disabled
      >
        <span className={SWITCH_KNOB_CLASSES} />
      </button>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
    </div>
  );
}

/**
 * The lists' selects and switches on demand (issue 20): Headless UI's Listbox and Switch are a chunk
 * of their own (skin/ChoiceControls.tsx), fetched the first time a list draws a select or multiselect
 * filter, a month filter, a switch filter, a search field selector, a view selector or a toggle (the
 * filters' entries preload it with the page's definition: preloadScreenParts). Not React.lazy:
 * ui/onDemand.ts says why. A failed fetch goes to the nearest error boundary.
 */
export const LazyChoiceListbox = onDemandComponent(() => import('./ChoiceControls').then((module) => module.ChoiceListbox), {
  loading: (props: ChoiceListboxProps) => <ChoiceListboxLoading {...props} />,
});

export const LazyChoiceSwitch = onDemandComponent(() => import('./ChoiceControls').then((module) => module.ChoiceSwitch), {
  loading: (props: ChoiceSwitchProps) => <ChoiceSwitchLoading {...props} />,
});

/** Starts the fetch before a select or a switch is drawn (a filter's `preload`; one chunk holds both controls). */
export const preloadChoiceControls = () => Promise.all([LazyChoiceListbox.preload(), LazyChoiceSwitch.preload()]);
