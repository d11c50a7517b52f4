import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * One of a few values side by side (`"ui:widget": "radio"`: the claims export's CSV or PDF): a radio
 * group named by the field's label, in the enum's order, in the look of the checkboxes.
 */
export function RadioWidget({ id, value, disabled, readonly, options, label, onChange, onBlur, onFocus }: WidgetProps) {
  const choices = options.enumOptions ?? [];
  return (
    <div id={id} role="radiogroup" aria-label={label} aria-describedby={ariaDescribedByIds(id)} className="flex flex-wrap gap-x-6 gap-y-1.5">
      {choices.map((choice, i) => (
        <label key={String(choice.value)} htmlFor={`${id}-${i}`} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={`${id}-${i}`}
            type="radio"
            name={id}
            className="size-4 border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
            checked={choice.value === value}
            disabled={disabled || readonly}
            onChange={() => onChange(choice.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
