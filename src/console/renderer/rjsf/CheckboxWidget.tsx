import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A checkbox with its label beside it (a confirmation box that must be ticked). */
export function CheckboxWidget({ id, value, disabled, readonly, label, required, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        checked={value === true}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}
